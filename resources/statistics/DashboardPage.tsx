/**
 * Dashboard (SPEC §2.2): four traffic totals, the counts, the hourly chart of the chosen owners
 * with its selectors and Query button, and the team overview in two tabs. Every figure comes from
 * the server; the chart module loads lazily with this screen. Without chosen owners the chart draws
 * the day's ten busiest (the selector reaches the others). The sub-system selector (default all)
 * narrows the totals, the chart and its owners (`serviceId`) and is kept in the address
 * (`?serviceId=`), so a view can be shared. Holders of `dashboard:ingest` get the 导入统计数据
 * button; its dialog loads when first opened.
 */
import UploadOutlined from '@ant-design/icons/es/icons/UploadOutlined';
import { useCan, useCustom, useTranslate, type BaseRecord, type HttpError } from '@refinedev/core';
import { Button, Card, Col, DatePicker, Empty, Form, Row, Select, Skeleton, Spin, Tabs } from 'antd';
import type { Dayjs } from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ListData } from '../../contract/envelope';
import { formatCount, TEAM_LIST_LIMIT, TeamType, topLines, type ChartData, type TeamMember, type TotalNums, type TrafficOwner } from '../../contract/statistics';
import { useLocale } from '../../providers/locale';
import { callUrl, STATISTICS_CALLS } from '../../contract/paths';
import { ReferenceSelect } from '../generic/ReferenceSelect';
import { useDatePickerLocale } from '../generic/useDatePickerLocale';
import { useLiveRefetch } from '../generic/useLiveRefetch';
import './statistics.css';

const TrafficChart = lazy(() => import('./TrafficChart'));
const IngestDialog = lazy(() => import('./IngestDialog'));

type ChartAnswer = ChartData & BaseRecord;

interface ChartQuery {
  datetime?: string;
  adminId?: number;
  siteUserIds?: string;
}

/** The screen's live resource: the server names it for writes of the figures it sums. */
const DASHBOARD_SOURCES = ['dashboard'] as const;

/**
 * One call's answer: `data` stays undefined until the server has answered (Refine's own `result.data`
 * is an empty object while loading, which a chart would draw as lines that are not there).
 */
function useCall<T extends BaseRecord>(url: string, query: Record<string, unknown>) {
  const { query: state } = useCustom<T, HttpError>({ url, method: 'get', config: { query }, queryOptions: { queryKey: ['statistics', url, query] } });
  useLiveRefetch(DASHBOARD_SOURCES, state.refetch);
  return { data: state.data?.data, query: state };
}

const SUB_SYSTEMS = { resource: 'app', labelField: 'name' } as const;

/** The chosen sub-system from the address (`?serviceId=`; anything but a positive id means all). */
function useService(): [number | undefined, (id: number | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('serviceId'));
  const serviceId = Number.isSafeInteger(raw) && raw > 0 ? raw : undefined;
  const choose = (id: number | undefined) =>
    setParams(
      (next) => {
        if (id === undefined) next.delete('serviceId');
        else next.set('serviceId', String(id));
        return next;
      },
      { replace: true },
    );
  return [serviceId, choose];
}

/** Sent only when chosen: no parameter means every sub-system. */
const serviceQuery = (serviceId: number | undefined) => (serviceId === undefined ? {} : { serviceId });

function Totals({ serviceId }: { serviceId: number | undefined }) {
  const t = useTranslate();
  const locale = useLocale();
  const { data, query } = useCall<TotalNums & BaseRecord>(callUrl(STATISTICS_CALLS.totalNums), serviceQuery(serviceId));
  const cells: Array<[string, keyof TotalNums]> = [
    ['statistics.totals.today', 'todayTraffics'],
    ['statistics.totals.yesterday', 'yesterdayTraffics'],
    ['statistics.totals.thisMonth', 'thisMonthTraffics'],
    ['statistics.totals.lastMonth', 'lastMonthTraffics'],
    ['statistics.counts.advertisers', 'adverUserNums'],
    ['statistics.counts.owners', 'trafficUserNums'],
    ['statistics.counts.ads', 'adNums'],
    ['statistics.counts.domains', 'domainNums'],
  ];
  return (
    <Row gutter={[16, 16]} className="dashboard__totals">
      {cells.map(([label, field]) => (
        <Col key={field} xs={12} md={6}>
          <Card size="small" data-field={field} loading={query.isLoading}>
            <div className="dashboard__label">{t(label)}</div>
            <div className="dashboard__figure">{data ? formatCount(data[field], locale) : '-'}</div>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** A team's members: names only (SPEC §3 Team overview item), so a plain list rather than a table. */
function TeamList({ teamType }: { teamType: number }) {
  const { data, query } = useCall<ListData<TeamMember> & BaseRecord>(callUrl(STATISTICS_CALLS.teamOverview), { page: 1, limit: TEAM_LIST_LIMIT, teamType });
  const items = data?.items ?? [];
  if (query.isLoading) return <Spin />;
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <ul className="dashboard__team">
      {items.map((member) => (
        <li key={member.adminId}>{member.adminName}</li>
      ))}
    </ul>
  );
}

function TrafficPanel({ serviceId }: { serviceId: number | undefined }) {
  const t = useTranslate();
  useDatePickerLocale();
  const [form] = Form.useForm<{ adminId?: number; owners?: number[]; date?: Dayjs }>();
  const adminId = Form.useWatch('adminId', form);
  const [chartQuery, setChartQuery] = useState<ChartQuery>({});
  const media = useCall<ListData<TeamMember> & BaseRecord>(callUrl(STATISTICS_CALLS.teamOverview), { page: 1, limit: TEAM_LIST_LIMIT, teamType: TeamType.media });
  const owners = useCall<{ items: TrafficOwner[] } & BaseRecord>(callUrl(STATISTICS_CALLS.siteUsers), { ...serviceQuery(serviceId), ...(adminId ? { adminId } : {}) });
  const chart = useCall<ChartAnswer>(callUrl(STATISTICS_CALLS.lineChart), { ...chartQuery, ...serviceQuery(serviceId) });
  const drawn = chart.data ? topLines(chart.data, chartQuery.siteUserIds !== undefined) : undefined;

  const submit = () => {
    const values = form.getFieldsValue();
    const next: ChartQuery = {
      datetime: values.date?.format('YYYY-MM-DD'),
      adminId: values.adminId,
      siteUserIds: values.owners?.length ? values.owners.join(',') : undefined,
    };
    // The same selection again: fetch again rather than keep what is shown.
    if (JSON.stringify(next) === JSON.stringify(chartQuery)) void chart.query.refetch();
    else setChartQuery(next);
  };

  return (
    <Card title={t('statistics.chart.title')} className="dashboard__chart">
      <Form form={form} layout="inline" className="dashboard__filters" onFinish={submit}>
        <Form.Item name="adminId" label={t('statistics.chart.mediaStaff')}>
          <Select
            allowClear
            style={{ width: 160 }}
            loading={media.query.isLoading}
            options={(media.data?.items ?? []).map((m) => ({ value: m.adminId, label: m.adminName }))}
            onChange={() => form.setFieldValue('owners', [])}
          />
        </Form.Item>
        <Form.Item name="owners" label={t('statistics.chart.owners')}>
          <Select
            mode="multiple"
            allowClear
            maxTagCount="responsive"
            className="dashboard__owners"
            optionFilterProp="label"
            loading={owners.query.isLoading}
            options={(owners.data?.items ?? []).map((o) => ({ value: o.userId, label: o.userName }))}
          />
        </Form.Item>
        <Form.Item name="date" label={t('statistics.chart.date')}>
          <DatePicker placeholder={t('statistics.chart.today')} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            {t('statistics.chart.query')}
          </Button>
        </Form.Item>
      </Form>
      {drawn && drawn.hidden > 0 ? (
        <p className="dashboard__chart-note" data-testid="chart-top">
          {t('statistics.chart.top', { shown: drawn.data.items.length, total: drawn.data.items.length + drawn.hidden })}
        </p>
      ) : null}
      <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} title={false} />}>
        {drawn ? <TrafficChart data={drawn.data} legendLabel={t('statistics.chart.legend')} /> : <Skeleton active paragraph={{ rows: 6 }} title={false} />}
      </Suspense>
    </Card>
  );
}

/** The 导入统计数据 button, to holders of its page element; the dialog is fetched on the first click. */
function IngestButton() {
  const t = useTranslate();
  const canIngest = useCan({ resource: 'dashboard', action: 'ingest' }).data?.can === true;
  const [dialog, setDialog] = useState<{ open: boolean }>();
  if (!canIngest) return null;
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setDialog({ open: true })}>
        {t('statistics.ingest.button')}
      </Button>
      {dialog ? (
        <Suspense fallback={null}>
          <IngestDialog open={dialog.open} onClose={() => setDialog({ open: false })} />
        </Suspense>
      ) : null}
    </>
  );
}

export default function DashboardPage() {
  const t = useTranslate();
  const [serviceId, setServiceId] = useService();
  return (
    <div className="dashboard">
      <div className="dashboard__toolbar">
        <label className="dashboard__service">
          <span>{t('statistics.service')}</span>
          <ReferenceSelect
            reference={SUB_SYSTEMS}
            allowClear
            className="dashboard__service-select"
            placeholder={t('statistics.service.all')}
            value={serviceId}
            onChange={(id) => setServiceId(id === undefined ? undefined : Number(id))}
          />
        </label>
        <IngestButton />
      </div>
      <Totals serviceId={serviceId} />
      <TrafficPanel key={serviceId ?? 'all'} serviceId={serviceId} />
      <Card className="dashboard__teams">
        <Tabs
          items={[
            { key: 'business', label: t('statistics.team.business'), children: <TeamList teamType={TeamType.business} /> },
            { key: 'media', label: t('statistics.team.media'), children: <TeamList teamType={TeamType.media} /> },
          ]}
        />
      </Card>
    </div>
  );
}
