/**
 * The import columns of a declared resource: the fields of its form, in the form's order, each
 * headed by its label; a choice by its label or value, a dictionary-backed field by its item's
 * name or value, a reference by the referenced record's name, an amount in major units (yuan).
 */
import type { Kysely } from 'kysely';
import { dictionaryItemText } from '../../contract/dictionaries';
import type { Field } from '../../contract/fields';
import type { Text } from '../../contract';
import { fieldLabelOf, type ResourceDefinition } from '../../resources/define';
import type { DictionaryLookup } from '../crud/recordChecks';
import type { Database } from '../db/schema';
import { decimalParser, MESSAGES, namedValues, partsOf, ruleOf, type ImportColumn, type Parsed } from './columns';
import { recordByName } from './referenceNames';

interface Sources {
  db: Kysely<Database>;
  definitions: readonly ResourceDefinition[];
  dictionaries: DictionaryLookup;
}

/** Whether a column must be in the file: a required field without a default. */
export const isRequiredField = (field: Field) => field.required && field.defaultValue === undefined;

type Single = (cell: string, locale: 'zh-CN' | 'en-US') => Parsed | Promise<Parsed>;

/** One field's column (a new record of `definition`); reads the dictionary's items once, now. */
async function columnOf(definition: ResourceDefinition, name: string, { db, definitions, dictionaries }: Sources): Promise<ImportColumn> {
  const field = definition.entity.fields[name]!;
  const label: Text = fieldLabelOf(definition, name) ?? field.label;
  let single: Single = (cell) => ({ value: cell });
  let choices: Text[] | undefined;
  let rule = ruleOf(field);
  if (field.options) {
    const options = field.options;
    const find = namedValues(options.map((o) => ({ value: o.value, names: [o.label['zh-CN'], o.label['en-US'], String(o.value)] })));
    single = (cell) => ({ value: find(cell) ?? cell });
    choices = options.map((o) => o.label);
  } else if (field.dictionary) {
    const dicKey = field.dictionary;
    const names = (await dictionaries.labels?.(dicKey)) ?? new Map<string, string>();
    const enabled = await dictionaries.enabledValues(dicKey);
    const items = [...names].map(([value, stored]) => ({ value, names: [stored, dictionaryItemText(dicKey, value, stored, 'zh-CN'), dictionaryItemText(dicKey, value, stored, 'en-US'), value] }));
    const find = namedValues(items);
    single = (cell) => ({ value: find(cell) ?? cell });
    choices = items.filter((item) => enabled.has(item.value)).map((item) => ({ 'zh-CN': item.names[1]!, 'en-US': item.names[2]! }));
  } else if (definition.references?.[name]) {
    const spec = definition.references[name]!;
    const target = definitions.find((d) => d.name === spec.resource)!;
    single = recordByName(db, target.table, spec.labelField, target.recordName ?? target.title);
    rule = { 'zh-CN': MESSAGES.reference['zh-CN'].replace('{label}', (target.recordName ?? target.title)['zh-CN']), 'en-US': MESSAGES.reference['en-US'].replace('{label}', (target.recordName ?? target.title)['en-US']) };
  } else if (field.rule.kind === 'decimal') {
    single = decimalParser(field.rule.scale);
  }
  const parse = field.rule.kind === 'tags'
    ? async (cell: string, locale: 'zh-CN' | 'en-US'): Promise<Parsed> => {
        const values: unknown[] = [];
        for (const part of partsOf(cell)) {
          const parsed = await single(part, locale);
          if ('problem' in parsed) return parsed;
          values.push(parsed.value);
        }
        return { value: values };
      }
    : single;
  return { field: name, label, required: isRequiredField(field), rule, ...(choices ? { choices } : {}), parse };
}

/** The columns of a file of new records of `definition` (its form's fields). */
export async function declaredColumns(definition: ResourceDefinition, sources: Sources, serverFields: ReadonlySet<string>): Promise<ImportColumn[]> {
  const names = [...new Set(definition.form.map((spec) => spec.field))].filter((name) => name in definition.entity.fields && !serverFields.has(name));
  return Promise.all(names.map((name) => columnOf(definition, name, sources)));
}

/** The entity's unique rules as an import checks them between the file's rows. */
export function declaredUnique(definition: ResourceDefinition, label: (field: string) => Text) {
  return definition.entity.unique.map((rule) => ({
    fields: rule.fields,
    label: { 'zh-CN': rule.fields.map((f) => label(f)['zh-CN']).join('、'), 'en-US': rule.fields.map((f) => label(f)['en-US']).join(', ') },
  }));
}
