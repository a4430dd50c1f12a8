/**
 * The page's calls (all below /base/admin), as hooks over Refine's data hooks so that failures
 * reach the notification provider once and saves carry SPEC §8's success messages.
 *
 * | what                        | call                                                      |
 * | --------------------------- | --------------------------------------------------------- |
 * | sub-systems                 | GET  /app/list?pageNo=1&pageSize=1000                     |
 * | directory tree of an app    | GET  /permission/filterTree?appId                         |
 * | a directory                 | GET  /permission/detail?id                                |
 * | may the app get a home? (A) | GET  /permission/validMenuType?appId&menuType=5           |
 * | elements of a node          | POST /menu/list {parentId, menuType}                      |
 * | save directory / element    | POST /permission/saveOrUpdate, POST /menu/saveOrUpdate    |
 * | delete directory / element  | GET  /permission/delete?ids, GET /menu/delete?ids         |
 */
import { useCreate, useCustom, useDelete, useList, useOne, useTranslate, useUpdate, type BaseRecord, type HttpError } from '@refinedev/core';
import { useCallback, useMemo } from 'react';
import type { ListData } from '../../contract/envelope';
import { menuReadingOf, readingRules, type MenuReading, type PermissionNode } from '../../contract/menu';
import { MAX_PAGE_SIZE } from '../../contract/paging';
import { callUrl, PERMISSION_CALLS } from '../../contract/paths';
import { isFreeAnswer } from '../generic/keyCheck';
import { useLiveRefetch } from '../generic/useLiveRefetch';
import { elementListBody, type ElementKind, type ElementRow } from './elements';
import { staleRecordOf } from '../generic/useVersionedSave';
import type { FormValues } from './payload';
import { directoryTree } from './tree';

/** Refine resource names = endpoint bases: directories under /permission, elements under /menu. */
export const DIRECTORY_RESOURCE = 'permission';
export const ELEMENT_RESOURCE = 'menu';
/** Directories and elements are one table: either name's change refreshes both panels. */
const TREE_SOURCES = [DIRECTORY_RESOURCE, ELEMENT_RESOURCE] as const;

export interface AppOption {
  id: number;
  code?: string;
  name: string;
  /** Which reading of menu types its tree is in (absent: A). */
  menuReading?: string | null;
}

/** The reading of the app's tree, from the app list (A while it is not known). */
export function readingOfApp(apps: readonly AppOption[], appId: number | undefined): MenuReading {
  return menuReadingOf(apps.find((app) => Number(app.id) === appId)?.menuReading);
}

const NO_APPS: AppOption[] = [];
const NO_NODES: PermissionNode[] = [];
const NO_ROWS: ElementRow[] = [];

/** Every sub-system, for the selectors (one page of up to 1000). */
export function useApps() {
  const { result, query } = useList<AppOption & BaseRecord, HttpError>({
    resource: 'app',
    pagination: { mode: 'off' },
    sorters: [],
  });
  return { apps: (result.data as AppOption[] | undefined) ?? NO_APPS, isLoading: query.isLoading, isError: query.isError };
}

/** The directory tree of an app in its reading (nothing while no app is chosen). */
export function useDirectoryTree(appId: number | undefined, reading: MenuReading) {
  const { query } = useCustom<BaseRecord, HttpError>({
    url: callUrl(PERMISSION_CALLS.filterTree),
    method: 'get',
    config: { query: { appId } },
    queryOptions: { enabled: appId !== undefined },
  });
  useLiveRefetch(TREE_SOURCES, query.refetch, appId !== undefined);
  const raw = query.data?.data as unknown;
  const tree = useMemo(() => (raw === undefined ? NO_NODES : directoryTree(raw as unknown[], reading)), [raw, reading]);
  return { tree, isFetching: query.isFetching, isError: query.isError, error: query.error, refetch: query.refetch };
}

/** One directory, fresh from the server, for its edit dialog: read once, never reset by a live event. */
export function useDirectory(id: number | undefined) {
  const { result, query } = useOne<PermissionNode & BaseRecord, HttpError>({
    resource: DIRECTORY_RESOURCE,
    id,
    liveMode: 'off',
    queryOptions: { enabled: id !== undefined },
  });
  return { record: result as PermissionNode | undefined, isLoading: id !== undefined && query.isLoading };
}

/** Whether the app already has its one home page (validMenuType answers false); unknown, or a reading without a home = no. */
export function useIsHomeTaken(appId: number | undefined, reading: MenuReading, enabled: boolean): boolean {
  const { homeType } = readingRules[reading];
  const { query } = useCustom<BaseRecord, HttpError>({
    url: callUrl(PERMISSION_CALLS.validMenuType),
    method: 'get',
    config: { query: { appId, menuType: homeType } },
    queryOptions: { enabled: enabled && appId !== undefined && homeType !== undefined },
  });
  const answer = query.data?.data as unknown;
  return homeType !== undefined && query.isSuccess && !isFreeAnswer(answer);
}

/** The page elements of a directory, or the API elements of a page element. */
export function useElements(kind: ElementKind, parentId: number | undefined) {
  const { query } = useCustom<BaseRecord, HttpError>({
    url: callUrl(PERMISSION_CALLS.elementList),
    method: 'post',
    config: { payload: parentId === undefined ? undefined : elementListBody(kind, parentId, MAX_PAGE_SIZE) },
    queryOptions: { enabled: parentId !== undefined },
  });
  useLiveRefetch(TREE_SOURCES, query.refetch, parentId !== undefined);
  const data = query.data?.data as Partial<ListData<ElementRow>> | undefined;
  const rows = useMemo(() => (Array.isArray(data?.items) ? data.items : NO_ROWS), [data]);
  return { rows, isFetching: query.isFetching, isError: query.isError, error: query.error, refetch: query.refetch };
}

/** Saves a directory (`permission`) or an element (`menu`): create without id, update with it; says '提交成功'. */
export function useSaveNode(resource: typeof DIRECTORY_RESOURCE | typeof ELEMENT_RESOURCE) {
  const t = useTranslate();
  const { mutateAsync: create, mutation: creation } = useCreate<BaseRecord, HttpError, FormValues>();
  const { mutateAsync: update, mutation: updating } = useUpdate<BaseRecord, HttpError, FormValues>();
  const save = useCallback(
    (values: FormValues) => {
      const notifications = {
        successNotification: () => ({ message: t('messages.submitted'), type: 'success' as const }),
        // A stale save says so in the dialog itself (useRecordConflict).
        errorNotification: (error?: HttpError) => (staleRecordOf(error) ? false : { message: error?.message || t('notifications.error'), type: 'error' as const }),
      };
      const { id, ...rest } = values;
      return id === undefined || id === null
        ? create({ resource, values: rest, ...notifications })
        : update({ resource, id: id as number, values: rest, ...notifications });
    },
    [create, update, resource, t],
  );
  return { save, isSaving: creation.isPending || updating.isPending };
}

/** Deletes a directory with its subtree (`permission`) or an element (`menu`); says '删除成功'. */
export function useDeleteNode(resource: typeof DIRECTORY_RESOURCE | typeof ELEMENT_RESOURCE) {
  const t = useTranslate();
  const { mutateAsync } = useDelete<BaseRecord, HttpError>();
  return useCallback(
    (id: number) =>
      mutateAsync({
        resource,
        id,
        successNotification: () => ({ message: t('messages.deleted'), type: 'success' }),
        errorNotification: (error) => ({ message: error?.message || t('notifications.error'), type: 'error' }),
      }),
    [mutateAsync, resource, t],
  );
}
