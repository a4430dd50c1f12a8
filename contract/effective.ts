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
