/**
 * `keyCheck`: the key-availability call of a resource (e.g. GET /param/vaildKey), asked while the
 * user types the key (debounced, ../keyCheck.ts). A key unique within other fields (a role key per
 * app) is asked with their values and re-checked when those change; on edit, the record itself is
 * excluded. A fixed key is not checked.
 */
import { useDataProvider } from '@refinedev/core';
import { useMemo } from 'react';
import { uniqueRuleOf } from '../../../contract/entity';
import { endpointOf, type ResourceDefinition } from '../../define';
import { debounceKeyCheck, isFreeAnswer, keyScope, uniqueRule, type KeyCheck, type KeyScope } from '../keyCheck';
import type { ConsoleFeature, FieldRules, FormFieldContext } from './feature';

/** The key-availability call of a resource, debounced; undefined when it declares none. */
function useKeyCheck(definition: ResourceDefinition): KeyCheck | undefined {
  const dataProvider = useDataProvider();
  return useMemo(() => {
    const keyCheck = definition.keyCheck;
    if (!keyCheck) return undefined;
    return debounceKeyCheck(async (value, scope) => {
      const provider = dataProvider();
      if (!provider.custom) return true;
      const { data } = await provider.custom({
        url: `${endpointOf(definition)}/${keyCheck.path}`,
        method: 'get',
        // A key unique within another field (a role key per app) is asked with that value too.
        query: { ...scope, [keyCheck.param]: value },
      });
      return isFreeAnswer(data);
    });
  }, [dataProvider, definition]);
}

function useKeyRules(definition: ResourceDefinition): ((field: FormFieldContext) => FieldRules | undefined) | undefined {
  const keyCheck = useKeyCheck(definition);
  return useMemo(() => {
    if (!keyCheck) return undefined;
    return ({ field, action, id, locale, isFixed }: FormFieldContext) => {
      const unique = definition.keyCheck?.param === field && !isFixed ? uniqueRuleOf(definition.entity, field) : undefined;
      if (!unique) return undefined;
      const scopeFields = unique.fields.slice(0, -1);
      const editedId: KeyScope = action === 'edit' && id !== undefined ? { id: String(id) } : {};
      return {
        rules: [
          ({ getFieldValue }) =>
            uniqueRule(keyCheck, unique.duplicate[locale], () => {
              const scope = keyScope(scopeFields, getFieldValue);
              return scope && { ...scope, ...editedId };
            }),
        ],
        dependencies: scopeFields,
      };
    };
  }, [definition, keyCheck]);
}

export const keyCheckFeature: ConsoleFeature = { key: 'keyCheck', useFieldRules: useKeyRules };
