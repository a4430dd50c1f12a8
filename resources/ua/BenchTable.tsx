/** The test bench: per string, what the draft rule parses it to beside what the current rule set gives. */
import { Table, Tag, Typography } from 'antd';
import type { Locale } from '../../contract/i18n';
import type { UaResult } from '../../contract/ua';
import { UA_TEXTS } from './texts';
import type { BenchRow } from './useBench';

const joined = (...parts: Array<string | null>) => parts.filter(Boolean).join(' ');

/** One line per part, as an operator reads it: device family (brand, model), os version, browser version. */
export function describe(result: UaResult): { device: string; os: string; browser: string } {
  const { device, os, ua } = result;
  return {
    device: joined(device.family, device.brand || device.model ? `(${[device.brand, device.model].filter(Boolean).join(', ')})` : null),
    os: joined(os.family, [os.major, os.minor, os.patch].filter(Boolean).join('.') || null),
    browser: joined(ua.family, [ua.major, ua.minor, ua.patch].filter(Boolean).join('.') || null),
  };
}

function Parsed({ draft, current, part }: { draft: UaResult; current: UaResult; part: 'device' | 'os' | 'browser' }) {
  const now = describe(draft)[part];
  const before = describe(current)[part];
  return (
    <div>
      <div>{now === before ? now : <Tag color="green">{now}</Tag>}</div>
      {now === before ? null : <Typography.Text type="secondary" delete>{before}</Typography.Text>}
    </div>
  );
}

export function BenchTable({ rows, locale }: { rows: readonly BenchRow[]; locale: Locale }) {
  return (
    <Table<BenchRow>
      size="small"
      pagination={false}
      rowKey={(row) => row.ua}
      dataSource={[...rows]}
      data-testid="ua-bench"
      columns={[
        { key: 'ua', title: UA_TEXTS.string[locale], dataIndex: 'ua', ellipsis: true, width: 260 },
        ...(['device', 'os', 'browser'] as const).map((part) => ({
          key: part,
          title: `${UA_TEXTS[part][locale]}: ${UA_TEXTS.draft[locale]} / ${UA_TEXTS.current[locale]}`,
          render: (_: unknown, row: BenchRow) => <Parsed draft={row.draft} current={row.current} part={part} />,
        })),
      ]}
    />
  );
}
