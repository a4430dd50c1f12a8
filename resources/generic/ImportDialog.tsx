/**
 * Importing records from .xlsx (contract/importFile.ts): download the template, choose a file (a
 * dry run checks it at once and reports every problem row), then import its rows in one go. Only a
 * file without problems, with rows, and not imported before may be committed; a refused commit
 * shows its report, and choosing the fixed file checks it again. A failed request leaves what the
 * dialog showed and says why. Closing stops a check; a commit already sent still ends with its
 * message and the list's reload. Loaded on first use (./ImportButton.tsx).
 */
import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import InboxOutlined from '@ant-design/icons/es/icons/InboxOutlined';
import { useNotification, useTranslate } from '@refinedev/core';
import { Alert, Button, Modal, Spin, Table, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { XLSX_TYPE } from '../../contract/exportFile';
import { format } from '../../contract/i18n';
import { IMPORT_LIMITS, IMPORT_MESSAGES, type ImportProblem, type ImportReport } from '../../contract/importFile';
import { useLocale } from '../../providers/locale';
import { readToken } from '../../providers/session';
import { saveFile } from './exportDownload';
import { problemsCsv } from './importReport';
import { fetchTemplate, sendImport, type ImportCalls } from './importRequest';
import './generic.css';

interface Props {
  calls: ImportCalls;
  title: string;
  open: boolean;
  onImported: () => void;
  onClose: () => void;
  afterClose?: () => void;
}

type Busy = 'check' | 'commit' | undefined;

const MAX_MB = IMPORT_LIMITS.bytes / 1024 / 1024;

/** The file's name without its extension, for the report's. */
const stemOf = (name: string) => name.replace(/\.[^.]*$/, '') || 'import';

/** When a file was imported, in the caller's language (the server answers an ISO instant or epoch milliseconds). */
function timeText(at: string, locale: string): string {
  const date = new Date(/^\d+$/.test(at) ? Number(at) : at);
  return Number.isNaN(date.getTime()) ? at : date.toLocaleString(locale, { hour12: false });
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function ImportDialog({ calls, title, open, onImported, onClose, afterClose }: Props) {
  const t = useTranslate();
  const locale = useLocale();
  const { open: notify } = useNotification();
  const [file, setFile] = useState<File>();
  const [report, setReport] = useState<ImportReport>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<Busy>();
  const [fetchingTemplate, setFetchingTemplate] = useState(false);
  // Only the latest request's answer is shown (choosing another file while one is checked).
  const latest = useRef(0);
  const checking = useRef<AbortController>(undefined);
  const templateCall = useRef<AbortController>(undefined);
  useEffect(
    () => () => {
      checking.current?.abort();
      templateCall.current?.abort();
    },
    [],
  );

  const call = (signal?: AbortSignal) => ({ calls, token: readToken(), locale, signal });

  const check = async (picked: File) => {
    const id = ++latest.current;
    checking.current?.abort();
    setFile(picked);
    setReport(undefined);
    // Refused here, before sending, with the server's own message.
    if (picked.size > IMPORT_LIMITS.bytes) {
      setError(format(IMPORT_MESSAGES.tooLarge[locale], { max: MAX_MB }));
      setBusy(undefined);
      return;
    }
    const stop = new AbortController();
    checking.current = stop;
    setError(undefined);
    setBusy('check');
    try {
      const answer = await sendImport(call(stop.signal), picked, true);
      if (id !== latest.current) return;
      setReport(answer.report);
      if (answer.refusal) setError(answer.refusal);
    } catch (failure) {
      if (id !== latest.current || stop.signal.aborted) return;
      setError(messageOf(failure));
    } finally {
      if (id === latest.current) setBusy(undefined);
    }
  };

  const commit = async () => {
    if (!file) return;
    const id = ++latest.current;
    setError(undefined);
    setBusy('commit');
    try {
      const answer = await sendImport(call(), file, false);
      if (!answer.refusal && answer.report.imported > 0) {
        notify?.({ type: 'success', message: t('import.done', { count: answer.report.imported }) });
        onImported();
        if (id === latest.current) onClose();
        return;
      }
      if (id !== latest.current) return;
      // Refused, or imported before in the meantime: its report says why.
      setReport(answer.report);
      if (answer.refusal) setError(answer.refusal);
    } catch (failure) {
      if (id === latest.current) setError(messageOf(failure));
      else notify?.({ type: 'error', message: t('import.failed', { message: messageOf(failure) }) });
    } finally {
      if (id === latest.current) setBusy(undefined);
    }
  };

  const downloadTemplate = async () => {
    const stop = new AbortController();
    templateCall.current = stop;
    setFetchingTemplate(true);
    try {
      const { blob, fileName } = await fetchTemplate(call(stop.signal));
      saveFile(blob, fileName);
    } catch (failure) {
      if (!stop.signal.aborted) notify?.({ type: 'error', message: t('import.templateFailed', { message: messageOf(failure) }) });
    } finally {
      if (!stop.signal.aborted) setFetchingTemplate(false);
    }
  };

  const downloadReport = () => {
    if (!report || !file) return;
    const csv = problemsCsv(report.problems, { row: t('import.col.row'), column: t('import.col.column'), message: t('import.col.message'), wholeRow: t('import.wholeRow') });
    saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), t('import.reportFile', { name: stemOf(file.name) }));
  };

  const close = () => {
    // A check nobody will read stops; a commit already sent finishes (and reloads the list).
    if (busy === 'check') {
      latest.current++;
      checking.current?.abort();
      setBusy(undefined);
    }
    templateCall.current?.abort();
    onClose();
  };

  const canCommit = report !== undefined && busy === undefined && report.rows > 0 && report.problems.length === 0 && report.importedBefore === null;
  const before = report?.importedBefore;

  return (
    <Modal
      open={open}
      width={720}
      title={t('import.title', { title })}
      onCancel={close}
      afterClose={afterClose}
      footer={[
        <Button key="close" onClick={close}>
          {t('import.close')}
        </Button>,
        <Button key="commit" type="primary" disabled={!canCommit} loading={busy === 'commit'} onClick={() => void commit()}>
          {t('import.commit', { count: report?.valid ?? 0 })}
        </Button>,
      ]}
    >
      <div className="generic-import">
        <p className="generic-import__step">{t('import.step.template')}</p>
        <Button icon={<DownloadOutlined />} loading={fetchingTemplate} onClick={() => void downloadTemplate()}>
          {t('import.template')}
        </Button>
        <p className="generic-import__step">{t('import.step.file', { max: MAX_MB, rows: IMPORT_LIMITS.rows.toLocaleString(locale) })}</p>
        <Upload.Dragger
          // Once a file is chosen the drop area shrinks: the report below is what matters.
          className={file ? 'generic-import__drop generic-import__drop--chosen' : 'generic-import__drop'}
          accept={`.xlsx,${XLSX_TYPE}`}
          multiple={false}
          showUploadList={false}
          disabled={busy !== undefined}
          beforeUpload={(picked) => {
            void check(picked);
            // Nothing is uploaded by antd: the dry run sends the bytes.
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('import.pick')}</p>
          {file ? <p className="ant-upload-hint">{t('import.picked', { name: file.name })}</p> : null}
        </Upload.Dragger>
        {busy === 'check' ? (
          <p role="status" className="generic-import__status">
            <Spin size="small" /> {t('import.checking')}
          </p>
        ) : null}
        {error ? <Alert type="error" showIcon role="alert" className="generic-import__alert" message={error} /> : null}
        {before ? (
          <Alert
            type="warning"
            showIcon
            className="generic-import__alert"
            message={before.by ? t('import.before', { at: timeText(before.at, locale), by: before.by }) : t('import.beforeUnknown', { at: timeText(before.at, locale) })}
          />
        ) : null}
        {report ? <ReportView report={report} onDownload={downloadReport} /> : null}
      </div>
    </Modal>
  );
}

function ReportView({ report, onDownload }: { report: ImportReport; onDownload: () => void }) {
  const t = useTranslate();
  const hasProblems = report.problems.length > 0;
  return (
    <section className="generic-import__report" aria-label={t('import.problems')}>
      <p role="status" className="generic-import__summary">
        {t('import.summary', { rows: report.rows, valid: report.valid, problems: report.problems.length })}
        {!hasProblems && report.rows > 0 && !report.importedBefore ? ` · ${t('import.noProblems')}` : ''}
      </p>
      {hasProblems ? (
        <>
          <Button size="small" icon={<DownloadOutlined />} onClick={onDownload}>
            {t('import.report')}
          </Button>
          <Table<ImportProblem & { key: number }>
            className="generic-import__problems"
            size="small"
            tableLayout="fixed"
            dataSource={report.problems.map((problem, index) => ({ ...problem, key: index }))}
            pagination={report.problems.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
            columns={[
              { key: 'row', dataIndex: 'row', title: t('import.col.row'), width: 56 },
              { key: 'column', dataIndex: 'column', title: t('import.col.column'), width: '30%', render: (column: string | null) => column ?? t('import.wholeRow') },
              { key: 'message', dataIndex: 'message', title: t('import.col.message') },
            ]}
          />
        </>
      ) : null}
    </section>
  );
}
