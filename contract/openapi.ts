/**
 * The API document (GET /base/admin/openapi.json, OpenAPI 3.1; its path is ./session.ts
 * OPENAPI_PATH): the fields this console adds to each operation beyond OpenAPI's own, which the
 * reference page reads. Types only.
 */

/** Who may call an operation (server/http/requestContext.ts RouteAccess). */
export type DocAccess = 'public' | 'session' | 'permission';

/** A button of a screen whose page element holds the operation's API element. */
export interface DocGrant {
  /** The menu's component name (its `url`). */
  menu: string;
  /** The page element's code, `<component>:<action>`. */
  pageElement: string;
}

/** What every operation of the document carries besides OpenAPI's own fields. */
export interface DocOperationExtras {
  /** The call's name in every language (the seeded API element's name). */
  'x-title': { 'zh-CN': string; 'en-US': string };
  'x-access': DocAccess;
  /** The API element's `url` the guard matches (permission operations only). */
  'x-api-element'?: string;
  /** The seeded buttons whose page element holds that API element. */
  'x-granted-by'?: DocGrant[];
  /** The envelope codes it may answer. */
  'x-codes': number[];
  /** A request that is well formed (made-up ids are answered 1004). */
  'x-example': { query?: Record<string, string | number>; body?: unknown; /** A file body: the GET call answering a file it takes. */ file?: string };
}

export interface DocParameter {
  name: string;
  in: 'query';
  required: boolean;
  schema: Record<string, unknown>;
  description?: string;
}

export interface DocOperation extends DocOperationExtras {
  operationId: string;
  summary: string;
  tags: string[];
  parameters: DocParameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: Record<string, unknown>; example?: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Record<string, unknown> }> }>;
  security: Array<Record<string, string[]>>;
}

export interface DocDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string }>;
  tags: Array<{ name: string }>;
  paths: Record<string, Partial<Record<'get' | 'post', DocOperation>>>;
  components: Record<string, unknown>;
  /** Every envelope code with its message in every language. */
  'x-codes': Record<string, { 'zh-CN': string; 'en-US': string }>;
}
