/** Business staff summary (SPEC §2.16): revenue this month, last month and all time, in yuan. */
import { useCan, useTranslate } from '@refinedev/core';
import { Card, Table } from 'antd';
import { formatCurrency, type StaffSummaryRow } from '../../contract/statistics';
import { useLocale } from '../../providers/locale';
import { callUrl, STATISTICS_CALLS } from '../../contract/paths';
import { usePagedCall } from './usePagedCall';
import { ExportButton } from '../generic/ExportButton';
import { tableFit } from '../generic/tableFit';

/** The table's column keys, in order: what the export writes. */
const SUMMARY_COLUMNS = ['adminName', 'currentMonthTotal', 'lastMonthTotal', 'historyTotal'] as const;

export default function StaffSummaryPage() {
  const t = useTranslate();
  const locale = useLocale();
  const { items, loading, pagination } = usePagedCall<StaffSummaryRow>('staffSummary', callUrl(STATISTICS_CALLS.staffSummary), {});
  const money = (value: number) => formatCurrency(value, locale);
  const canExport = useCan({ resource: 'staffSummary', action: 'export' }).data?.can === true;
  return (
    <Card extra={canExport ? <ExportButton url={callUrl(STATISTICS_CALLS.staffSummaryExport)} params={() => ({})} columns={SUMMARY_COLUMNS} /> : undefined}>
      <Table<StaffSummaryRow>
        {...tableFit}
        rowKey="adminId"
        size="middle"
        loading={loading}
        dataSource={items}
        pagination={pagination}
        columns={[
          { key: 'adminName', dataIndex: 'adminName', title: t('statistics.summary.name') },
          { key: 'currentMonthTotal', dataIndex: 'currentMonthTotal', title: t('statistics.summary.thisMonth'), align: 'right', render: money },
          { key: 'lastMonthTotal', dataIndex: 'lastMonthTotal', title: t('statistics.summary.lastMonth'), align: 'right', render: money },
          { key: 'historyTotal', dataIndex: 'historyTotal', title: t('statistics.summary.history'), align: 'right', render: money },
        ]}
      />
    </Card>
  );
}
