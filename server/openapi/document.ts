/**
 * The API document (OpenAPI 3.1), generated from what the server registered: every call of the
 * route table (server/app.ts `routeTable`, filled by an onRoute hook, so a route added anywhere is
 * in it) with its access level, the API element the guard matches and the seeded buttons holding
 * it (the screen catalogue the seed builds the menu tree from), and what its `config.doc` says it
 * accepts: zod schemas of contract/ and server/, turned into JSON Schema by zod 4's toJSONSchema.
 */
import { z } from 'zod';
import { API_PREFIX, API_PREFIXES, apiElementPath, Code, codeMessages, TOKEN_HEADER } from '../../contract';
import type { DocDocument, DocGrant, DocOperation, DocParameter } from '../../contract/openapi';
import { apiName } from '../db/apiNames';
import type { ScreenSpec } from '../db/screenCatalogue';
import { pageElementCode } from '../db/baseMenuTree';
import { isGuardedPath } from '../http/paths';
import type { DocumentedRoute, RouteDoc } from '../http/routeDoc';

type JsonSchema = Record<string, unknown>;

/** JSON Schema of what a route accepts (its input side: before transforms and defaults). */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
}

/** Which seeded buttons hold each API element (its `url`). */
function grantsByApi(screens: readonly ScreenSpec[]): Map<string, DocGrant[]> {
  const out = new Map<string, DocGrant[]>();
  for (const screen of screens) {
    for (const button of screen.buttons) {
      for (const api of button.apis) out.set(api, [...(out.get(api) ?? []), { menu: screen.component, pageElement: pageElementCode(screen, button) }]);
    }
  }
  return out;
}

/** The prefix of a call and the first segment below it: the operations' group. */
export function tagOf(url: string): string {
  const prefix = API_PREFIXES.filter((p) => url.startsWith(`${p}/`)).sort((a, b) => b.length - a.length)[0] ?? '';
  const first = url.slice(prefix.length).split('/')[1] ?? '';
  return `${prefix} ${first}`.trim();
}

/** The codes a call may answer: the guard's, the body parser's, the parameters' and its own. */
function codesOf(method: string, access: DocumentedRoute['access'], doc: RouteDoc | undefined): number[] {
  const codes = new Set<number>([Code.OK]);
  if (method === 'POST') [Code.BAD_REQUEST, Code.PAYLOAD_TOO_LARGE].forEach((c) => codes.add(c));
  if (doc?.params || doc?.query || doc?.fileBody) codes.add(Code.VALIDATION_FAILED);
  if (access !== 'public') [Code.NO_TOKEN, Code.TOKEN_EXPIRED].forEach((c) => codes.add(c));
  if (access === 'permission') [Code.FORBIDDEN, Code.PASSWORD_CHANGE_REQUIRED].forEach((c) => codes.add(c));
  for (const c of doc?.codes ?? []) codes.add(c);
  codes.add(Code.INTERNAL_ERROR);
  return [...codes].sort((a, b) => a - b);
}

function queryParameters(schema: z.ZodType | undefined): DocParameter[] {
  if (!schema) return [];
  const json = jsonSchemaOf(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: property,
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
  }));
}

const ENVELOPE = {
  type: 'object',
  required: ['code', 'msg', 'data'],
  properties: { code: { type: 'integer', description: '0 = success; see x-codes' }, msg: { type: 'string' }, data: {} },
};

function operationOf(route: DocumentedRoute, grants: Map<string, DocGrant[]>): DocOperation {
  const { doc, access, method } = route;
  const element = apiElementPath(route.url);
  const example = doc?.example ?? {};
  const isGet = method === 'GET';
  const body = !isGet && doc?.params ? jsonSchemaOf(doc.params) : undefined;
  const title = apiName(element);
  return {
    operationId: `${method.toLowerCase()}${route.url.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    summary: title['en-US'],
    tags: [tagOf(route.url)],
    parameters: [...(isGet ? queryParameters(doc?.params) : []), ...queryParameters(doc?.query)],
    ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: body, example } } } } : {}),
    ...(doc?.fileBody ? { requestBody: { required: true, content: { [doc.fileBody.type]: { schema: { type: 'string', contentMediaType: doc.fileBody.type } } } } } : {}),
    responses: { '200': { description: 'The envelope: code 0 with data, or another code of x-codes with msg', content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } } } },
    security: access === 'public' ? [] : [{ accessToken: [] }],
    'x-title': title,
    'x-access': access,
    ...(access === 'permission' ? { 'x-api-element': element, 'x-granted-by': grants.get(element) ?? [] } : {}),
    'x-codes': codesOf(method, access, doc),
    'x-example': isGet
      ? { query: example as Record<string, string | number> }
      : doc?.fileBody
        ? { query: example as Record<string, string | number>, file: `${route.url.slice(0, route.url.lastIndexOf('/'))}/${doc.fileBody.exampleFrom}` }
        : { body: example },
  };
}

/** The document of every call `routes` holds (HEAD mirrors of GET routes left out). */
export function buildDocument(routes: readonly DocumentedRoute[], screens: readonly ScreenSpec[], version: string): DocDocument {
  const grants = grantsByApi(screens);
  const paths: DocDocument['paths'] = {};
  for (const route of routes) {
    if (route.method === 'HEAD' || !isGuardedPath(route.url)) continue;
    const method = route.method.toLowerCase() as 'get' | 'post';
    paths[route.url] = { ...paths[route.url], [method]: operationOf(route, grants) };
  }
  const tags = [...new Set(Object.keys(paths).map(tagOf))].sort().map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Staff back-office console API',
      version,
      description: `Every answer is the envelope {code, msg, data}. Calls below ${API_PREFIX} and the other prefixes (${API_PREFIXES.join(', ')}) need the ${TOKEN_HEADER} header unless x-access is public; a permission call needs its API element (x-api-element) granted through one of the buttons of x-granted-by.`,
    },
    servers: [{ url: '/' }],
    tags,
    paths,
    components: {
      schemas: { Envelope: ENVELOPE },
      securitySchemes: { accessToken: { type: 'apiKey', in: 'header', name: TOKEN_HEADER } },
    },
    'x-codes': Object.fromEntries(Object.entries(codeMessages).map(([code, message]) => [code, message])),
  };
}
