/**
 * The workbench: its page (GET /workbench, public: the page itself holds no data) and, below
 * /base/admin behind the guard, the caller's sub-systems (GET /workbench/apps, session level: a
 * valid token is enough, since the answer is already limited to what the caller holds), a card's
 * link (POST /workbench/handoff, session level likewise) and the exchange of a link's one-time
 * code for a session (POST /user/handoff, public: the code is the credential).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { appEntity, Code, format, HANDOFF_EXCHANGE_PATH, ruleMessages, text, WORKBENCH_APPS_PATH, WORKBENCH_LINK_PATH, type HandoffAnswer, type ListData } from '../../contract';
import { sessionOriginOf, type SessionStore } from '../auth/tokens';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { success } from '../http/envelope';
import { requestParams, requiredId, textParam } from '../http/params';
import { callerOf } from '../http/requestContext';
import { workbenchApps, type WorkbenchApp } from './apps';
import { createHandoffCodes, HANDOFF_CODE_PATTERN } from './handoffCodes';
import { handoffTarget } from './handoffLink';
import { WORKBENCH_PATH, workbenchCsp, workbenchHtml } from './page';
import { z } from 'zod';
import { EXAMPLE_ID, idParam, paramsDoc } from '../http/routeDoc';

export interface WorkbenchDeps {
  db: Kysely<Database>;
  sessions: SessionStore;
  /** Origins besides the console's own whose sub-systems get a one-time code (WORKBENCH_TRUSTED_ORIGINS). */
  trustedOrigins: readonly string[];
}

const codeUnusable = text('登录链接已失效或已使用，请重新登录', 'This sign-in link has expired or was used already; please log in');

/** The page; register at the root. */
export function workbenchPage() {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get(WORKBENCH_PATH, { config: { access: 'public' } }, async (_request, reply) =>
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-security-policy', workbenchCsp)
        .send(workbenchHtml),
    );
  };
}

/** The console's origin as the browser sees it (behind a proxy: with TRUST_PROXY set), when the request tells. */
function originOf(request: FastifyRequest): string | undefined {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return undefined;
  }
}

/** The calls; register below /base/admin, behind the guard. */
export function workbenchRoutes({ db, sessions, trustedOrigins }: WorkbenchDeps) {
  const codes = createHandoffCodes(db);

  return async function register(app: FastifyInstance): Promise<void> {
    app.get(WORKBENCH_APPS_PATH, { config: { access: 'session', doc: {} } }, async (request) => {
      const items = await workbenchApps(db, callerOf(request).userId);
      const answer: ListData<WorkbenchApp> = { items, total: items.length };
      return success(request, answer);
    });

    app.post(WORKBENCH_LINK_PATH, { config: { access: 'session', writes: true, unaudited: true, doc: paramsDoc({ appId: idParam }, { appId: EXAMPLE_ID }, [Code.NOT_FOUND]) } }, async (request) => {
      const { locale } = request;
      const caller = callerOf(request);
      const appId = requiredId(requestParams(request).appId, locale, 'appId');
      const app = (await workbenchApps(db, caller.userId)).find((shown) => shown.id === appId);
      if (!app) throw new ApiError(Code.NOT_FOUND);
      const target = handoffTarget(app.address, originOf(request), trustedOrigins);
      if (target.kind === 'invalid') {
        const message = format(ruleMessages.webAddress[locale], { label: appEntity.fields.address.label[locale] });
        throw new ApiError(Code.VALIDATION_FAILED, message, { fields: { address: message } });
      }
      const url = target.kind === 'foreign' ? target.url : target.withCode(await codes.issue(caller.userId, app.id), app.id);
      return success(request, { url });
    });

    app.post(HANDOFF_EXCHANGE_PATH, { config: { access: 'public', writes: true, unaudited: true, doc: paramsDoc({ handoff: z.string().regex(HANDOFF_CODE_PATTERN).describe('the one-time code of the workbench link'), appId: idParam }, { handoff: 'x'.repeat(43), appId: EXAMPLE_ID }) } }, async (request) => {
      const params = requestParams(request);
      const code = textParam(params.handoff);
      const appId = requiredId(params.appId, request.locale, 'appId');
      const userId = code !== undefined && HANDOFF_CODE_PATTERN.test(code) ? await codes.redeem(code, appId) : undefined;
      if (userId === undefined) throw new ApiError(Code.NO_TOKEN, codeUnusable);
      const answer: HandoffAnswer = { token: await sessions.issue(userId, sessionOriginOf(request)), appId };
      return success(request, answer);
    });
  };
}
