import { describe, expect, it } from 'vitest';
import { after } from '../../../contract/crossRules';
import { optionalTags } from '../../../contract/fields';
import { loginLogResource } from '../../../resources/audit/definition';
import { customerResource } from '../../../resources/customer/definition';
import type { ResourceDefinition } from '../../../resources/define';
import { resourceDefinitions } from '../../../resources/registry';
import { checkDefinitions, definitionProblems } from '../../../server/crud/definitionRules';

/** The registry with `changed` in place of the customer definition. */
const problemsWith = (changed: Partial<ResourceDefinition>) => {
  const definition = { ...customerResource, ...changed } as ResourceDefinition;
  return definitionProblems(definition, resourceDefinitions.map((d) => (d.name === definition.name ? definition : d)));
};

describe('the rules a declared resource must keep to be served', () => {
  it('hold for every definition of the registry', () => {
    expect(() => checkDefinitions(resourceDefinitions)).not.toThrow();
  });

  it('refuse a name of no field, a switch over anything but a choice of two, and an order cell of another field', () => {
    expect(problemsWith({ columns: [...customerResource.columns, { field: 'nowhere' }] })).toEqual(['Resource customer: columns names nowhere, which is not one of its fields']);
    expect(problemsWith({ search: ['name', 'nowhere'] })).toEqual(['Resource customer: search names nowhere, which is not one of its fields']);
    expect(problemsWith({ indexes: [['name'], ['userType', 'nowhere']] })).toEqual(['Resource customer: indexes names nowhere, which is not one of its fields']);
    expect(problemsWith({ entity: { ...customerResource.entity, unique: [{ fields: ['nowhere', 'name'], duplicate: { 'zh-CN': '重复', 'en-US': 'Taken' } }] } })).toEqual([
      'Resource customer: entity.unique names nowhere, which is not one of its fields',
    ]);
    expect(problemsWith({ columns: [{ field: 'name', cell: 'switch' }] })).toEqual(['Resource customer: column name is a switch, which needs a choice of two options']);
    expect(problemsWith({ columns: [{ field: 'name', cell: 'order' }] })).toEqual(['Resource customer: column name shows the order, but order names no field']);
  });

  it('refuse a bulk field that is no field, one an update may not change or a feature guards, and bulk without edit', () => {
    const editable = { actions: ['list', 'edit'] } as const;
    expect(problemsWith({ ...editable, bulk: ['isEnable'] })).toEqual([]);
    expect(problemsWith({ bulk: ['isEnable'] })).toEqual(['Resource customer: bulk needs the edit action']);
    expect(problemsWith({ ...editable, bulk: ['nowhere'] })).toEqual(['Resource customer: bulk names nowhere, which is not one of its fields']);
    expect(problemsWith({ ...editable, bulk: ['isEnable'], fixed: ['isEnable'] })).toEqual(['Resource customer: isEnable is set in bulk, so it cannot be fixed (or the master field)']);
    expect(problemsWith({ ...editable, bulk: ['isEnable'], fixedWhileUsed: { fields: ['isEnable'], table: 'user', column: 'id', reason: { 'zh-CN': '使用中', 'en-US': 'In use' } } })).toEqual([
      'Resource customer: isEnable is set in bulk, so it cannot be fixedWhileUsed',
    ]);
  });

  it('refuse a form range to no field, or between fields that are not two dates or two instants', () => {
    expect(problemsWith({ form: [{ field: 'name', to: 'nowhere' }] })).toEqual([
      'Resource customer: form (to) names nowhere, which is not one of its fields',
      'Resource customer: form item name is a range to nowhere, which needs two date or two dateTime fields',
    ]);
    expect(problemsWith({ form: [{ field: 'name', to: 'email' }] })).toEqual(['Resource customer: form item name is a range to email, which needs two date or two dateTime fields']);
  });

  it('refuse a unique rule, a cross rule or a fixed field naming no field', () => {
    const entity = customerResource.entity;
    const taken = { 'zh-CN': '重复', 'en-US': 'Taken' };
    expect(problemsWith({ entity: { ...entity, unique: [{ fields: ['name'], duplicate: taken }, { fields: ['name', 'nowhere'], duplicate: taken }] } })).toEqual([
      'Resource customer: entity.unique names nowhere, which is not one of its fields',
    ]);
    expect(problemsWith({ entity: { ...entity, rules: [after('nowhere', 'name')] } })).toEqual([
      'Resource customer: entity.rules names nowhere, which is not one of its fields',
      'Resource customer: entity.rules (on) names nowhere, which is not one of its fields',
    ]);
    expect(problemsWith({ entity: { ...entity, rules: [{ fields: ['name'], on: 'elsewhere', check: () => undefined }] } })).toEqual([
      'Resource customer: entity.rules (on) names elsewhere, which is not one of its fields',
    ]);
    expect(problemsWith({ fixed: ['name', 'nowhere'] })).toEqual(['Resource customer: fixed names nowhere, which is not one of its fields']);
  });

  it('refuse a masked field searched, filtered, ranged or sorted on, naming resource and field', () => {
    expect(problemsWith({ search: ['name', 'email'] })).toEqual([expect.stringMatching(/^Resource customer: field email is masked \(privacy\.masked\), so it cannot be a "contains" search/)]);
    expect(problemsWith({ filters: ['telephone'] })).toEqual([expect.stringContaining('field telephone is masked (privacy.masked), so it cannot be an exact filter')]);
    // A QQ number is text, which no range compares in order either.
    expect(problemsWith({ ranges: ['qq'] })).toEqual([
      expect.stringContaining('field qq is masked (privacy.masked), so it cannot be a range'),
      'Resource customer: ranges names qq, which is no date, instant, amount or number',
    ]);
    expect(problemsWith({ sort: [['telephone', 'asc']] })).toEqual([expect.stringContaining('field telephone is masked (privacy.masked), so it cannot be a sort key')]);
    expect(() => checkDefinitions([{ ...customerResource, search: ['telephone'] } as ResourceDefinition, ...resourceDefinitions.filter((d) => d.name !== 'customer')])).toThrow(
      /Resource customer: field telephone is masked/,
    );
  });

  it('refuse a lookup of a field that is not masked, or whose mask kind has no whole value', () => {
    const privacy = customerResource.privacy!;
    expect(problemsWith({ privacy: { ...privacy, lookup: ['name'] } })).toEqual(['Resource customer: privacy.lookup names name, which privacy.masked does not mask']);
    expect(problemsWith({ privacy: { ...privacy, lookup: ['bankCode'] } })).toEqual([expect.stringContaining('bankCode, whose mask kind bankAccount has no whole-value lookup')]);
  });

  it('refuse a reference to an undeclared resource, or to one whose list requires filters (its labels are read by id alone)', () => {
    expect(problemsWith({ references: { name: { resource: 'nowhere', labelField: 'name' } } })).toEqual(['Resource customer: references.name names the undeclared resource nowhere']);
    expect(problemsWith({ references: { name: { resource: 'customerBank', labelField: 'payee' } } })).toEqual([
      'Resource customer: references.name names customerBank, whose list requires userId (requiredFilters), so its labels cannot be read by id',
    ]);
  });

  it('refuse a reveal log that is not declared or lacks the fields a log holds', () => {
    const privacy = customerResource.privacy!;
    expect(problemsWith({ privacy: { ...privacy, log: { resource: 'nowhere', subject: 'userId' } } })).toEqual(['Resource customer: privacy.log names the undeclared resource nowhere']);
    expect(problemsWith({ privacy: { ...privacy, log: { resource: 'param', subject: 'userId' } } })).toEqual([expect.stringMatching(/its reveal log param lacks the field\(s\) kind, staffId, .*userId$/)]);
  });

  it('refuse fields fixed while in use that the resource lacks, or one named like the detail\'s flag', () => {
    const usage = { table: 'permission', column: 'appId', reason: { 'zh-CN': '占用', 'en-US': 'In use' } };
    expect(problemsWith({ fixedWhileUsed: { ...usage, fields: ['nowhere'] } })).toEqual(['Resource customer: fixedWhileUsed names nowhere, which is not one of its fields']);
    const entity = { ...customerResource.entity, fields: { ...customerResource.entity.fields, inUse: customerResource.entity.fields.name! } };
    expect(problemsWith({ entity, fixedWhileUsed: { ...usage, fields: ['name'] } })).toEqual([expect.stringContaining('a field named inUse would be hidden')]);
    expect(problemsWith({ fixedWhileUsed: { ...usage, fields: ['name'] } })).toEqual([]);
  });

  it('refuse a computed column that sorts or shows through a built-in cell, and a searched field named like the sort parameter', () => {
    const computed = { key: 'total', label: customerResource.title, cell: 'text', sortable: true } as unknown as ResourceDefinition['columns'][number];
    expect(problemsWith({ columns: [...customerResource.columns, computed] })).toEqual([
      expect.stringContaining('computed column total cannot be sortable'),
      expect.stringContaining('computed column total needs a registered cell'),
    ]);
    expect(problemsWith({ columns: [...customerResource.columns, { key: 'total', label: customerResource.title, cell: 'lineTotal' }] })).toEqual([]);
    const entity = { ...customerResource.entity, fields: { ...customerResource.entity.fields, sort: customerResource.entity.fields.name! } };
    expect(problemsWith({ entity, search: ['sort'], columns: [{ field: 'name', sortable: true }] })).toEqual([expect.stringContaining('sort is the list\'s sort parameter')]);
  });

  it('refuse an append-only resource stamped by no instant, or with no bounded total to keep', () => {
    const problems = (changed: Partial<ResourceDefinition>) => definitionProblems({ ...loginLogResource, ...changed } as ResourceDefinition, resourceDefinitions);
    expect(problems({})).toEqual([]);
    expect(problems({ appendOnly: 'address' })).toEqual(['Resource loginLog: appendOnly names address, which is no instant (a date-time, or milliseconds as digits)']);
    expect(problems({ boundedTotal: undefined })).toEqual(['Resource loginLog: appendOnly keeps a bounded total, and it has none (boundedTotal)']);
  });

  it('refuse a tags field searched, ranged, sorted or fixed, one of records without references, and a range over text', () => {
    const label = { 'zh-CN': '标签', 'en-US': 'Tags' };
    const fields = { ...customerResource.entity.fields, labels: optionalTags(label, { dictionary: 'business_type' }), roleIds: optionalTags(label, { reference: true }) };
    const entity = { ...customerResource.entity, fields };
    const references = { roleIds: { resource: 'role', labelField: 'name' } };
    expect(problemsWith({ entity, references, filters: ['labels', 'roleIds'] })).toEqual([]);
    expect(problemsWith({ entity, references, search: ['labels'], fixed: ['roleIds'] })).toEqual([
      'Resource customer: search names the tags field labels; a tags field is found by one of its values (filters)',
      'Resource customer: fixed names the tags field roleIds; a tags field is found by one of its values (filters)',
    ]);
    expect(problemsWith({ entity, columns: [{ field: 'labels', sortable: true }] })).toEqual([
      'Resource customer: sortable names the tags field labels; a tags field is found by one of its values (filters)',
      'Resource customer: the tags field roleIds holds records\' ids, so references.roleIds must name their resource',
    ]);
    expect(problemsWith({ ranges: ['name'] })).toEqual(['Resource customer: ranges names name, which is no date, instant, amount or number']);
  });
});
