/**
 * A cell that acts: a switch that saves its field at once (SPEC §4: a success message, and on
 * failure the switch goes back).
 */
import { useTranslate, useUpdate, type HttpError } from '@refinedev/core';
import { Switch } from 'antd';
import { useState } from 'react';
import type { Option } from '../../contract/fields';
import type { ResourceDefinition } from '../define';
import type { Row } from './rowTypes';

interface SwitchProps {
  definition: ResourceDefinition;
  field: string;
  row: Row;
  /** A two-option choice: the first option is "on". */
  options: readonly Option[];
  label: string;
  canEdit: boolean;
}

/** On when the row holds the first option; toggling saves that one field (the update keeps the rest). */
export function SwitchCell({ definition, field, row, options, label, canEdit }: SwitchProps) {
  const t = useTranslate();
  const { mutateAsync, mutation } = useUpdate<Row, HttpError>();
  const stored = String(row[field]) === String(options[0]!.value);
  // What the user chose stays shown until the saved row comes back (no flicker), and goes when it fails.
  const [chosen, setChosen] = useState<{ checked: boolean; whenStored: boolean }>();
  const checked = chosen && chosen.whenStored === stored ? chosen.checked : stored;
  return (
    <Switch
      size="small"
      checked={checked}
      loading={mutation.isPending}
      disabled={!canEdit}
      aria-label={label}
      onChange={async (next) => {
        setChosen({ checked: next, whenStored: stored });
        try {
          await mutateAsync({
            resource: definition.name,
            id: row.id,
            values: { [field]: options[next ? 0 : 1]!.value },
            successNotification: () => ({ message: t('messages.operationSuccessful'), type: 'success' }),
            errorNotification: (error) => ({ message: error?.message || t('notifications.error'), type: 'error' }),
          });
        } catch {
          setChosen(undefined);
        }
      }}
    />
  );
}
