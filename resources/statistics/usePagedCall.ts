/** One page of a statistics list, its paging state, and antd Table pagination of SPEC §9 (30 … 300). */
import { useCustom, useTranslate, type BaseRecord, type HttpError } from '@refinedev/core';
import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';
import type { ListData } from '../../contract/envelope';
import { STATISTICS_PAGE_SIZES } from '../../contract/statistics';

export function usePagedCall<T>(url: string, query: Record<string, unknown>) {
  const t = useTranslate();
  const [paging, setPaging] = useState({ page: 1, size: STATISTICS_PAGE_SIZES[0]! });
  const params = { ...query, page: paging.page, size: paging.size };
  const { result, query: state } = useCustom<ListData<T> & BaseRecord, HttpError>({
    url,
    method: 'get',
    config: { query: params },
    queryOptions: { queryKey: ['statistics', url, params] },
  });
  const pagination: TablePaginationConfig = {
    current: paging.page,
    pageSize: paging.size,
    total: result.data?.total ?? 0,
    showSizeChanger: true,
    showQuickJumper: true,
    pageSizeOptions: STATISTICS_PAGE_SIZES.map(String),
    showTotal: (total) => t('statistics.total', { total }),
    onChange: (page, size) => setPaging((before) => ({ page: size === before.size ? page : 1, size })),
  };
  const restart = () => setPaging((before) => ({ ...before, page: 1 }));
  return { items: result.data?.items ?? [], loading: state.isLoading || state.isFetching, pagination, restart };
}
