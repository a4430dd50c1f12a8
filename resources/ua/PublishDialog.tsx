/**
 * Publishing a parser rule for a UA record (SPEC §2.15, §3, §8): the device/os/browser form, and
 * a test bench that runs the draft as it is typed against the record's string and pasted samples,
 * beside the current rule set, and counts the other unprocessed records it would also classify.
 * The regex verdict is the server's (contract/uaRegex, run in the form as it is typed); what only
 * the server can judge (the pattern matches most real UA strings, or not its own record) shows
 * under the field when the bench or the submit is refused. Submit sends the pruned form; success
 * says 'submitted successfully', closes and refreshes the list; any other code shows the server's message.
 * Typed work is kept by the console's dialog guard (../generic/useGuardedDialog.tsx): Esc, × and
 * 取消 ask '放弃修改？' once a regex, a replacement or a sample was typed.
 */
import { useCustomMutation, useInvalidate, type HttpError } from '@refinedev/core';
import { Alert, Button, Checkbox, Divider, Form, Input, Modal, Space, Spin, Tabs, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { callUrl, UA_CALLS } from '../../contract/paths';
import { checkSubmission, PARSER_GROUPS, UA_LIMITS, UA_MESSAGES } from '../../contract/ua';
import { regexProblem } from '../../contract/uaRegex';
import { useLocale } from '../../providers/locale';
import type { RowActionDialogProps } from '../generic/rowActions';
import { useGuardedDialog } from '../generic/useGuardedDialog';
import { BenchTable } from './BenchTable';
import { RuleGroupFields } from './RuleGroupFields';
import { exportRegexesYaml } from './exportDownload';
import { say, UA_TEXTS } from './texts';
import { useBench } from './useBench';

const MAX_SAMPLES = 50;

export default function PublishDialog({ record, open, onClose, afterClose, definition }: RowActionDialogProps) {
  const locale = useLocale();
  const [form] = Form.useForm();
  const values = Form.useWatch([], form) as Record<string, unknown> | undefined;
  const [samples, setSamples] = useState('');
  const [markMatches, setMarkMatches] = useState(false);
  const invalidate = useInvalidate();
  const { mutateAsync, mutation } = useCustomMutation<Record<string, unknown>, HttpError, Record<string, unknown>>();
  const uaId = Number(record.id);
  const uaMessage = String(record.uaMessage ?? '');

  const strings = useMemo(
    () => [uaMessage, ...samples.split('\n').map((s) => s.trim()).filter(Boolean).slice(0, MAX_SAMPLES)],
    [uaMessage, samples],
  );
  const checked = useMemo(() => checkSubmission({ ...(values ?? {}), uaId }, regexProblem, locale), [values, uaId, locale]);
  const hasRegex = PARSER_GROUPS.some((g) => String((values?.[g.key] as Record<string, unknown> | undefined)?.regex ?? '').trim() !== '');
  const draft = checked.ok ? { deviceParser: checked.value.deviceParser, osParser: checked.value.osParser, browserParser: checked.value.browserParser } : undefined;
  const bench = useBench(uaId, strings, draft);
  const { dialogProps, holder } = useGuardedDialog({
    open,
    onCancel: onClose,
    isDirty: () => form.isFieldsTouched() || samples.trim() !== '' || markMatches,
  });

  // The server's verdict on the draft (e.g. it matches most real UA strings) goes under its field.
  const benchFields = JSON.stringify(bench.fields ?? {});
  useEffect(() => {
    const fields = JSON.parse(benchFields) as Record<string, string>;
    form.setFields(Object.entries(fields).map(([key, message]) => ({ name: key.split('.'), errors: [message] })));
  }, [benchFields, form]);

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    if (!checked.ok) return;
    try {
      await mutateAsync({
        url: callUrl(UA_CALLS.setUaParser),
        method: 'post',
        values: { ...checked.value, markMatches },
        successNotification: () => ({ message: UA_MESSAGES.submitted[locale], type: 'success' }),
        errorNotification: (failure) => ({ message: failure?.message ?? '', type: 'error' }),
      });
      await invalidate({ resource: definition.name, invalidates: ['list'] });
      onClose();
    } catch (failure) {
      // The server's message is shown, and each field's under it; the form stays for another try.
      const errors = (failure as { errors?: Record<string, unknown> } | null)?.errors ?? {};
      form.setFields(Object.entries(errors).flatMap(([key, message]) => (typeof message === 'string' && key.includes('.') ? [{ name: key.split('.'), errors: [message] }] : [])));
    }
  };

  return (
    <>
      {holder}
      <Modal
        open={open}
        width={1000}
        title={say(UA_TEXTS.title, locale, { id: uaId })}
        afterClose={afterClose}
        destroyOnHidden
        maskClosable={false}
        {...dialogProps}
        footer={[
          <Button key="export" onClick={() => void exportRegexesYaml()}>
            {UA_TEXTS.export[locale]}
          </Button>,
          <Button key="cancel" onClick={dialogProps.onCancel}>
            {UA_TEXTS.cancel[locale]}
          </Button>,
          <Button key="submit" type="primary" loading={mutation.isPending} onClick={() => void submit()}>
            {UA_TEXTS.submit[locale]}
          </Button>,
        ]}
      >
        <Typography.Paragraph copyable code style={{ wordBreak: 'break-all' }} data-testid="ua-string">
          {uaMessage}
        </Typography.Paragraph>
        <Form form={form} layout="vertical" size="small">
          <Tabs
            items={PARSER_GROUPS.map((spec) => ({
              key: spec.key,
              label: spec.title[locale],
              forceRender: true,
              children: <RuleGroupFields spec={spec} locale={locale} />,
            }))}
          />
        </Form>
        <Input.TextArea rows={2} placeholder={UA_TEXTS.samples[locale]} value={samples} onChange={(e) => setSamples(e.target.value)} />
        <Divider orientation="left" plain>
          {UA_TEXTS.bench[locale]} {bench.isRunning ? <Spin size="small" /> : null}
        </Divider>
        {!hasRegex ? <Typography.Text type="secondary">{UA_TEXTS.benchHint[locale]}</Typography.Text> : null}
        {hasRegex && !checked.ok ? <Alert type="warning" showIcon message={UA_TEXTS.invalid[locale]} description={Object.values(checked.fields)[0]} /> : null}
        {bench.error ? <Alert type="error" showIcon message={say(UA_TEXTS.failed, locale, { message: bench.error })} /> : null}
        {draft && bench.rows.length ? <BenchTable rows={bench.rows} locale={locale} /> : null}
        {draft && bench.preview ? (
          <Space direction="vertical" style={{ marginTop: 12, width: '100%' }} data-testid="ua-matches">
            <Typography.Text strong>
              {say(UA_TEXTS.matches, locale, { count: bench.preview.count })} {bench.preview.scanned >= UA_LIMITS.scannedRecords ? say(UA_TEXTS.matchesScanned, locale, { scanned: bench.preview.scanned }) : null}
            </Typography.Text>
            {bench.preview.examples.map((example) => (
              <Typography.Text key={example.id} type="secondary" ellipsis style={{ maxWidth: '100%' }}>
                #{example.id} {example.uaMessage}
              </Typography.Text>
            ))}
            {bench.preview.count > 0 ? (
              <Checkbox checked={markMatches} onChange={(e) => setMarkMatches(e.target.checked)}>
                {UA_TEXTS.markMatches[locale]}
              </Checkbox>
            ) : null}
          </Space>
        ) : null}
      </Modal>
    </>
  );
}
