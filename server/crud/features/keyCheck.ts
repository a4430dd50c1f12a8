/**
 * The key-availability call of a writable resource (`keyCheck`, e.g. `vaildKey?dicKey=x&id=5`):
 * true when no other record than `id` holds the key. The key is the last field of one of the
 * entity's unique rules; the rule's other fields are the check's scope (a role key per app, an
 * item value per dictionary), each required and read with its own rule (1001 otherwise).
 */
import { fieldSchema, uniqueRuleOf, type Locale } from '../../../contract';
import { hasAction } from '../../../resources/define';
import { success } from '../../http/envelope';
import { missingParam, optionalId, requestParams, textParam } from '../../http/params';
import type { FeatureFactory } from '../feature';
import { recordChecks } from '../recordChecks';
import { fieldRefusal } from '../refusals';
import { isStorableId } from '../storableId';
import { z } from 'zod';
import { DEFAULT_LOCALE } from '../../../contract/i18n';
import { EXAMPLE_ID, idParam, type RouteDoc } from '../../http/routeDoc';

export const keyCheck: FeatureFactory = ({ db, definitions, dictionaries, repository }, definition) => {
  const spec = definition.keyCheck;
  if (!spec || !(hasAction(definition, 'create') || hasAction(definition, 'edit'))) return undefined;
  const { entity } = definition;
  const { referenceFields } = recordChecks(db, definitions, definition, dictionaries);

  /** The check's scope: the other fields of the key's unique rule; undefined when a value can name no record. */
  function scopeOf(params: Record<string, unknown>, locale: Locale): Record<string, unknown> | undefined {
    const rule = uniqueRuleOf(entity, spec!.param);
    const scope: Record<string, unknown> = {};
    for (const within of rule?.fields.slice(0, -1) ?? []) {
      if (textParam(params[within]) === undefined) throw fieldRefusal(entity, within, 'required', locale);
      const parsed = fieldSchema(entity.fields[within]!, locale).safeParse(params[within]);
      if (!parsed.success) throw fieldRefusal(entity, within, 'choice', locale);
      if (referenceFields.has(within) && !isStorableId(parsed.data as number)) return undefined;
      scope[within] = parsed.data;
    }
    return scope;
  }

  /** The key, the record being edited, and the rule's other fields with their own schemas. */
  function keyCheckDoc(): RouteDoc {
    const within = uniqueRuleOf(entity, spec!.param)?.fields.slice(0, -1) ?? [];
    return {
      params: z.object({
        [spec!.param]: z.string().min(1),
        id: idParam.optional().describe('the record being edited'),
        ...Object.fromEntries(within.map((field) => [field, fieldSchema(entity.fields[field]!, DEFAULT_LOCALE)])),
      }),
      example: { [spec!.param]: 'zz', ...Object.fromEntries(within.map((field) => [field, EXAMPLE_ID])) },
    };
  }

  return {
    routes: [
      {
        method: 'GET',
        url: `/${spec.path}`,
        doc: keyCheckDoc(),
        answeredBy: 'parent',
        async handler(request) {
          const params = requestParams(request);
          const value = textParam(params[spec.param]);
          if (value === undefined) throw missingParam(spec.param, request.locale);
          const id = optionalId(params.id, request.locale);
          const scope = scopeOf(params, request.locale);
          const ownerId = scope && (await repository.findIdBy(spec.param, value, scope));
          return success(request, ownerId === undefined || ownerId === id);
        },
      },
    ],
  };
};
