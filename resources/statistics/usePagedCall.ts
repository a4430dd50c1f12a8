/** One page of a statistics list, its paging state, and antd Table pagination of SPEC §9 (30 … 300). */
import { useCustom, useTranslate, type BaseRecord, type HttpError } from '@refinedev/core';
import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';
import type { ListData } from '../../contract/envelope';
import { STATISTICS_PAGE_SIZES } from '../../contract/statistics';
import { pagerTotal } from '../generic/pagerTotal';
import { useLiveRefetch } from '../generic/useLiveRefetch';

/** `resource`: the screen's name, which the server's live changes of its figures name. `enabled` false: nothing is asked (the query is known to be refused). */
export function usePagedCall<T>(resource: string, url: string, query: Record<string, unknown>, enabled = true) {
  const t = useTranslate();
  const [paging, setPaging] = useState({ page: 1, size: STATISTICS_PAGE_SIZES[0]! });
  const params = { ...query, page: paging.page, size: paging.size };
  const { result, query: state } = useCustom<ListData<T> & BaseRecord, HttpError>({
    url,
    method: 'get',
    config: { query: params },
    queryOptions: { queryKey: ['statistics', url, params], enabled, retry: false },
  });
  useLiveRefetch([resource], state.refetch, enabled);
  const isAnswered = enabled && !state.isError;
  const pagination: TablePaginationConfig = {
    current: paging.page,
    pageSize: paging.size,
    total: isAnswered ? (result.data?.total ?? 0) : 0,
    showSizeChanger: true,
    showQuickJumper: true,
    pageSizeOptions: STATISTICS_PAGE_SIZES.map(String),
    showTotal: pagerTotal(t),
    onChange: (page, size) => setPaging((before) => ({ page: size === before.size ? page : 1, size })),
  };
  const restart = () => setPaging((before) => ({ ...before, page: 1 }));
  // A refused query shows no rows (nor their count) rather than the last answer.
  const items = isAnswered ? (result.data?.items ?? []) : [];
  return { items, loading: enabled && (state.isLoading || state.isFetching), pagination, restart, error: enabled && state.isError ? state.error : undefined };
}
