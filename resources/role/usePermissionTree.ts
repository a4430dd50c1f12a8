import { useCustom, type HttpError } from '@refinedev/core';
import { useMemo } from 'react';
import { normaliseTree, type MenuReading, type PermissionNode } from '../../contract/menu';
import { callUrl, PERMISSION_CALLS } from '../../contract/paths';
import { readingOfApp, useApps } from '../permission/usePermissionData';

export const PERMISSION_TREE_URL = callUrl(PERMISSION_CALLS.tree);

export interface RoleRef {
  id: number | string;
  appId?: unknown;
}

export interface PermissionTreeState {
  tree: PermissionNode[];
  /** The reading of the app's menu types (from the app list; A until it is known): what the type tags say. */
  reading: MenuReading;
  isLoading: boolean;
  error: HttpError | null;
}

/**
 * The whole tree of the role's app with `checked` per node the role holds. Asked afresh each time
 * a dialog opens (nothing kept once no dialog shows it), so it always shows the current grants.
 */
export function usePermissionTree(role: RoleRef): PermissionTreeState {
  const { query, result } = useCustom<Record<string, unknown>, HttpError>({
    url: PERMISSION_TREE_URL,
    method: 'get',
    config: { query: { appId: role.appId, roleId: role.id } },
    queryOptions: { gcTime: 0, staleTime: 0, retry: false },
    errorNotification: false,
  });
  const raw: unknown = result.data;
  const tree = useMemo(() => (Array.isArray(raw) ? normaliseTree(raw) : []), [raw]);
  const { apps } = useApps();
  return { tree, reading: readingOfApp(apps, Number(role.appId)), isLoading: query.isLoading, error: query.error ?? null };
}
