/**
 * 导入统计数据 (the dashboard's ingest button, page element `dashboard:ingest`): the operator picks
 * or pastes a JSON batch in the ingestion format (README *Business statistics → Ingestion*), sees
 * how many traffic and revenue rows it holds, sends it to POST /base/admin/statistics/ingest and
 * sees the answer: the rows taken, or the refused row with its field and the server's message in
 * the screen's language (the whole batch is refused then, nothing stored). Loaded on first use,
 * never with the dashboard. A picked or pasted batch not yet sent is typed work: closing asks first.
 */
import UploadOutlined from '@ant-design/icons/es/icons/UploadOutlined';
import { useCustomMutation, type HttpError } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Modal, Space, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { format } from '../../contract/i18n';
import { MAX_INGEST_ROWS, type IngestAnswer } from '../../contract/statistics';
import { useLocale } from '../../providers/locale';
import { useGuardedDialog } from '../generic/useGuardedDialog';
import { callUrl, STATISTICS_CALLS } from '../../contract/paths';
import { INGEST_TEXTS, readBatch, refusedField } from './ingestBatch';

type Outcome = { kind: 'done'; answer: IngestAnswer } | { kind: 'refused'; message: string; fields: Array<[string, string]> };

interface Props {
  open: boolean;
  onClose: () => void;
}

export default function IngestDialog({ open, onClose }: Props) {
  const locale = useLocale();
  const [source, setSource] = useState('');
  const [fileName, setFileName] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome>();
  const [sentSource, setSentSource] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const { mutateAsync, mutation } = useCustomMutation<IngestAnswer, HttpError, Record<string, unknown>>();
  const reading = useMemo(() => (source.trim() === '' ? undefined : readBatch(source, locale)), [source, locale]);
  const { dialogProps, holder } = useGuardedDialog({
    open,
    onCancel: onClose,
    // A batch that was sent (taken or refused) is no longer work to lose.
    isDirty: () => source.trim() !== '' && source !== sentSource,
  });

  const load = (file: File | undefined) => {
    if (!file) return;
    file.text().then(
      (content) => {
        setSource(content);
        setFileName(file.name);
        setOutcome(undefined);
      },
      () => setOutcome({ kind: 'refused', message: format(INGEST_TEXTS.unreadable[locale], { name: file.name }), fields: [] }),
    );
  };

  const send = async () => {
    if (!reading?.ok) return;
    setSentSource(source);
    try {
      const answer = await mutateAsync({
        url: callUrl(STATISTICS_CALLS.ingest),
        method: 'post',
        values: reading.batch,
        // The outcome is shown in the dialog, where the operator is looking.
        successNotification: false,
        errorNotification: false,
      });
      setOutcome({ kind: 'done', answer: answer.data });
      // The dashboard's figures are read again (their calls are kept under 'statistics').
      await queryClient.invalidateQueries({ queryKey: ['statistics'] });
    } catch (failure) {
      const error = failure as HttpError;
      const fields = Object.entries(error.errors ?? {}).flatMap(([key, message]): Array<[string, string]> => (typeof message === 'string' ? [[refusedField(key, locale), message]] : []));
      setOutcome({ kind: 'refused', message: error.message, fields });
    }
  };

  return (
    <>
      {holder}
      <Modal
        open={open}
        width={720}
        title={INGEST_TEXTS.title[locale]}
        destroyOnHidden
        {...dialogProps}
        footer={
          <Space>
            <Button onClick={dialogProps.onCancel}>{INGEST_TEXTS.close[locale]}</Button>
            <Button type="primary" disabled={!reading?.ok} loading={mutation.isPending} onClick={() => void send()}>
              {INGEST_TEXTS.send[locale]}
            </Button>
          </Space>
        }
      >
        <Typography.Paragraph type="secondary" className="ingest__hint">
          {format(INGEST_TEXTS.hint[locale], { max: MAX_INGEST_ROWS })}
        </Typography.Paragraph>
        <Space className="ingest__file" wrap>
          <Button icon={<UploadOutlined />} onClick={() => fileInput.current?.click()}>
            {INGEST_TEXTS.pick[locale]}
          </Button>
          {fileName ? <Typography.Text>{fileName}</Typography.Text> : null}
          <input
            ref={fileInput}
            type="file"
            accept=".json,application/json"
            hidden
            data-testid="ingest-file"
            onChange={(event) => {
              load(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </Space>
        <Input.TextArea
          rows={8}
          value={source}
          placeholder={INGEST_TEXTS.placeholder[locale]}
          aria-label={INGEST_TEXTS.placeholder[locale]}
          className="ingest__source"
          onChange={(event) => {
            setSource(event.target.value);
            setFileName(undefined);
            setOutcome(undefined);
          }}
        />
        <div className="ingest__status" role="status">
          {reading?.ok ? <Typography.Text strong>{format(INGEST_TEXTS.holds[locale], { traffic: reading.traffic, revenue: reading.revenue })}</Typography.Text> : null}
          {reading && !reading.ok ? <Alert type="warning" showIcon message={reading.problem} /> : null}
          {outcome?.kind === 'done' ? <Alert type="success" showIcon message={format(INGEST_TEXTS.done[locale], { traffic: outcome.answer.traffic, revenue: outcome.answer.revenue })} /> : null}
          {outcome?.kind === 'refused' ? (
            <Alert
              type="error"
              showIcon
              message={INGEST_TEXTS.refused[locale]}
              description={
                outcome.fields.length ? (
                  <ul className="ingest__refusals">
                    {outcome.fields.map(([field, message]) => (
                      <li key={field}>
                        <strong>{field}</strong>: {message}
                      </li>
                    ))}
                  </ul>
                ) : (
                  outcome.message
                )
              }
            />
          ) : null}
        </div>
      </Modal>
    </>
  );
}
