/**
 * The grant preview (POST /base/admin/grantPreview): before a role's grants, a role's enabled
 * switch or a staff member's roles are saved, who gains and who loses which nodes. The server
 * computes it by the guard's own rule (the change applied in a transaction that is rolled back),
 * and answers the grants version it read: the save carries it as `grantsVersion` and is refused
 * with 1011 (CONFLICT) when any grant changed in between.
 */
import { text } from './i18n';
import type { MenuType } from './menu';

/** The change to preview, as its save would send it. */
export type GrantChange =
  | { kind: 'roleGrants'; roleId: number; appId: number; permissionIds: number[] }
  | { kind: 'roleEnable'; roleId: number; isEnable: '0' | '1' }
  /** Several roles switched at once, as the role list's bulk switch saves them (each checked as its own save). */
  | { kind: 'rolesEnable'; roleIds: number[]; isEnable: '0' | '1' }
  /** `roleEnds`: role id → end (epoch ms) as the staff save takes it (contract/roleEnds.ts). */
  | { kind: 'userRoles'; userId: number; roleIds: number[]; roleEnds?: Record<string, number | null> };

export type GrantChangeKind = GrantChange['kind'];

/** A staff member named in a preview (only those in the caller's data scope are named). */
export interface PreviewUser {
  id: number;
  code: string;
  name: string;
}

/** One node some users gain or lose. */
export interface PreviewNode {
  id: number;
  appId: number;
  /** The node's name and its ancestors' names, root first. */
  path: string[];
  menuType: MenuType;
  /** How many users gain (or lose) it. */
  users: number;
  /** The first PREVIEW_NAMES of them the caller may see, by code. */
  names: PreviewUser[];
}

export interface GrantPreview {
  /** The grants version the preview was computed at: send it with the save. */
  grantsVersion: number;
  /** Users whose reach changes at all. */
  affectedUsers: number;
  /** Users who gain at least one node, and who lose at least one (one user may do both). */
  gainingUsers: number;
  losingUsers: number;
  gained: PreviewNode[];
  lost: PreviewNode[];
}

/** Most users named per node. */
export const PREVIEW_NAMES = 50;

/** The save parameter carrying the previewed grants version. */
export const PREVIEW_VERSION_PARAM = 'grantsVersion';

export const grantPreviewMessages = {
  changedSincePreview: text('预览后权限已发生变化，请重新预览后再保存', 'Permissions changed after the preview; preview again before saving'),
};
