/**
 * The organisation screens' calls (all below /base/admin), as hooks over Refine's data hooks so
 * failures reach the notification provider and changes carry SPEC §8's success messages.
 *
 * | what                          | call                                                     |
 * | ----------------------------- | -------------------------------------------------------- |
 * | the tree                      | GET  /office/list                                        |
 * | one node                      | GET  /office/detail?id                                   |
 * | save a node                   | POST /office/saveOrUpdate {id?, name, remark, type, parentId} |
 * | delete a node and its children| GET  /office/delete?ids                                  |
 * | members of a node             | POST /user/list {officeId, pageNo, pageSize}             |
 * | add-member candidates         | POST /user/filterList {searchKey, pageNo, pageSize}      |
 * | add / remove members          | GET  /office/add/user?officeId&ids, /office/remove/user?ids |
 * | supervisor flag               | GET  /office/update/officeAdminFlag?ids&adminFlag        |
 */
import { useCreate, useCustom, useDataProvider, useDelete, useNotification, useOne, useTranslate, useUpdate, type BaseRecord, type HttpError } from '@refinedev/core';
import { useCallback, useMemo } from 'react';
import type { OfficeNode } from '../../contract/entities/office';
import type { StaffListRow, StaffPickerRow } from '../../contract/entities/staff';
import type { ListData } from '../../contract/envelope';
import { callUrl, OFFICE_CALLS, STAFF_CALLS } from '../../contract/paths';
import { officeTree } from './officeTree';
import { useLiveRefetch } from '../generic/useLiveRefetch';
import { staleRecordOf } from '../generic/useVersionedSave';
import type { OfficeBody } from './payload';

/** Refine resource = endpoint base /base/admin/office. */
export const OFFICE_RESOURCE = 'office';
/** The live resource of member lists: the server names it for writes of staff and of departments. */
const MEMBER_SOURCES = ['officeMember'] as const;
export const MEMBER_LIST_URL = callUrl(STAFF_CALLS.list);
export const CANDIDATE_LIST_URL = callUrl(STAFF_CALLS.filterList);

const NO_NODES: OfficeNode[] = [];
const NO_ROWS: StaffPickerRow[] = [];

/** The whole organisation tree. */
export function useOfficeTree() {
  const { query } = useCustom<BaseRecord, HttpError>({ url: callUrl(OFFICE_CALLS.list), method: 'get' });
  useLiveRefetch([OFFICE_RESOURCE], query.refetch);
  const raw = query.data?.data as unknown;
  const tree = useMemo(() => (raw === undefined ? NO_NODES : officeTree(raw)), [raw]);
  return { tree, isFetching: query.isFetching, isError: query.isError, error: query.error, refetch: query.refetch };
}

/** One node, fresh from the server, for its edit form: read once, never reset by a live event. */
export function useOfficeDetail(id: number | undefined) {
  const { result, query } = useOne<OfficeNode & BaseRecord, HttpError>({
    resource: OFFICE_RESOURCE,
    id,
    liveMode: 'off',
    queryOptions: { enabled: id !== undefined },
  });
  return { record: id === undefined ? undefined : (result as OfficeNode | undefined), isLoading: id !== undefined && query.isLoading };
}

/** One page of staff rows from `url` (list rows, or the picker's candidates); nothing is asked while `body` is undefined. */
export function useStaffPage<Row extends StaffPickerRow = StaffListRow>(url: string, body: Record<string, unknown> | undefined) {
  const { query } = useCustom<BaseRecord, HttpError>({
    url,
    method: 'post',
    config: { payload: body },
    queryOptions: { enabled: body !== undefined },
  });
  useLiveRefetch(MEMBER_SOURCES, query.refetch, body !== undefined);
  const data = query.data?.data as Partial<ListData<Row>> | undefined;
  const rows = useMemo(() => (Array.isArray(data?.items) ? data.items : (NO_ROWS as Row[])), [data]);
  return { rows, total: Number(data?.total ?? 0), isFetching: query.isFetching, isError: query.isError, error: query.error, refetch: query.refetch };
}

/**
 * A GET command of the organisation (add, remove, supervisor flag; a path of OFFICE_CALLS) that says `successKey` when it
 * succeeds and the server's message when it fails; the promise rejects on failure.
 */
export function useOfficeCommand() {
  const t = useTranslate();
  const dataProvider = useDataProvider();
  const { open } = useNotification();
  return useCallback(
    async (path: string, query: Record<string, string | number>, successKey: string) => {
      const provider = dataProvider();
      if (!provider.custom) throw new Error('The data provider has no custom call');
      try {
        await provider.custom({ url: callUrl(path), method: 'get', query });
      } catch (error) {
        open?.({ type: 'error', key: path, message: (error as Partial<HttpError>)?.message || t('notifications.error') });
        throw error;
      }
      open?.({ type: 'success', key: path, message: t(successKey) });
    },
    [dataProvider, open, t],
  );
}

/** Saves a node: create without id, update with it; says '提交成功'. */
export function useSaveOffice() {
  const t = useTranslate();
  const { mutateAsync: create, mutation: creation } = useCreate<BaseRecord, HttpError, Omit<OfficeBody, 'id'>>();
  const { mutateAsync: update, mutation: updating } = useUpdate<BaseRecord, HttpError, Omit<OfficeBody, 'id'>>();
  const save = useCallback(
    (body: OfficeBody) => {
      const notifications = {
        successNotification: () => ({ message: t('messages.submitted'), type: 'success' as const }),
        // A stale save says so in the form itself (useRecordConflict).
        errorNotification: (error?: HttpError) => (staleRecordOf(error) ? false : { message: error?.message || t('notifications.error'), type: 'error' as const }),
      };
      const { id, ...values } = body;
      return id === undefined
        ? create({ resource: OFFICE_RESOURCE, values, ...notifications })
        : update({ resource: OFFICE_RESOURCE, id, values, ...notifications });
    },
    [create, update, t],
  );
  return { save, isSaving: creation.isPending || updating.isPending };
}

/** Deletes a node with its children; says '删除成功'. */
export function useDeleteOffice() {
  const t = useTranslate();
  const { mutateAsync } = useDelete<BaseRecord, HttpError>();
  return useCallback(
    (id: number) =>
      mutateAsync({
        resource: OFFICE_RESOURCE,
        id,
        successNotification: () => ({ message: t('messages.deleted'), type: 'success' }),
        errorNotification: (error) => ({ message: error?.message || t('notifications.error'), type: 'error' }),
      }),
    [mutateAsync, t],
  );
}
