/**
 * The test bench's data: as the draft changes (debounced), the record's string and the pasted
 * samples are parsed with the draft in front of the rule set and without it, and the other
 * unprocessed records the draft matches are counted. Stale answers are dropped. A draft the server
 * refuses (too broad, too large) comes back with its message per field.
 */
import { useDataProvider } from '@refinedev/core';
import { useEffect, useState } from 'react';
import { callUrl, UA_CALLS } from '../../contract/paths';
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
  /** The server's verdict per form field (`browserParser.regex`…), when it refused the draft. */
  fields?: Record<string, string>;
}

/** The message and per-field messages of a failed call (Refine's HttpError is a plain object). */
function failureOf(error: unknown): Pick<Bench, 'error' | 'fields'> {
  const { message, errors } = (error && typeof error === 'object' ? error : {}) as { message?: unknown; errors?: Record<string, unknown> };
  const fields = Object.fromEntries(
    Object.entries(errors ?? {}).flatMap(([key, value]) => (typeof value === 'string' && key.startsWith('rule.') ? [[key.slice('rule.'.length), value]] : [])),
  );
  return { error: typeof message === 'string' ? message : String(error), ...(Object.keys(fields).length ? { fields } : {}) };
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
          call<UaResult[]>(callUrl(UA_CALLS.parse), { uaMessages: strings, rule: draft }),
          call<UaResult[]>(callUrl(UA_CALLS.parse), { uaMessages: strings }),
          call<Preview>(callUrl(UA_CALLS.preview), { uaId, rule: draft }),
        ]);
        if (controller.signal.aborted) return;
        const rows = strings.map((ua, i) => ({ ua, draft: withDraft[i]!, current: current[i]! }));
        setBench({ rows, preview, isRunning: false });
      } catch (error) {
        if (!controller.signal.aborted) setBench({ rows: [], isRunning: false, ...failureOf(error) });
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, uaId, dataProvider]);

  return bench;
}
