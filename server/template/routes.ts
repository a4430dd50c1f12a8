/**
 * Report-template publishing (SPEC §2.20, §7 Other: POST /v2/js/template/create), with the
 * published versions to read back: the templates by name, a template's versions, and one version
 * with the script of the version before it (for a diff). Every version is kept; publishing a
 * version a template already has is refused (1005).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  Code,
  MAX_TEMPLATE_PARAMETERS,
  TEMPLATE_PARAMETER_DUPLICATE,
  TEMPLATE_PARAMETERS_TOO_MANY,
  templateEntity,
  templateParameterEntity,
  text,
  validateEntity,
  parsePaging,
  type Locale,
  type TemplateParameter,
} from '../../contract';
import { TEMPLATE_CALLS } from '../../contract/paths';
import type { Database } from '../db/schema';
import { isUniqueViolation } from '../db/uniqueViolation';
import { ApiError } from '../errors';
import { success, successSaying } from '../http/envelope';
import { missingParam, requestParams, requiredId, textParam } from '../http/params';
import { callerOf } from '../http/requestContext';
import { templateRepository } from './repository';
import { z } from 'zod';
import { entitySchema } from '../../contract/validation';
import { idDoc, paramsDoc, type RouteDoc } from '../http/routeDoc';

const published = (name: string, version: string) => text(`已发布 ${name} ${version}`, `Published ${name} ${version}`);

function refusal(fields: Record<string, string>): ApiError {
  return new ApiError(Code.VALIDATION_FAILED, Object.values(fields)[0], { fields });
}

/** The parameters list: each by its entity's rules (`parameters.<i>.<field>`), names unique, at most 50. */
function parametersOf(value: unknown, locale: Locale): TemplateParameter[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw refusal({ parameters: TEMPLATE_PARAMETERS_TOO_MANY[locale] });
  if (value.length > MAX_TEMPLATE_PARAMETERS) throw refusal({ parameters: TEMPLATE_PARAMETERS_TOO_MANY[locale] });
  const seen = new Set<string>();
  return value.map((input, index) => {
    const checked = validateEntity(templateParameterEntity, input, locale);
    if (!checked.ok) throw refusal(Object.fromEntries(Object.entries(checked.fields).map(([field, message]) => [`parameters.${index}.${field}`, message])));
    if (seen.has(checked.value.paramName)) throw refusal({ [`parameters.${index}.paramName`]: TEMPLATE_PARAMETER_DUPLICATE[locale] });
    seen.add(checked.value.paramName);
    return { ...checked.value, remark: checked.value.remark ?? null };
  });
}

/** A new version of a template: the template's fields and its parameters, each a templateParameterEntity. */
const TEMPLATE_CREATE_DOC: RouteDoc = {
  params: (entitySchema(templateEntity) as unknown as z.ZodObject).extend({ parameters: z.array(entitySchema(templateParameterEntity)).max(MAX_TEMPLATE_PARAMETERS).optional() }),
  // A real version is written: the test's database takes this one row.
  example: { name: 'openapi-example', version: '1.0.0', remark: 'example', code: 'return 1;', parameters: [] },
  codes: [Code.DUPLICATE],
};

export function templateRoutes(db: Kysely<Database>) {
  const repo = templateRepository(db);

  return async function register(app: FastifyInstance): Promise<void> {
    app.post(TEMPLATE_CALLS.create, { config: { writes: true, doc: TEMPLATE_CREATE_DOC } }, async (request) => {
      const { locale } = request;
      const params = requestParams(request);
      const checked = validateEntity(templateEntity, params, locale);
      if (!checked.ok) throw refusal(checked.fields);
      const parameters = parametersOf(params.parameters, locale);
      const { name, version } = checked.value;
      const duplicate = () => {
        const message = templateEntity.unique[0]!.duplicate[locale];
        return new ApiError(Code.DUPLICATE, message, { fields: { version: message } });
      };
      if (await repo.versionExists(name, version)) throw duplicate();
      const caller = callerOf(request);
      try {
        const id = await repo.insert({ ...checked.value, parameters, creatorId: caller.userId, creatorName: caller.name });
        return successSaying(request, await repo.detail(id), published(name, version));
      } catch (error) {
        // Two publications of one version at once: the unique constraint decides.
        if (isUniqueViolation(error)) throw duplicate();
        throw error;
      }
    });

    app.route({
      method: ['GET', 'POST'],
      url: TEMPLATE_CALLS.list,
      config: { doc: paramsDoc({ page: z.union([z.int().min(1), z.string()]).optional(), size: z.union([z.int().min(1), z.string()]).optional(), searchKey: z.string().optional().describe('name contains') }, { page: 1, size: 10 }) },
      handler: async (request) => {
        const params = requestParams(request);
        return success(request, await repo.summaries(parsePaging(params), textParam(params.searchKey)?.slice(0, 50)));
      },
    });

    app.get(TEMPLATE_CALLS.versions, { config: { doc: paramsDoc({ name: z.string().min(1) }, { name: 'zz' }) } }, async (request) => {
      const name = textParam(requestParams(request).name);
      if (name === undefined) throw missingParam('name', request.locale);
      const items = await repo.versions(name.slice(0, 50));
      return success(request, { items, total: items.length });
    });

    app.get(TEMPLATE_CALLS.detail, { config: { doc: idDoc } }, async (request) => {
      const detail = await repo.detail(requiredId(requestParams(request).id, request.locale));
      if (!detail) throw new ApiError(Code.NOT_FOUND);
      return success(request, detail);
    });
  };
}
