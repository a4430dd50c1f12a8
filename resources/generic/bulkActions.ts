/**
 * The bulk actions a list offers on its selected rows, from its definition: for each field it may
 * set in bulk that is a choice of two options (a switch's field, a `bulk` one), one action per
 * option ("批量启用", "批量停用"). Other bulk fields need a value input (not offered yet).
 */
import type { Locale } from '../../contract/i18n';
import { bulkFieldsOf, type ResourceDefinition } from '../define';

export interface BulkSetAction {
  field: string;
  fieldLabel: string;
  value: string | number;
  optionLabel: string;
}

export function bulkSetActions(definition: ResourceDefinition, locale: Locale): BulkSetAction[] {
  return bulkFieldsOf(definition).flatMap((field) => {
    const spec = definition.entity.fields[field];
    const options = spec?.options ?? [];
    if (options.length !== 2) return [];
    return options.map((option) => ({ field, fieldLabel: spec!.label[locale], value: option.value, optionLabel: option.label[locale] }));
  });
}
