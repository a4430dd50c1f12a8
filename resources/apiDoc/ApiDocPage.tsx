/**
 * API reference: the API document (GET /base/admin/openapi.json) read as a page: operations
 * grouped by prefix and first segment, searchable, each with its method, path, access level, API
 * element and the buttons that grant it, parameters or body, codes and an example request.
 * antd only (no swagger-ui), in its own chunk.
 *
 * | what         | call                        |
 * | ------------ | --------------------------- |
 * | the document | GET /base/admin/openapi.json |
 */
import { useCustom, type BaseRecord, type HttpError } from '@refinedev/core';
import { Alert, Card, Collapse, Descriptions, Empty, Grid, Input, Space, Spin, Table, Tag, Typography } from 'antd';
import { useMemo, useState, type CSSProperties } from 'react';
import type { DocDocument, DocParameter } from '../../contract/openapi';
import { API_PREFIX, OPENAPI_PATH } from '../../contract/session';
import { format } from '../../contract/i18n';
import { t, useLocale } from '../../providers/locale';
import { API_DOC_TEXTS } from './texts';
import type { PageProps } from '../../src/routing/pageProps';
import { groupedOperations, typeOf, type OperationRow } from './operations';

const METHOD_COLOURS: Readonly<Record<string, string>> = { GET: 'blue', POST: 'green' };
const ACCESS_COLOURS: Readonly<Record<string, string>> = { public: 'default', session: 'gold', permission: 'red' };
const code: CSSProperties = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 12 };
const pre: CSSProperties = { ...code, margin: 0, padding: 8, background: 'rgba(0, 0, 0, 0.04)', borderRadius: 6, whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 320, overflow: 'auto' };

function ParameterTable({ parameters }: { parameters: DocParameter[] }) {
  useLocale(); // its texts follow the locale
  return (
    <Table<DocParameter>
      size="small"
      pagination={false}
      rowKey="name"
      dataSource={parameters}
      scroll={{ x: 'max-content' }}
      columns={[
        { title: t(API_DOC_TEXTS.col_name), dataIndex: 'name', render: (name: string) => <span style={code}>{name}</span> },
        { title: t(API_DOC_TEXTS.col_type), key: 'type', render: (_: unknown, p) => <span style={code}>{typeOf(p.schema)}</span> },
        { title: t(API_DOC_TEXTS.col_required), dataIndex: 'required', render: (required: boolean) => (required ? t(API_DOC_TEXTS.yes) : t(API_DOC_TEXTS.no)) },
        { title: t(API_DOC_TEXTS.col_description), dataIndex: 'description' },
      ]}
    />
  );
}

/** A body's top-level fields as parameters (an object, or a create-or-update union's first branch). */
function bodyFields(schema: Record<string, unknown>): DocParameter[] | undefined {
  const shape = (Array.isArray(schema.anyOf) ? (schema.anyOf as Array<Record<string, unknown>>)[0] : schema) ?? {};
  const properties = shape.properties as Record<string, Record<string, unknown>> | undefined;
  if (!properties) return undefined;
  const required = (shape.required as string[] | undefined) ?? [];
  return Object.entries(properties).map(([name, property]) => ({ name, in: 'query', required: required.includes(name), schema: property, description: property.description as string | undefined }));
}

function OperationDetail({ row, codeTexts, isNarrow }: { row: OperationRow; codeTexts: DocDocument['x-codes']; isNarrow: boolean }) {
  const locale = useLocale();
  const { operation } = row;
  const [mediaType, content] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
  const fields = content && mediaType === 'application/json' ? bodyFields(content.schema) : undefined;
  const grantedBy = operation['x-granted-by'] ?? [];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Descriptions size="small" column={1} bordered layout={isNarrow ? 'vertical' : 'horizontal'}>
        {operation['x-api-element'] && <Descriptions.Item label={t(API_DOC_TEXTS.element)}><span style={code}>{operation['x-api-element']}</span></Descriptions.Item>}
        {operation['x-access'] === 'permission' && (
          <Descriptions.Item label={t(API_DOC_TEXTS.grantedBy)}>
            <Space size={[4, 4]} wrap>{grantedBy.map((g) => <Tag key={g.pageElement} style={code}>{g.pageElement}</Tag>)}</Space>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t(API_DOC_TEXTS.codes)}>
          <Space size={[4, 4]} wrap>
            {operation['x-codes'].map((c) => (
              <Tag key={c} color={c === 0 ? 'success' : undefined} style={{ whiteSpace: 'normal', marginInlineEnd: 0 }}>
                {c} {codeTexts[String(c)]?.[locale]}
              </Tag>
            ))}
          </Space>
        </Descriptions.Item>
      </Descriptions>
      {operation.parameters.length > 0 && (
        <div>
          <Typography.Text strong>{t(API_DOC_TEXTS.params)}</Typography.Text>
          <ParameterTable parameters={operation.parameters} />
        </div>
      )}
      {content && (
        <div>
          <Typography.Text strong>{mediaType === 'application/json' ? t(API_DOC_TEXTS.body) : format(t(API_DOC_TEXTS.file), { type: mediaType ?? '' })}</Typography.Text>
          {fields ? <ParameterTable parameters={fields} /> : <pre style={pre}>{JSON.stringify(content.schema, null, 2)}</pre>}
        </div>
      )}
      {operation.parameters.length === 0 && !content && <Typography.Text type="secondary">{t(API_DOC_TEXTS.noParams)}</Typography.Text>}
      <div>
        <Typography.Text strong>{t(API_DOC_TEXTS.example)}</Typography.Text>
        <pre style={pre}>{exampleText(row)}</pre>
      </div>
    </Space>
  );
}

/** The example as a request line and its JSON body. */
function exampleText({ method, path, operation }: OperationRow): string {
  const { query, body, file } = operation['x-example'];
  const search = new URLSearchParams(Object.entries(query ?? {}).map(([k, v]) => [k, String(v)])).toString();
  const line = `${method} ${path}${search ? `?${search}` : ''}`;
  if (file) return `${line}\n\n<${file}>`;
  return body === undefined ? line : `${line}\n\n${JSON.stringify(body, null, 2)}`;
}

function OperationLabel({ row, isNarrow }: { row: OperationRow; isNarrow: boolean }) {
  const locale = useLocale();
  const access = row.operation['x-access'];
  return (
    <Space size={[6, 2]} wrap style={{ width: '100%' }}>
      <Tag color={METHOD_COLOURS[row.method]} style={{ ...code, marginInlineEnd: 0 }}>{row.method}</Tag>
      <span style={{ ...code, wordBreak: 'break-all' }}>{row.path}</span>
      {!isNarrow && <Typography.Text type="secondary">{row.operation['x-title'][locale]}</Typography.Text>}
      <Tag color={ACCESS_COLOURS[access]}>{t(API_DOC_TEXTS[`access_${access}`])}</Tag>
    </Space>
  );
}

function useDocument() {
  const { query } = useCustom<BaseRecord, HttpError>({ url: `${API_PREFIX}${OPENAPI_PATH}`, method: 'get', queryOptions: { staleTime: Infinity } });
  const data = query.data?.data as unknown as DocDocument | undefined;
  return { document: data && typeof data === 'object' && 'paths' in data ? data : undefined, isLoading: query.isLoading, isError: query.isError };
}

export default function ApiDocPage(_props: PageProps) {
  useLocale(); // its texts follow the locale
  const { document, isLoading, isError } = useDocument();
  const [search, setSearch] = useState('');
  const isNarrow = !Grid.useBreakpoint().md;
  const groups = useMemo(() => (document ? groupedOperations(document, search) : []), [document, search]);
  const count = groups.reduce((n, g) => n + g.rows.length, 0);

  if (isError) return <Alert type="error" showIcon message={t(API_DOC_TEXTS.failed)} />;
  return (
    <Card size={isNarrow ? 'small' : 'default'}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t(API_DOC_TEXTS.intro)}</Typography.Text>
        <Space size="middle" wrap style={{ width: '100%' }}>
          <Input.Search allowClear placeholder={t(API_DOC_TEXTS.search)} aria-label={t(API_DOC_TEXTS.search)} value={search} onChange={(e) => setSearch(e.target.value)} style={{ width: isNarrow ? '100%' : 360 }} />
          <Typography.Text type="secondary">{format(t(API_DOC_TEXTS.count), { count })}</Typography.Text>
        </Space>
        {isLoading ? (
          <Spin />
        ) : groups.length === 0 ? (
          <Empty description={t(API_DOC_TEXTS.none)} />
        ) : (
          groups.map((group) => (
            <div key={group.tag}>
              <Typography.Title level={5} style={{ ...code, fontSize: 14 }}>{group.tag}</Typography.Title>
              <Collapse
                size="small"
                items={group.rows.map((row) => ({
                  key: row.key,
                  label: <OperationLabel row={row} isNarrow={isNarrow} />,
                  children: <OperationDetail row={row} codeTexts={document!['x-codes']} isNarrow={isNarrow} />,
                }))}
              />
            </div>
          ))
        )}
      </Space>
    </Card>
  );
}

