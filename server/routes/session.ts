/**
 * Session calls: login, the caller's info, logout, and the caller's granted menu tree per app.
 * Login is public; the others need only a valid session, no API element.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { Code, fieldErrors, loginSchema, type Locale, type LoginAnswer, type PermissionAnswer, type UserInfo } from '../../contract';
import { LOGIN_PATH, LOGOUT_PATH, PERMISSIONS_PATH, USER_INFO_PATH } from '../../contract/session';
import type { Grants } from '../auth/grants';
import { verifyPassword } from '../auth/passwords';
import type { LoginThrottle } from '../auth/throttle';
import { sessionOriginOf, type SessionStore } from '../auth/tokens';
import type { LoginLog } from '../audit/loginLog';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { success } from '../http/envelope';
import { optionalId } from '../http/params';
import { callerOf } from '../http/requestContext';
import { DEFAULT_LOCALE } from '../../contract';

export interface SessionRouteDeps {
  db: Kysely<Database>;
  sessions: SessionStore;
  throttle: LoginThrottle;
  grants: Grants;
  loginLog: LoginLog;
}

/** Built once per locale: a zod schema compiles itself on its first use. */
const loginSchemas = new Map<Locale, ReturnType<typeof loginSchema>>();
function loginSchemaOf(locale: Locale) {
  let schema = loginSchemas.get(locale);
  if (!schema) loginSchemas.set(locale, (schema = loginSchema(locale)));
  return schema;
}

export function sessionRoutes({ db, sessions, throttle, grants, loginLog }: SessionRouteDeps) {
  async function baseAppId(): Promise<number> {
    const id = await grants.baseAppId();
    if (id === undefined) throw new Error('The base app is missing: the database was not seeded');
    return id;
  }

  return async function register(app: FastifyInstance): Promise<void> {
    app.post(LOGIN_PATH, { config: { access: 'public', writes: true, unaudited: true, doc: { params: loginSchema(DEFAULT_LOCALE), example: { username: 'nobody', password: 'a3f1c2e4b5d60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90' }, codes: [Code.LOGIN_FAILED, Code.TOO_MANY_ATTEMPTS] } } }, async (request) => {
      const origin = sessionOriginOf(request);
      const parsed = loginSchemaOf(request.locale).safeParse(request.body ?? {});
      if (!parsed.success) {
        const typed = (request.body as { username?: unknown } | null | undefined)?.username;
        await loginLog.refused(typeof typed === 'string' ? typed : '', origin, 'invalid');
        const fields = fieldErrors(parsed.error);
        throw new ApiError(Code.VALIDATION_FAILED, Object.values(fields)[0], { fields });
      }
      const { username, password } = parsed.data;
      let refusal: 'unknownUser' | 'wrongPassword' | 'disabled' = 'unknownUser';
      // Counted before any work; the hashing runs for unknown users too (same timing).
      const user = await throttle
        .attempt(username, request.ip, async () => {
          const found = await db
            .selectFrom('user')
            .select(['id', 'passwordHash', 'isEnable', 'mustChangePassword'])
            .where('code', '=', username)
            .executeTakeFirst();
          const isPasswordRight = await verifyPassword(found?.passwordHash, password);
          refusal = !found ? 'unknownUser' : !isPasswordRight ? 'wrongPassword' : 'disabled';
          return found && isPasswordRight && found.isEnable === '1' ? found : null;
        })
        .catch(async (error: unknown) => {
          if (error instanceof ApiError && error.code === Code.TOO_MANY_ATTEMPTS) await loginLog.refused(username, origin, 'throttled');
          throw error;
        });
      if (!user) {
        await loginLog.refused(username, origin, refusal);
        throw new ApiError(Code.LOGIN_FAILED);
      }

      await sessions.prune();
      const token = await db.transaction().execute(async (trx) => {
        await loginLog.succeeded(trx, username, origin);
        return sessions.issue(user.id, origin, trx);
      });
      const appId = await baseAppId();
      const answer: LoginAnswer & { appId: number } = {
        token,
        appId,
        auth_router: await grants.grantedTree(user.id, appId),
        mustChangePassword: user.mustChangePassword === 1,
      };
      return success(request, answer);
    });

    app.get(USER_INFO_PATH, { config: { access: 'session', acceptsQueryToken: true } }, async (request) => {
      const caller = callerOf(request);
      const info: UserInfo = { id: caller.userId, name: caller.name, code: caller.code, avatar: '', sessionId: caller.sessionId };
      return success(request, info);
    });

    app.post(LOGOUT_PATH, { config: { access: 'session', writes: true, unaudited: true } }, async (request) => {
      await sessions.revoke(callerOf(request).sessionId);
      return success(request, null);
    });

    app.get(PERMISSIONS_PATH, { config: { access: 'session' } }, async (request) => {
      const caller = callerOf(request);
      const query = request.query as Record<string, unknown>;
      const appId = optionalId(query.appId, request.locale, 'appId') ?? (await baseAppId());
      const [menus, menuReading] = await Promise.all([grants.grantedTree(caller.userId, appId), grants.menuReading(appId)]);
      const answer: PermissionAnswer = { userInfo: { name: caller.name }, menus, menuReading };
      return success(request, answer);
    });
  };
}
