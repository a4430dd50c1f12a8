/**
 * Edits never overwrite someone else's (contract/recordVersion.ts), for an edit dialog: its save
 * carries the version the record was read at; a refusal because the record changed since (1012)
 * keeps the dialog open with everything typed and shows ConflictNotice: "keep mine" saves the
 * typed values again over the current version, "take theirs" loads the current values into the form.
 */
import type { FormInstance } from 'antd';
import { useRef, useState, type ReactElement } from 'react';
import { Code } from '../../contract/codes';
import type { Locale } from '../../contract/i18n';
import { staleCurrent, VERSION_FIELD, versionOf } from '../../contract/recordVersion';
import type { ResourceDefinition } from '../define';
import { ConflictNotice } from './ConflictNotice';
import { conflictLines } from './conflict';
import { toFormValues, type FormValues } from './formValues';

type Values = Record<string, unknown>;

/** The current record of a stale save's refusal (a Refine HttpError or the client's ApiError), if it is one. */
export function staleRecordOf(error: unknown): Values | undefined {
  const refusal = error as { statusCode?: unknown; code?: unknown; data?: unknown } | null | undefined;
  const code = refusal?.statusCode ?? refusal?.code;
  return code === Code.STALE_VERSION ? staleCurrent(refusal?.data) : undefined;
}

interface Options {
  definition: ResourceDefinition;
  /** The record as the dialog read it (undefined while it loads, and for a new record). */
  record: Values | undefined;
  form: FormInstance;
  locale: Locale;
  isSaving?: boolean;
}

export interface VersionedSave {
  /** The save's values with the version the record was last read at (nothing added for a new record). */
  withVersion(values: FormValues): FormValues;
  /** Takes a refused save: a stale one shows the notice (the typed values stay); answers whether it was. */
  onRefused(error: unknown, typed: FormValues): boolean;
  /** The notice while a conflict is open, else null: render it above the form. */
  notice: ReactElement | null;
}

interface Conflict {
  read: Values;
  current: Values;
  typed: FormValues;
}

export function useVersionedSave({ definition, record, form, locale, isSaving }: Options): VersionedSave {
  // The record as last read from a refusal: read by the next save at once, not after a render.
  const taken = useRef<Values | undefined>(undefined);
  const [conflict, setConflict] = useState<Conflict>();

  const withVersion = (values: FormValues): FormValues => {
    const version = versionOf(taken.current ?? record);
    return version === undefined ? values : { ...values, [VERSION_FIELD]: version };
  };

  const onRefused = (error: unknown, typed: FormValues): boolean => {
    const current = staleRecordOf(error);
    if (!current) return false;
    setConflict({ read: taken.current ?? record ?? {}, current, typed });
    return true;
  };

  const keepMine = () => {
    if (!conflict) return;
    taken.current = conflict.current;
    setConflict(undefined);
    form.submit();
  };

  const takeTheirs = () => {
    if (!conflict) return;
    taken.current = conflict.current;
    // Each field set, an emptied one too (setFieldsValue would skip an undefined value).
    form.setFields(Object.entries(toFormValues(definition, conflict.current)).map(([name, value]) => ({ name, value, errors: [] })));
    setConflict(undefined);
  };

  const notice = conflict ? (
    <ConflictNotice
      lines={conflictLines(definition, conflict.read, conflict.current, conflict.typed, locale)}
      onKeepMine={keepMine}
      onTakeTheirs={takeTheirs}
      isSaving={isSaving}
    />
  ) : null;
  return { withVersion, onRefused, notice };
}
