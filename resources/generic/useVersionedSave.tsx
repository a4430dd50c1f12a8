/**
 * Edits never overwrite someone else's (contract/recordVersion.ts), for an edit dialog: its save
 * carries the version the record was read at; a refusal because the record changed since (1012)
 * keeps the dialog open with everything typed and shows ConflictNotice: "keep mine" saves the
 * typed values again over the current version, "take theirs" loads the current values into the form.
 *
 * `useRecordConflict` is the whole of it for any dialog, given how its record reads as form values
 * and which of its fields changed; `useVersionedSave` is that for a declared resource's dialog.
 */
import type { FormInstance } from 'antd';
import { useRef, useState, type ReactElement } from 'react';
import { Code } from '../../contract/codes';
import type { Locale } from '../../contract/i18n';
import { staleCurrent, VERSION_FIELD, versionOf } from '../../contract/recordVersion';
import type { ResourceDefinition } from '../define';
import { ConflictNotice } from './ConflictNotice';
import { conflictLines, type ConflictLine } from './conflict';
import { toFormValues, type FormValues } from './formValues';

type Values = Record<string, unknown>;

/** The current record of a stale save's refusal (a Refine HttpError or the client's ApiError), if it is one. */
export function staleRecordOf(error: unknown): Values | undefined {
  const refusal = error as { statusCode?: unknown; code?: unknown; data?: unknown } | null | undefined;
  const code = refusal?.statusCode ?? refusal?.code;
  return code === Code.STALE_VERSION ? staleCurrent(refusal?.data) : undefined;
}

export interface VersionedSave {
  /** The save's values with the version the record was last read at (nothing added for a new record). */
  withVersion<V extends object>(values: V): V;
  /** The version the record was last read at (undefined for a new record). */
  version(): number | undefined;
  /** Takes a refused save: a stale one shows the notice (the typed values stay); answers whether it was. */
  onRefused(error: unknown, typed: FormValues): boolean;
  /** The notice while a conflict is open, else null: render it above the form. */
  notice: ReactElement | null;
}

export interface RecordConflictOptions<R extends object> {
  /** The record as the dialog read it (undefined while it loads, and for a new record); its first reading counts. */
  record: R | undefined;
  /** The dialog's form: "keep mine" submits it, "take theirs" fills it with `formValues`. */
  form?: FormInstance;
  isSaving?: boolean;
  /** The form's fields `current` changed from `read`, theirs beside the typed one (ConflictNotice's lines). */
  lines(read: R, current: R, typed: FormValues): ConflictLine[];
  /** A record as the form's values ("take theirs" loads them). */
  formValues(record: R): FormValues;
  /** A dialog without a form (a tree of checkboxes): saves its values again ("keep mine"). */
  resubmit?(): void;
  /** A dialog without a form: loads the current record's values ("take theirs"). */
  load?(current: R): void;
  /** The version a record carries (default: its `version`). */
  versionOf?(record: R): number | undefined;
  /** The current record of a refusal's `data.current`, if it is one of this dialog's records (default: any object). */
  isRecord?(current: Values): boolean;
  /**
   * The form follows the record when it is read again (a declared dialog's form is refilled from
   * it): the latest reading's version counts, not the first's.
   */
  followsRecord?: boolean;
}

interface Conflict<R> {
  read: R;
  current: R;
  typed: FormValues;
}

export function useRecordConflict<R extends object>({
  record,
  form,
  isSaving,
  lines,
  formValues,
  resubmit,
  load,
  versionOf: versionFrom = versionOf,
  isRecord,
  followsRecord,
}: RecordConflictOptions<R>): VersionedSave {
  // The record as the form was filled from it: a later reading (a refetch after the refused save)
  // must not lend its version to values typed over the first.
  const read = useRef<R | undefined>(undefined);
  if (record !== undefined && (read.current === undefined || followsRecord)) read.current = record;
  // The record as last read from a refusal: read by the next save at once, not after a render.
  const taken = useRef<R | undefined>(undefined);
  const [conflict, setConflict] = useState<Conflict<R>>();

  const version = () => {
    const latest = taken.current ?? read.current;
    return latest === undefined ? undefined : versionFrom(latest);
  };

  const withVersion = <V extends object>(values: V): V => {
    const read = version();
    return read === undefined ? values : { ...values, [VERSION_FIELD]: read };
  };

  const onRefused = (error: unknown, typed: FormValues): boolean => {
    const current = staleRecordOf(error);
    if (!current || (isRecord && !isRecord(current))) return false;
    setConflict({ read: taken.current ?? read.current ?? ({} as R), current: current as R, typed });
    return true;
  };

  const keepMine = () => {
    if (!conflict) return;
    taken.current = conflict.current;
    setConflict(undefined);
    if (resubmit) resubmit();
    else form?.submit();
  };

  const takeTheirs = () => {
    if (!conflict) return;
    taken.current = conflict.current;
    // Each field set, an emptied one too (setFieldsValue would skip an undefined value).
    if (load) load(conflict.current);
    else form?.setFields(Object.entries(formValues(conflict.current)).map(([name, value]) => ({ name, value, errors: [] })));
    setConflict(undefined);
  };

  const notice = conflict ? (
    <ConflictNotice lines={lines(conflict.read, conflict.current, conflict.typed)} onKeepMine={keepMine} onTakeTheirs={takeTheirs} isSaving={isSaving} />
  ) : null;
  return { withVersion, version, onRefused, notice };
}

interface Options {
  definition: ResourceDefinition;
  /** The record as the dialog read it (undefined while it loads, and for a new record). */
  record: Values | undefined;
  form: FormInstance;
  locale: Locale;
  isSaving?: boolean;
}

/** A declared resource's dialog: its lines and form values from the definition. */
export function useVersionedSave({ definition, record, form, locale, isSaving }: Options): VersionedSave {
  return useRecordConflict<Values>({
    record,
    form,
    isSaving,
    lines: (read, current, typed) => conflictLines(definition, read, current, typed, locale),
    formValues: (current) => toFormValues(definition, current),
    followsRecord: true,
  });
}
