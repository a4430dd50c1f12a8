/**
 * The person list's bulk actions, through the shared confirmation (../generic/BulkConfirm.tsx):
 * enable or disable (/user/enable), delete (/user/delete), set the department (/user/bulkUpdate
 * with the department tree as the input). Each takes the checked accounts or every account the
 * search matches. Loaded on first use.
 */
import { useTranslate } from '@refinedev/core';
import { FormTreeSelect } from '../generic/formChoices';
import { staffEntity } from '../../contract/entities/staff';
import { callUrl, STAFF_CALLS } from '../../contract/paths';
import { useLocale } from '../../providers/locale';
import { BulkConfirm, BulkDeleteConfirm, useRowsPhrase } from '../generic/BulkConfirm';
import type { BulkSetAction } from '../generic/bulkActions';
import type { BulkTarget } from '../generic/bulkTarget';
import { contractRule } from '../generic/rules';
import type { OfficeOption } from './staffList';

export type StaffBulkAction = { kind: 'enable'; action: BulkSetAction } | { kind: 'delete' } | { kind: 'office' };

interface Props {
  bulk: StaffBulkAction;
  target: BulkTarget;
  offices: OfficeOption[];
  open: boolean;
  onDone: () => void;
  onRefused: () => void;
  onClose: () => void;
  afterClose: () => void;
}

export function StaffBulkConfirm({ bulk, target, offices, ...dialog }: Props) {
  const t = useTranslate();
  const locale = useLocale();
  const rows = useRowsPhrase(target);
  const changed = (count: number) => t('bulk.done', { count });

  if (bulk.kind === 'delete') return <BulkDeleteConfirm {...dialog} url={callUrl(STAFF_CALLS.delete)} target={target} />;
  if (bulk.kind === 'enable') {
    const { action } = bulk;
    const isDisabling = action.value === '0';
    const question = t('bulk.setQuestion', { rows, field: action.fieldLabel, option: action.optionLabel });
    return (
      <BulkConfirm
        {...dialog}
        title={t('bulk.setTitle')}
        // Disabling ends the members' sessions: said before it happens.
        question={isDisabling ? `${question} ${t('staff.bulk.disableNote')}` : question}
        url={callUrl(STAFF_CALLS.enable)}
        target={target}
        body={() => ({ isEnable: action.value })}
        danger={isDisabling}
        doneMessage={changed}
      />
    );
  }
  const field = staffEntity.fields.officeId;
  const label = field.label[locale];
  return (
    <BulkConfirm
      {...dialog}
      title={t('bulk.setFieldTitle', { field: label })}
      question={t('bulk.setFieldQuestion', { rows, field: label })}
      url={callUrl(STAFF_CALLS.bulkUpdate)}
      target={target}
      input={{
        label,
        rules: [contractRule(field, locale)],
        control: (
          <FormTreeSelect
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
            placeholder={t('resources.placeholder.select', { label })}
            treeData={offices}
            popupMatchSelectWidth={false}
          />
        ),
      }}
      body={(officeId) => ({ values: { officeId } })}
      doneMessage={changed}
    />
  );
}
