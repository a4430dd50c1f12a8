/**
 * What the effective-permissions calls answer (GET /base/admin/effective/users and /effective/tree).
 * Plain types shared by the server (server/effective) and the page.
 */
import type { PermissionRecord } from './menu';

/** A staff member as the picker lists them. */
export interface EffectiveUser {
  id: number;
  code: string;
  name: string;
  /** '1' enabled, '0' disabled. */
  isEnable: string;
}

/** One of the user's enabled roles that grants a node. */
export interface GrantingRole {
  id: number;
  roleKey: string;
  name: string;
}

/**
 * A node of the app the user reaches, with the roles granting it. `granted` is false only for an
 * ancestor the user is not granted, kept so that a granted node below it still has its place
 * (its `roles` are then empty).
 */
export interface EffectiveNode extends PermissionRecord {
  granted: boolean;
  roles: GrantingRole[];
  children: EffectiveNode[];
}

/** Most staff the picker lists per search. */
export const EFFECTIVE_USER_LIMIT = 20;

/** A role the user holds, as the effective view lists it (GET /effective/roles?userId). */
export interface HeldRole {
  id: number;
  roleKey: string;
  name: string;
  appId: number;
  /** '1' enabled, '0' disabled (a disabled role grants nothing). */
  isEnable: string;
  /** The role's data scope (contract/dataScope.ts) and, for a chosen scope, its nodes' names. */
  dataScope: number;
  scopeOffices: Array<{ id: number; name: string }>;
  /** When the link ends (epoch ms), or null; an ended link is not listed. */
  expiresAt: number | null;
}

/** A node one of two users reaches and the other does not, with the roles granting it. */
export interface ComparedNode {
  id: number;
  /** The node's name and its ancestors' names, root first. */
  path: string[];
  menuType: number;
  roles: GrantingRole[];
}

/** GET /effective/compare?userId&otherUserId&appId: what each reaches that the other does not. */
export interface EffectiveComparison {
  onlyUser: ComparedNode[];
  onlyOther: ComparedNode[];
  /** How many nodes of the app both reach. */
  shared: number;
}
