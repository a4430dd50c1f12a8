/**
 * The test bench's data: as the draft changes (debounced), the record's string and the pasted
 * samples are parsed with the draft in front of the rule set and without it, and the other
 * unprocessed records the draft matches are counted. Stale answers are dropped.
 */
import { useDataProvider } from '@refinedev/core';
import { useEffect, useState } from 'react';
import type { UaParserSubmission, UaResult } from '../../contract/ua';

export interface BenchRow {
  ua: string;
  draft: UaResult;
  current: UaResult;
}

export interface Preview {
  count: number;
  scanned: number;
  examples: Array<{ id: number; uaMessage: string }>;
}

export interface Bench {
  rows: BenchRow[];
  preview?: Preview;
  isRunning: boolean;
  error?: string;
}

const DEBOUNCE_MS = 300;

type Draft = Pick<UaParserSubmission, 'deviceParser' | 'osParser' | 'browserParser'>;

/** `draft` undefined: nothing to try (no regex yet, or the form's check refuses it). */
export function useBench(uaId: number, strings: readonly string[], draft: Draft | undefined): Bench {
  const dataProvider = useDataProvider();
  const [bench, setBench] = useState<Bench>({ rows: [], isRunning: false });
  const key = JSON.stringify([strings, draft ?? null]);

  useEffect(() => {
    // Read back from the key: the effect runs when the content changes, not the objects.
    const [strings, draft] = JSON.parse(key) as [string[], Draft | undefined | null];
    if (!draft) {
      setBench({ rows: [], isRunning: false });
      return;
    }
    const controller = new AbortController();
    setBench((b) => ({ ...b, isRunning: true }));
    const timer = setTimeout(async () => {
      const provider = dataProvider();
      const call = <T,>(url: string, payload: object) => provider.custom!({ url, method: 'post', payload, meta: { queryContext: { signal: controller.signal } as never } }).then((r) => r.data as unknown as T);
      try {
        const [withDraft, current, preview] = await Promise.all([
          call<UaResult[]>('/v2/ua/parse', { uaMessages: strings, rule: draft }),
          call<UaResult[]>('/v2/ua/parse', { uaMessages: strings }),
          call<Preview>('/v2/ua/preview', { uaId, rule: draft }),
        ]);
        if (controller.signal.aborted) return;
        const rows = strings.map((ua, i) => ({ ua, draft: withDraft[i]!, current: current[i]! }));
        setBench({ rows, preview, isRunning: false });
      } catch (error) {
        if (!controller.signal.aborted) setBench({ rows: [], isRunning: false, error: error instanceof Error ? error.message : String(error) });
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, uaId, dataProvider]);

  return bench;
}
