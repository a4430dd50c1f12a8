/**
 * Media statistics (SPEC §2.17): traffic per owner over a period (this month so far by default),
 * sorted by traffic on the server. The picker refuses what the server refuses: a period longer
 * than MAX_PERIOD_DAYS.
 */
import { useTranslate } from '@refinedev/core';
import { Card, DatePicker, Form, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { formatCount, MAX_PERIOD_DAYS, type MediaStatsRow } from '../../contract/statistics';
import { useLocale } from '../../src/i18n';
import { STATISTICS_CALLS } from './endpoints';
import { usePagedCall } from './usePagedCall';
import { useDatePickerLocale } from '../generic/useDatePickerLocale';
import './statistics.css';

export default function MediaStatsPage() {
  const t = useTranslate();
  const locale = useLocale();
  useDatePickerLocale();
  const [period, setPeriod] = useState<{ startDate?: string; endDate?: string }>({});
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const { items, loading, pagination, restart } = usePagedCall<MediaStatsRow>(STATISTICS_CALLS.mediaStats, { ...period, order });
  return (
    <Card>
      <Form layout="inline" className="statistics-table__filters">
        <Form.Item label={t('statistics.media.period')}>
          <DatePicker.RangePicker
            disabledDate={(current: Dayjs, info) => {
              const from = info?.from;
              return Boolean(from && Math.abs(current.diff(from, 'day')) >= MAX_PERIOD_DAYS);
            }}
            onChange={(range) => {
              setPeriod(range?.[0] && range[1] ? { startDate: range[0].format('YYYY-MM-DD'), endDate: range[1].format('YYYY-MM-DD') } : {});
              restart();
            }}
          />
        </Form.Item>
      </Form>
      <Table<MediaStatsRow>
        rowKey="userId"
        size="middle"
        loading={loading}
        dataSource={items}
        pagination={pagination}
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
