/**
 * The export button of a list's toolbar: exports what the list's filters select, in its columns,
 * to .xlsx. While the file arrives it says how much has come and offers to cancel. The fetching
 * code loads on first use (./exportDownload.ts).
 */
import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import { useNotification } from '@refinedev/core';
import { Button, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { EXPORT_COLUMNS_PARAM, EXPORT_TEXTS, sizeText } from '../../contract/exportFile';
import { format } from '../../contract/i18n';
import { useLocale } from '../../providers/locale';
import { readToken } from '../../providers/session';

interface Props {
  /** The export call: a declared list's `<endpoint>/<exportPath>`, a bespoke list's own path. */
  url: string;
  /** The list's current filters and order, as its list call sends them. */
  params: () => Readonly<Record<string, unknown>>;
  /** The visible columns' keys, in their order. */
  columns: readonly string[];
}

export function ExportButton({ url, params, columns }: Props) {
  const locale = useLocale();
  const { open } = useNotification();
  const [received, setReceived] = useState<number>();
  const running = useRef<AbortController>(undefined);
  // Leaving the screen stops a download nobody would save.
  useEffect(() => () => running.current?.abort(), []);

  async function start() {
    const stop = new AbortController();
    running.current = stop;
    setReceived(0);
    try {
      const { fetchExport, saveFile } = await import('./exportDownload');
      const { blob, fileName } = await fetchExport({
        url,
        params: { ...params(), [EXPORT_COLUMNS_PARAM]: columns.join(',') },
        token: readToken(),
        locale,
        signal: stop.signal,
        onProgress: setReceived,
      });
      saveFile(blob, fileName);
      open?.({ type: 'success', message: format(EXPORT_TEXTS.done[locale], { file: fileName }) });
    } catch (error) {
      const message = stop.signal.aborted ? EXPORT_TEXTS.cancelled[locale] : format(EXPORT_TEXTS.failed[locale], { message: error instanceof Error ? error.message : String(error) });
      open?.({ type: stop.signal.aborted ? 'success' : 'error', message });
    } finally {
      running.current = undefined;
      setReceived(undefined);
    }
  }

  if (received === undefined) {
    return (
      <Button icon={<DownloadOutlined />} onClick={() => void start()}>
        {EXPORT_TEXTS.button[locale]}
      </Button>
    );
  }
  return (
    <Space>
      <span role="status" className="generic-export__progress">
        {format(EXPORT_TEXTS.running[locale], { size: sizeText(received, locale) })}
      </span>
      <Button danger onClick={() => running.current?.abort()}>
        {EXPORT_TEXTS.cancel[locale]}
      </Button>
    </Space>
  );
}
