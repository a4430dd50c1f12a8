/**
 * The UA rule tool's calls beside the declared list (SPEC §7 UA): publish a rule, parse strings
 * (optionally with a draft rule in front), count what a draft would also classify, export the
 * rule set as uap-core's regexes.yaml, list the published rules, unpublish one, reopen a record.
 *
 * Every regex match runs in a worker thread (./pool.ts), never on this event loop: the handlers
 * here check the request's shape, read the database and hand the work over. Each task checks the
 * operators' patterns (contract/uaRegex: compiled size included) and measures its work before
 * doing it (./tasks.ts); a task that spends its time budget is stopped. A caller has at most
 * MAX_CALLS_PER_CALLER such calls at a time; more are answered 1009 at once.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Code, format, type Locale, type Text } from '../../contract';
import { UA_CALLS } from '../../contract/paths';
import { checkSubmission, UA_LIMITS, UA_MESSAGES, uapRulesOf, type UaParserSubmission } from '../../contract/ua';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { success, successSaying } from '../http/envelope';
import { invalidParam, optionalId, requestParams, requiredIds } from '../http/params';
import { callerOf } from '../http/requestContext';
import { exportRegexesYaml } from './exportYaml';
import { createUaPool, DEFAULT_UA_POOL, UaPoolBusy, UaTaskTimeout, type UaPool, type UaPoolOptions } from './pool';
import { uaRepository } from './repository';
import { RULE_KINDS } from './ruleSet';
import type { OperatorRule, PublishedRules, UaAnswer, UaTask } from './tasks';
import { z } from 'zod';
import { PARSER_GROUPS } from '../../contract/ua';
import { EXAMPLE_ID, idParam, idsDoc, paramsDoc } from '../http/routeDoc';

/** A parse call's body: 1,000 strings of typical length, or one very long one, fit. */
const PARSE_BODY_LIMIT = 2 * 1024 * 1024;
/** Parse, preview and publish calls one caller may have running or waiting at once. */
export const MAX_CALLS_PER_CALLER = 3;
/** Rules one page of the rule list shows, at most. */
const MAX_RULES_PAGE = 100;

function refusal(fields: Record<string, string>): ApiError {
  return new ApiError(Code.VALIDATION_FAILED, Object.values(fields)[0], { fields });
}

function say(message: Text, locale: Locale, params: Record<string, string | number>): string {
  return format(message[locale], params);
}

/** A submission's groups as operator rules, their problems reported under `<prefix><group>.regex`. */
function operatorRules(submission: Pick<UaParserSubmission, 'deviceParser' | 'osParser' | 'browserParser'>, prefix: string): OperatorRule[] {
  const rules = uapRulesOf(submission);
  const groupOf = { device: 'deviceParser', os: 'osParser', ua: 'browserParser' } as const;
  return RULE_KINDS.flatMap((kind) => {
    const rule = rules[kind];
    return rule ? [{ kind, rule, field: `${prefix}${groupOf[kind]}.regex` }] : [];
  });
}

/**
 * A draft rule in a request (`rule`), its shape checked like a submission (the patterns are
 * judged by the worker, which compiles them); undefined when absent.
 */
/** The parser groups of a submission as contract/ua.ts PARSER_GROUPS names their fields (checkSubmission is the check). */
const PARSER_GROUPS_SHAPE = Object.fromEntries(
  PARSER_GROUPS.map((group) => [
    group.key,
    z
      .object(Object.fromEntries(group.fields.map((field) => [field.name, (field.options ? z.enum(field.options.map((o) => o.value) as [string, ...string[]]) : z.string()).optional()])))
      .extend({ regex: z.string().min(1).max(UA_LIMITS.regex) })
      .optional(),
  ]),
);

function draftOf(value: unknown, locale: Locale): OperatorRule[] | undefined {
  if (value === undefined || value === null) return undefined;
  const checked = checkSubmission(value, () => null, locale, { needsId: false });
  if (!checked.ok) throw refusal(Object.fromEntries(Object.entries(checked.fields).map(([k, v]) => [`rule.${k}`, v])));
  return operatorRules(checked.value, 'rule.');
}

function uaMessagesOf(value: unknown, locale: Locale): string[] {
  if (!Array.isArray(value) || value.some((s) => typeof s !== 'string')) throw refusal({ uaMessages: say(UA_MESSAGES.notText, locale, {}) });
  if (value.length > UA_LIMITS.parseStrings) throw refusal({ uaMessages: say(UA_MESSAGES.tooManyStrings, locale, { max: UA_LIMITS.parseStrings }) });
  const index = (value as string[]).findIndex((s) => s.length > UA_LIMITS.parseChars);
  if (index >= 0) throw refusal({ [`uaMessages.${index}`]: say(UA_MESSAGES.stringTooLong, locale, { max: UA_LIMITS.parseChars }) });
  return value as string[];
}

function pageParam(value: unknown, name: string, fallback: number, max: number, locale: Locale): number {
  if (value === undefined || value === null || value === '') return fallback;
  const raw = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,6}$/.test(raw) || Number(raw) < 1 || Number(raw) > max) throw invalidParam(name, locale);
  return Number(raw);
}

export function uaRoutes(db: Kysely<Database>, poolOptions: UaPoolOptions = {}) {
  const repo = uaRepository(db);
  let published: PublishedRules | undefined;
  let pool: UaPool | undefined;
  const callsOf = new Map<number, number>();

  /** The published rules, read again only when one was published or unpublished (on any server). */
  async function publishedRules(): Promise<PublishedRules> {
    const version = await repo.rulesVersion();
    if (published?.version !== version) published = { version, rules: await repo.publishedRules() };
    return published;
  }

  /** Runs a task in the pool as the caller: within their share of calls, dropped if they go away. */
  async function run(request: FastifyRequest, reply: FastifyReply, task: UaTask): Promise<UaAnswer> {
    const { userId } = callerOf(request);
    const { locale } = request;
    const calls = callsOf.get(userId) ?? 0;
    if (calls >= MAX_CALLS_PER_CALLER) throw new ApiError(Code.TOO_MANY_ATTEMPTS, say(UA_MESSAGES.tooManyCalls, locale, { max: MAX_CALLS_PER_CALLER }));
    callsOf.set(userId, calls + 1);
    const gone = new AbortController();
    const onClose = () => {
      if (!reply.raw.writableEnded) gone.abort();
    };
    reply.raw.once('close', onClose);
    try {
      pool ??= createUaPool(poolOptions);
      return await pool.run(task, gone.signal);
    } catch (error) {
      if (error instanceof UaPoolBusy) throw new ApiError(Code.TOO_MANY_ATTEMPTS, UA_MESSAGES.busy);
      if (error instanceof UaTaskTimeout) throw new ApiError(Code.PAYLOAD_TOO_LARGE, say(UA_MESSAGES.timeout, locale, { seconds: (poolOptions.budgetMs ?? DEFAULT_UA_POOL.budgetMs) / 1000 }));
      throw error;
    } finally {
      reply.raw.off('close', onClose);
      const left = (callsOf.get(userId) ?? 1) - 1;
      if (left > 0) callsOf.set(userId, left);
      else callsOf.delete(userId);
    }
  }

  /** A task's refusal as 1001 naming the fields, in the caller's language. */
  function refused(answer: UaAnswer, locale: Locale): ApiError | undefined {
    if (answer.type === 'refused') return refusal(Object.fromEntries(Object.entries(answer.fields).map(([k, v]) => [k, v[locale]])));
    if (answer.type === 'tooMuch') return refusal({ uaMessages: answer.message[locale] });
    return undefined;
  }

  return async function register(app: FastifyInstance): Promise<void> {
    app.addHook('onClose', async () => {
      await pool?.close();
    });

    app.post(UA_CALLS.setUaParser, { config: { writes: true, doc: { params: z.object({ uaId: idParam, markMatches: z.union([z.boolean(), z.enum(['1', 'true', '0', 'false'])]).optional(), ...PARSER_GROUPS_SHAPE }), example: { uaId: EXAMPLE_ID, browserParser: { regex: 'ExampleBot/(\\d+)' } }, codes: [Code.NOT_FOUND, Code.CONFLICT] } } }, async (request, reply) => {
      const { locale } = request;
      const checked = checkSubmission(requestParams(request), () => null, locale);
      if (!checked.ok) throw refusal(checked.fields);
      const submission = checked.value;
      const record = await repo.record(submission.uaId);
      if (!record) throw new ApiError(Code.NOT_FOUND);
      const rules = operatorRules(submission, '');
      const records = submission.markMatches ? await repo.unprocessed(record.id) : [];
      const answer = await run(request, reply, { type: 'match', draft: rules, records, own: record.uaMessage, checkBreadth: true });
      const problem = refused(answer, locale);
      if (problem) throw problem;
      const also = answer.type === 'matched' ? answer.ids : [];
      if (also.length > UA_LIMITS.markMatches) throw refusal({ markMatches: say(UA_MESSAGES.tooManyMatches, locale, { count: also.length, max: UA_LIMITS.markMatches }) });
      await repo.publish({
        uaId: record.id,
        rules: rules.map(({ kind, rule }) => ({ kind, rule })),
        parserType: rules.map((r) => r.kind).join(','),
        creatorName: callerOf(request).name,
        alsoProcessed: also,
      });
      return successSaying(request, { uaId: record.id, alsoProcessed: also.length }, UA_MESSAGES.submitted);
    });

    app.post(UA_CALLS.parse, { bodyLimit: PARSE_BODY_LIMIT, config: { doc: paramsDoc({ uaMessages: z.array(z.string().max(UA_LIMITS.parseChars)).max(UA_LIMITS.parseStrings), rule: z.object(PARSER_GROUPS_SHAPE).optional().describe('a draft tried with the published rules') }, { uaMessages: ['Mozilla/5.0'] }) } }, async (request, reply) => {
      const { locale } = request;
      const params = requestParams(request);
      const strings = uaMessagesOf(params.uaMessages, locale);
      const draft = draftOf(params.rule, locale) ?? [];
      const answer = await run(request, reply, { type: 'parse', strings, draft, published: await publishedRules() });
      const problem = refused(answer, locale);
      if (problem) throw problem;
      return success(request, answer.type === 'parsed' ? answer.results : []);
    });

    app.post(UA_CALLS.preview, { config: { doc: paramsDoc({ uaId: idParam.optional(), rule: z.object(PARSER_GROUPS_SHAPE) }, { rule: { browserParser: { regex: 'ExampleBot/(\\d+)' } } }) } }, async (request, reply) => {
      const { locale } = request;
      const params = requestParams(request);
      const uaId = optionalId(params.uaId, locale, 'uaId');
      const draft = draftOf(params.rule, locale);
      if (!draft) throw refusal({ rule: UA_MESSAGES.noGroup[locale] });
      const records = await repo.unprocessed(uaId);
      const answer = await run(request, reply, { type: 'match', draft, records, checkBreadth: true });
      const problem = refused(answer, locale);
      if (problem) throw problem;
      const matched = answer.type === 'matched' ? answer : { ids: [], scanned: 0 };
      const examples = matched.ids.slice(0, UA_LIMITS.examples).map((id) => records.find((r) => r.id === id)!);
      return success(request, { count: matched.ids.length, scanned: matched.scanned, examples });
    });

    app.get(UA_CALLS.export, async (_request, reply) => {
      const yaml = exportRegexesYaml(await repo.publishedRules());
      return reply.header('content-type', 'application/yaml; charset=utf-8').header('content-disposition', 'attachment; filename="regexes.yaml"').send(yaml);
    });

    app.get(UA_CALLS.ruleList, { config: { doc: paramsDoc({ uaId: idParam.optional(), page: z.union([z.int().min(1), z.string()]).optional(), pageSize: z.union([z.int().min(1), z.string()]).optional() }, { uaId: EXAMPLE_ID }) } }, async (request) => {
      const { locale } = request;
      const params = requestParams(request);
      const uaId = optionalId(params.uaId, locale, 'uaId');
      const page = pageParam(params.page, 'page', 1, 100_000, locale);
      const pageSize = pageParam(params.pageSize, 'pageSize', 20, MAX_RULES_PAGE, locale);
      return success(request, await repo.rules({ uaId, page, pageSize }));
    });

    // Unpublishing: the rule stops running on every server (the rule-set version moves).
    app.post(UA_CALLS.ruleDelete, { config: { writes: true, doc: idsDoc } }, async (request) => {
      const ids = requiredIds(requestParams(request).ids, request.locale);
      const unpublished = await repo.unpublish(ids, callerOf(request).name);
      return successSaying(request, { unpublished }, UA_MESSAGES.unpublished);
    });

    app.post(UA_CALLS.reopen, { config: { writes: true, doc: idsDoc } }, async (request) => {
      const ids = requiredIds(requestParams(request).ids, request.locale);
      const reopened = await repo.reopen(ids);
      return successSaying(request, { reopened }, UA_MESSAGES.reopened);
    });
  };
}
