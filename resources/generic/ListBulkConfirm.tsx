/**
 * The confirmation of a declared list's bulk action (./BulkConfirm.tsx) for its definition: a
 * two-option set, a field set to a value typed here with the field's own input and rule, or the
 * delete of every matching row (a delete of checked rows asks through DeleteConfirm, with what it
 * takes along). Loaded on first use with the inputs it needs.
 */
import { useTranslate } from '@refinedev/core';
import { useLocale } from '../../providers/locale';
import { BULK_UPDATE_PATH, endpointOf, type FormFieldSpec, type ResourceDefinition } from '../define';
import type { BulkFieldAction, BulkSetAction } from './bulkActions';
import { BulkConfirm, BulkDeleteConfirm, useRowsPhrase } from './BulkConfirm';
import type { BulkTarget } from './bulkTarget';
import { FieldControl } from './FieldControl';
import { joinedSlots } from './formValues';
import { referenceOf } from './references';
import { contractRule } from './rules';
import { useBulkSaveStep } from './useBulkSaveStep';

export type ListBulkAction = { kind: 'set'; action: BulkSetAction } | { kind: 'field'; action: BulkFieldAction } | { kind: 'delete' };

interface Props {
  definition: ResourceDefinition;
  bulk: ListBulkAction;
  target: BulkTarget;
  open: boolean;
  onDone: () => void;
  onRefused: () => void;
  onClose: () => void;
  afterClose: () => void;
}

export function ListBulkConfirm({ definition, bulk, target, ...dialog }: Props) {
  const t = useTranslate();
  const locale = useLocale();
  const rows = useRowsPhrase(target);
  const endpoint = endpointOf(definition);
  const bulkUpdate = `${endpoint}/${BULK_UPDATE_PATH}`;
  const updated = (count: number) => t('bulk.done', { count });
  // A two-option set knows its value here: its definition's save step, if it names the field, comes first.
  const step = useBulkSaveStep(definition, bulk.kind === 'set' ? { [bulk.action.field]: bulk.action.value } : undefined, target);

  if (bulk.kind === 'delete') return <BulkDeleteConfirm {...dialog} url={`${endpoint}/delete`} target={target} />;
  if (bulk.kind === 'set') {
    const { action } = bulk;
    return (
      <BulkConfirm
        {...dialog}
        title={t('bulk.setTitle')}
        question={t('bulk.setQuestion', { rows, field: action.fieldLabel, option: action.optionLabel })}
        url={bulkUpdate}
        target={target}
        body={() => ({ values: { [action.field]: action.value } })}
        doneMessage={updated}
        step={step}
      />
    );
  }
  const { field: name, fieldLabel } = bulk.action;
  const field = definition.entity.fields[name]!;
  // The form's own input for the field (its widget), else the one its rule implies.
  const spec: FormFieldSpec = definition.form.find((item) => item.field === name && item.to === undefined) ?? { field: name };
  const isSlots = spec.widget === 'slots';
  const toValue = (value: unknown) => (isSlots ? joinedSlots(value) : value);
  return (
    <BulkConfirm
      {...dialog}
      title={t('bulk.setFieldTitle', { field: fieldLabel })}
      question={t('bulk.setFieldQuestion', { rows, field: fieldLabel })}
      url={bulkUpdate}
      target={target}
      input={{
        label: fieldLabel,
        rules: [contractRule(field, locale, toValue)],
        control: <FieldControl spec={spec} field={field} locale={locale} reference={referenceOf(definition, name)} />,
      }}
      body={(value) => ({ values: { [name]: toValue(value) } })}
      doneMessage={updated}
    />
  );
}
