/**
 * Media statistics (SPEC §2.17): traffic per owner over a period (this month so far by default),
 * sorted by traffic on the server. The picker offers no day after today; a period the server
 * refuses (longer than MAX_PERIOD_DAYS, by the contract's one rule) says so under the picker and
 * is not asked for, and whatever the server refuses shows its message there too.
 */
import { useCan, useTranslate } from '@refinedev/core';
import { Card, DatePicker, Form, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { dayKey, formatCount, periodProblem, type MediaStatsRow } from '../../contract/statistics';
import { useLocale } from '../../providers/locale';
import { callUrl, STATISTICS_CALLS } from '../../contract/paths';
import { usePagedCall } from './usePagedCall';
import { useDatePickerLocale } from '../generic/useDatePickerLocale';
import { ExportButton } from '../generic/ExportButton';
import { tableFit } from '../generic/tableFit';
import './statistics.css';

type Period = { startDate?: string; endDate?: string };

/** The field messages of a refused call (`startDate`, `endDate`), as one line. */
function refusal(error: unknown): string | undefined {
  const errors = (error as { errors?: Record<string, unknown> } | undefined)?.errors ?? {};
  const messages = ['startDate', 'endDate'].map((name) => errors[name]).filter((m): m is string => typeof m === 'string');
  return messages.length ? [...new Set(messages)].join(' ') : undefined;
}

/** The table's column keys, in order: what the export writes. */
const MEDIA_COLUMNS = ['userName', 'mediaAdminName', 'traffic'] as const;

export default function MediaStatsPage() {
  const t = useTranslate();
  const locale = useLocale();
  useDatePickerLocale();
  const [period, setPeriod] = useState<Period>({});
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const from = period.startDate ? dayKey(period.startDate) : undefined;
  const to = period.endDate ? dayKey(period.endDate) : undefined;
  const problem = from !== undefined && to !== undefined ? periodProblem(from, to) : undefined;
  const { items, loading, pagination, restart, error } = usePagedCall<MediaStatsRow>('mediaStats', callUrl(STATISTICS_CALLS.mediaStats), { ...period, order }, !problem);
  const message = problem?.[locale] ?? refusal(error);
  const canExport = useCan({ resource: 'mediaStats', action: 'export' }).data?.can === true;
  return (
    <Card
      className="statistics-table"
      // The period and order the table shows, every page; not while the period is refused.
      extra={canExport && !problem ? <ExportButton url={callUrl(STATISTICS_CALLS.mediaStatsExport)} params={() => ({ ...period, order })} columns={MEDIA_COLUMNS} /> : undefined}
    >
      <Form layout="inline" className="statistics-table__filters">
        <Form.Item label={t('statistics.media.period')} validateStatus={message ? 'error' : undefined} help={message} className="statistics-table__period">
          <DatePicker.RangePicker
            className="statistics-table__range"
            // Traffic is counted up to now: a later day has none.
            disabledDate={(current: Dayjs) => current.isAfter(dayjs(), 'day')}
            onChange={(range) => {
              setPeriod(range?.[0] && range[1] ? { startDate: range[0].format('YYYY-MM-DD'), endDate: range[1].format('YYYY-MM-DD') } : {});
              restart();
            }}
          />
        </Form.Item>
      </Form>
      <Table<MediaStatsRow>
        {...tableFit}
        rowKey="userId"
        size="middle"
        loading={loading}
        dataSource={items}
        pagination={pagination}
        scroll={{ x: 'max-content' }}
        onChange={(_pagination, _filters, sorter) => {
          const next = !Array.isArray(sorter) && sorter.order === 'ascend' ? 'asc' : 'desc';
          if (next !== order) {
            setOrder(next);
            restart();
          }
        }}
        columns={[
          { key: 'userName', dataIndex: 'userName', title: t('statistics.media.owner') },
          { key: 'mediaAdminName', dataIndex: 'mediaAdminName', title: t('statistics.media.staff'), render: (name: string | null) => name ?? '-' },
          {
            key: 'traffic',
            dataIndex: 'traffic',
            title: t('statistics.media.traffic'),
            align: 'right',
            sorter: true,
            sortDirections: ['descend', 'ascend'],
            sortOrder: order === 'asc' ? 'ascend' : 'descend',
            render: (value: number) => formatCount(value, locale),
          },
        ]}
      />
    </Card>
  );
}
