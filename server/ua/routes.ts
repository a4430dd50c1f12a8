/**
 * The UA rule tool's calls beside the declared list (SPEC §7 UA): publish a rule, parse strings
 * (optionally with a draft rule in front), count what a draft would also classify, and export the
 * rule set as uap-core's regexes.yaml. Every operator's pattern is checked (contract/uaRegex) and
 * runs on RE2; work per call is bounded (strings, characters, records scanned).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Code, format, type Locale, type Text } from '../../contract';
import { checkSubmission, UA_LIMITS, UA_MESSAGES, uapRulesOf, type UapRule, type UaParserSubmission } from '../../contract/ua';
import { regexProblem } from '../../contract/uaRegex';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { success, successSaying } from '../http/envelope';
import { requestParams } from '../http/params';
import { callerOf } from '../http/requestContext';
import { exportRegexesYaml } from './exportYaml';
import { uaRepository } from './repository';
import { baseRuleSet, compileOperatorRule, EMPTY_SET, joinSets, matchesAny, parseUa, RULE_KINDS, type RuleKind, type RuleSet } from './ruleSet';

/** A parse call's body: 1,000 strings of typical length, or one very long one, fit. */
const PARSE_BODY_LIMIT = 2 * 1024 * 1024;
/** Records matched between two turns of the event loop (a few milliseconds of work). */
const MATCH_SLICE = 250;

function refusal(fields: Record<string, string>): ApiError {
  return new ApiError(Code.VALIDATION_FAILED, Object.values(fields)[0], { fields });
}

function say(message: Text, locale: Locale, max: number): string {
  return format(message[locale], { max });
}

function ruleSetOf(rules: Array<{ kind: RuleKind; rule: UapRule }>): RuleSet {
  const set: Record<RuleKind, ReturnType<typeof compileOperatorRule>[]> = { ua: [], os: [], device: [] };
  for (const { kind, rule } of rules) set[kind].push(compileOperatorRule(rule));
  return set;
}

function draftRules(submission: Pick<UaParserSubmission, 'deviceParser' | 'osParser' | 'browserParser'>): Array<{ kind: RuleKind; rule: UapRule }> {
  const rules = uapRulesOf(submission);
  return RULE_KINDS.flatMap((kind) => {
    const rule = rules[kind];
    return rule ? [{ kind, rule }] : [];
  });
}

/** A draft rule in a request (`rule`), checked like a submission; undefined when absent. */
function draftOf(value: unknown, locale: Locale): RuleSet | undefined {
  if (value === undefined || value === null) return undefined;
  const checked = checkSubmission(value, regexProblem, locale, { needsId: false });
  if (!checked.ok) throw refusal(Object.fromEntries(Object.entries(checked.fields).map(([k, v]) => [`rule.${k}`, v])));
  return ruleSetOf(draftRules(checked.value));
}

function uaMessagesOf(value: unknown, locale: Locale): string[] {
  if (!Array.isArray(value) || value.some((s) => typeof s !== 'string')) throw refusal({ uaMessages: say(UA_MESSAGES.notText, locale, 0) });
  if (value.length > UA_LIMITS.parseStrings) throw refusal({ uaMessages: say(UA_MESSAGES.tooManyStrings, locale, UA_LIMITS.parseStrings) });
  const index = (value as string[]).findIndex((s) => s.length > UA_LIMITS.parseChars);
  if (index >= 0) throw refusal({ [`uaMessages.${index}`]: say(UA_MESSAGES.stringTooLong, locale, UA_LIMITS.parseChars) });
  return value as string[];
}

export function uaRoutes(db: Kysely<Database>) {
  const repo = uaRepository(db);
  let published: { version: string; set: RuleSet } | undefined;

  /** The published rules, compiled again only when one was published (on any server). */
  async function publishedSet(): Promise<RuleSet> {
    const version = await repo.rulesVersion();
    if (published?.version !== version) {
      const rules = await repo.publishedRules();
      published = { version, set: rules.length ? ruleSetOf(rules) : EMPTY_SET };
    }
    return published.set;
  }

  /**
   * What a draft would also classify among the other unprocessed records. Matched in slices with
   * a turn of the event loop between them: a slow (still linear) pattern over thousands of records
   * delays no other request by more than one slice.
   */
  async function matchingRecords(draft: RuleSet, excludeId?: number) {
    const records = await repo.unprocessed(excludeId);
    const matched: typeof records = [];
    for (let i = 0; i < records.length; i += MATCH_SLICE) {
      if (i > 0) await new Promise((resolve) => setImmediate(resolve));
      for (const record of records.slice(i, i + MATCH_SLICE)) if (matchesAny(record.uaMessage, draft)) matched.push(record);
    }
    return { matched, scanned: records.length };
  }

  return async function register(app: FastifyInstance): Promise<void> {
    app.post('/setUaParser', async (request: FastifyRequest) => {
      const { locale } = request;
      const checked = checkSubmission(requestParams(request), regexProblem, locale);
      if (!checked.ok) throw refusal(checked.fields);
      const submission = checked.value;
      const record = await repo.record(submission.uaId);
      if (!record) throw new ApiError(Code.NOT_FOUND);
      const rules = draftRules(submission);
      const also = submission.markMatches ? (await matchingRecords(ruleSetOf(rules), record.id)).matched.map((r) => r.id) : [];
      await repo.publish({
        uaId: record.id,
        rules,
        parserType: rules.map((r) => r.kind).join(','),
        creatorName: callerOf(request).name,
        alsoProcessed: also,
      });
      return successSaying(request, { uaId: record.id, alsoProcessed: also.length }, UA_MESSAGES.submitted);
    });

    app.post('/parse', { bodyLimit: PARSE_BODY_LIMIT }, async (request) => {
      const { locale } = request;
      const params = requestParams(request);
      const uaMessages = uaMessagesOf(params.uaMessages, locale);
      const draft = draftOf(params.rule, locale);
      const set = joinSets([...(draft ? [draft] : []), await publishedSet(), baseRuleSet()]);
      return success(request, uaMessages.map((ua) => parseUa(ua, set)));
    });

    app.post('/preview', async (request) => {
      const { locale } = request;
      const params = requestParams(request);
      const draft = draftOf(params.rule, locale);
      if (!draft) throw refusal({ rule: UA_MESSAGES.noGroup[locale] });
      const uaId = Number(params.uaId);
      const { matched, scanned } = await matchingRecords(draft, Number.isSafeInteger(uaId) && uaId > 0 ? uaId : undefined);
      return success(request, { count: matched.length, scanned, examples: matched.slice(0, UA_LIMITS.examples) });
    });

    app.get('/export', async (_request, reply) => {
      const yaml = exportRegexesYaml(await repo.publishedRules());
      return reply.header('content-type', 'application/yaml; charset=utf-8').header('content-disposition', 'attachment; filename="regexes.yaml"').send(yaml);
    });
  };
}
