/**
 * The person list's calls (all below /base/admin), over Refine's data provider so that failures
 * reach the notification provider with the server's message.
 *
 * | what                       | call                                                   |
 * | -------------------------- | ------------------------------------------------------ |
 * | a page of staff            | POST /user/list {pageNo, pageSize, code, name, …}      |
 * | one member, for editing    | GET  /user/detail?id                                   |
 * | is a phone number free?    | GET  /user/valid/telephone?telephone&userId            |
 * | save                       | POST /user/saveOrUpdate {userCenter, roleIds}          |
 * | enable / disable           | GET  /user/enable?ids&isEnable                         |
 * | reset password             | GET  /user/resetPwd?ids&pwd (SHA-256 hex)              |
 * | delete                     | GET  /user/delete?ids                                  |
 * | departments, roles         | GET  /office/list, GET /role/list?pageNo=1&pageSize=1000 |
 */
import { useCustom, useDataProvider, useNotification, useTranslate, type BaseRecord, type HttpError } from '@refinedev/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ListData } from '../../contract/envelope';
import type { OfficeNode } from '../../contract/entities/office';
import type { StaffDetail, StaffListRow } from '../../contract/entities/staff';
import { MAX_PAGE_SIZE } from '../../contract/paging';
import { callUrl, declaredCall, OFFICE_CALLS, STAFF_CALLS } from '../../contract/paths';
import { debounceKeyCheck, isFreeAnswer, type KeyCheck } from '../generic/keyCheck';
import { useLiveRefetch } from '../generic/useLiveRefetch';
import { staffListBody, type StaffFilters } from './staffList';

/** Access control asks about this resource: page elements `user:create|edit|enable|resetPwd|delete`. */
export const USER_RESOURCE = 'user';
/** The resources whose changes the person list shows (its rows name departments and roles). */
const OFFICE = 'office';
const ROLE = 'role';
export const STAFF_LIST_SOURCES = [USER_RESOURCE, OFFICE, ROLE] as const;

export interface RoleOption {
  id: number;
  name: string;
}

const NO_ROWS: StaffListRow[] = [];
const NO_OFFICES: OfficeNode[] = [];
const NO_ROLES: RoleOption[] = [];

/** One page of staff; the previous page stays shown while the next loads. */
export function useStaffList(filters: StaffFilters, page: number, size: number) {
  const { query } = useCustom<BaseRecord, HttpError>({
    url: callUrl(STAFF_CALLS.list),
    method: 'post',
    config: { payload: staffListBody(filters, page, size) },
    queryOptions: { placeholderData: (previous) => previous },
  });
  useLiveRefetch(STAFF_LIST_SOURCES, query.refetch);
  const data = query.data?.data as Partial<ListData<StaffListRow>> | undefined;
  return {
    rows: Array.isArray(data?.items) ? data.items : NO_ROWS,
    total: data?.total ?? 0,
    isFetching: query.isFetching,
    error: query.error,
    refetch: query.refetch,
  };
}

/** The department tree. */
export function useOffices() {
  const { query } = useCustom<BaseRecord, HttpError>({ url: callUrl(OFFICE_CALLS.list), method: 'get' });
  useLiveRefetch([OFFICE], query.refetch);
  const data = query.data?.data as unknown;
  return { offices: Array.isArray(data) ? (data as OfficeNode[]) : NO_OFFICES, isLoading: query.isLoading };
}

/** Every role, for the pickers (one page of up to 1000). */
export function useRoles() {
  const { query } = useCustom<BaseRecord, HttpError>({
    url: callUrl(declaredCall('role', 'list')),
    method: 'get',
    config: { query: { pageNo: 1, pageSize: MAX_PAGE_SIZE } },
  });
  useLiveRefetch([ROLE], query.refetch);
  const data = query.data?.data as Partial<ListData<RoleOption>> | undefined;
  return { roles: Array.isArray(data?.items) ? data.items : NO_ROLES, isLoading: query.isLoading };
}

/** One member as /user/detail answers it, asked afresh each time the dialog opens. */
export function useStaffDetail(id: number | undefined) {
  // Read once per dialog: a new read would set the form over what was typed (someone else's save
  // meanwhile is caught by the version).
  const [readId, setReadId] = useState<number>();
  const { query } = useCustom<BaseRecord, HttpError>({
    url: callUrl(STAFF_CALLS.detail),
    method: 'get',
    config: { query: { id } },
    queryOptions: { enabled: id !== undefined && readId !== id, gcTime: 0, staleTime: 0, retry: false },
  });
  const isFresh = query.isSuccess && !query.isFetching;
  useEffect(() => {
    setReadId((read) => (id === undefined ? undefined : isFresh ? id : read));
  }, [isFresh, id]);
  return { detail: query.data?.data as StaffDetail | undefined, isLoading: id !== undefined && query.isLoading };
}

/** The GET calls that change something, and the toasts around them. */
export function useStaffCalls() {
  const dataProvider = useDataProvider();
  const { open } = useNotification();
  const t = useTranslate();

  const get = useCallback(
    async (path: string, query: Record<string, unknown>, { notifyFailure = true } = {}) => {
      const provider = dataProvider();
      if (!provider.custom) throw new Error('The data provider has no custom call');
      try {
        return (await provider.custom({ url: callUrl(path), method: 'get', query })).data as unknown;
      } catch (error) {
        if (notifyFailure) open?.({ type: 'error', message: (error as HttpError).message || t('notifications.error') });
        throw error;
      }
    },
    [dataProvider, open, t],
  );

  return useMemo(
    () => ({
      get,
      enable: (id: number, isEnable: '1' | '0') => get(STAFF_CALLS.enable, { ids: id, isEnable }),
      resetPassword: (id: number, hash: string) => get(STAFF_CALLS.resetPwd, { ids: id, pwd: hash }),
      remove: (id: number) => get(STAFF_CALLS.delete, { ids: id }),
      /** A success toast by message key. */
      say: (key: string) => open?.({ type: 'success', message: t(key) }),
    }),
    [get, open, t],
  );
}

/** Whether a phone number is free (for `userId` when editing), debounced while typing. */
export function useTelephoneCheck(userId: number | undefined): KeyCheck {
  const { get } = useStaffCalls();
  return useMemo(
    () => debounceKeyCheck(async (telephone) => isFreeAnswer(await get(STAFF_CALLS.validTelephone, { telephone, userId }, { notifyFailure: false }))),
    [get, userId],
  );
}
