/**
 * The bulk actions a list offers on its selected rows, from its definition: for each field it may
 * set in bulk that is a choice of two options (a switch's field, a `bulk` one), one action per
 * option ("批量启用", "批量停用"); every other bulk field (a dictionary's item, a reference, a
 * number or text) one "批量设置…" action whose confirmation holds that field's own input.
 */
import type { Locale } from '../../contract/i18n';
import { bulkFieldsOf, type ResourceDefinition } from '../define';

export interface BulkSetAction {
  field: string;
  fieldLabel: string;
  value: string | number;
  optionLabel: string;
}

/** Setting a field to a value typed or picked in the confirmation. */
export interface BulkFieldAction {
  field: string;
  fieldLabel: string;
}

const isTwoOptions = (definition: ResourceDefinition, field: string) => definition.entity.fields[field]?.options?.length === 2;

export function bulkSetActions(definition: ResourceDefinition, locale: Locale): BulkSetAction[] {
  return bulkFieldsOf(definition).flatMap((field) => {
    if (!isTwoOptions(definition, field)) return [];
    const spec = definition.entity.fields[field]!;
    return spec.options!.map((option) => ({ field, fieldLabel: spec.label[locale], value: option.value, optionLabel: option.label[locale] }));
  });
}

export function bulkFieldActions(definition: ResourceDefinition, locale: Locale): BulkFieldAction[] {
  return bulkFieldsOf(definition).flatMap((field) => {
    const spec = definition.entity.fields[field];
    return spec && !isTwoOptions(definition, field) ? [{ field, fieldLabel: spec.label[locale] }] : [];
  });
}
