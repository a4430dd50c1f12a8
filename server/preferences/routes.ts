/**
 * The signed-in user's own preferences (contract/preferences.ts): read every kind of a screen,
 * save one, forget one. Only ever the caller's rows: the user id comes from the session, never
 * from the request. Session routes like /user/changePwd (no API element of their own), but a
 * screen's settings are kept only for a screen the caller may open: its list call must be
 * granted, as the guard would check it. The console-wide screen (its theme) is every user's.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Code, type Text } from '../../contract';
import { preferenceSchemas, screenKeySchema } from '../../contract/preferenceSchemas';
import { CONSOLE_SCREEN, isPreferenceKind, kindsOf, PREFERENCE_LIMITS, PREFERENCE_PATHS, type PreferenceKind, type ScreenPreferences } from '../../contract/preferences';
import type { ResourceDefinition } from '../../resources/define';
import type { Grants } from '../auth/grants';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { success } from '../http/envelope';
import { requestParams } from '../http/params';
import { callerOf, type Caller } from '../http/requestContext';
import { preferenceMessages } from './messages';
import { preferenceScreens, type PreferenceScreen } from './screens';
import { z } from 'zod';
import { PREFERENCE_KINDS } from '../../contract/preferences';
import { paramsDoc } from '../http/routeDoc';

function refuse(request: FastifyRequest, code: Code, field: string, message: Text): ApiError {
  const said = message[request.locale];
  return new ApiError(code, said, { fields: { [field]: said } });
}

/** The console-wide screen: opened by every signed-in user, no lookups to keep out. */
const CONSOLE_WIDE: PreferenceScreen = { listApi: '', lookupFields: new Set() };
/** A screen every seed has (the parameters list): the documents' example. */
const EXAMPLE_SCREEN = 'param';

export function preferenceRoutes(db: Kysely<Database>, grants: Grants, definitions: readonly ResourceDefinition[]) {
  const screens = preferenceScreens(definitions);

  /** The screen the request names, once the caller may open it. */
  async function grantedScreen(request: FastifyRequest, caller: Caller): Promise<{ key: string; screen: PreferenceScreen }> {
    // A session route still keeps everything but the password change closed while one is due.
    if (caller.mustChangePassword) throw new ApiError(Code.PASSWORD_CHANGE_REQUIRED);
    if (requestParams(request).screen === CONSOLE_SCREEN) return { key: CONSOLE_SCREEN, screen: CONSOLE_WIDE };
    const parsed = screenKeySchema.safeParse(requestParams(request).screen);
    const screen = parsed.success ? screens.get(parsed.data) : undefined;
    if (!parsed.success || !screen) throw refuse(request, Code.VALIDATION_FAILED, 'screen', preferenceMessages.unknownScreen);
    if (!(await grants.canCallApi(caller.userId, screen.listApi, caller.grantsVersion))) throw refuse(request, Code.FORBIDDEN, 'screen', preferenceMessages.screenNotGranted);
    return { key: parsed.data, screen };
  }

  /** The kind the request names, one that screen keeps (a list has no theme, the console no columns). */
  function kindOf(request: FastifyRequest, key: string): PreferenceKind {
    const kind = requestParams(request).kind;
    if (!isPreferenceKind(kind) || !kindsOf(key).includes(kind)) throw refuse(request, Code.VALIDATION_FAILED, 'kind', preferenceMessages.unknownKind);
    return kind;
  }

  return async function register(app: FastifyInstance): Promise<void> {
    app.get(PREFERENCE_PATHS.list, { config: { access: 'session', doc: paramsDoc({ screen: screenKeySchema }, { screen: EXAMPLE_SCREEN }, [Code.FORBIDDEN, Code.PASSWORD_CHANGE_REQUIRED]) } }, async (request) => {
      const caller = callerOf(request);
      const { key } = await grantedScreen(request, caller);
      const rows = await db.selectFrom('userPreference').select(['kind', 'value']).where('userId', '=', caller.userId).where('screen', '=', key).execute();
      const answer: ScreenPreferences = {};
      for (const row of rows) {
        if (!isPreferenceKind(row.kind) || !kindsOf(key).includes(row.kind)) continue;
        // Stored values were checked when saved; one a later schema refuses is left out, not served.
        const parsed = preferenceSchemas[row.kind].safeParse(JSON.parse(row.value));
        if (parsed.success) Object.assign(answer, { [row.kind]: parsed.data });
      }
      return success(request, answer);
    });

    app.post(PREFERENCE_PATHS.save, { config: { access: 'session', writes: true, unaudited: true, doc: paramsDoc({ screen: screenKeySchema, kind: z.enum(PREFERENCE_KINDS), value: z.union(Object.values(preferenceSchemas)) }, { screen: EXAMPLE_SCREEN, kind: 'columns', value: { columns: [] } }, [Code.FORBIDDEN, Code.PASSWORD_CHANGE_REQUIRED]) } }, async (request) => {
      const caller = callerOf(request);
      const { key, screen } = await grantedScreen(request, caller);
      const kind = kindOf(request, key);
      const parsed = preferenceSchemas[kind].safeParse(requestParams(request).value);
      if (!parsed.success) throw refuse(request, Code.VALIDATION_FAILED, 'value', preferenceMessages.invalidValue);
      if (kind === 'views') {
        const keepsLookup = (parsed.data as { views: { filters: Record<string, unknown> }[] }).views.some((view) => Object.keys(view.filters).some((name) => screen.lookupFields.has(name)));
        if (keepsLookup) throw refuse(request, Code.VALIDATION_FAILED, 'value', preferenceMessages.lookupInView);
      }
      const value = JSON.stringify(parsed.data);
      if (value.length > PREFERENCE_LIMITS.storedLength) throw refuse(request, Code.VALIDATION_FAILED, 'value', preferenceMessages.tooLarge);
      const updateTime = Date.now();
      await db
        .insertInto('userPreference')
        .values({ userId: caller.userId, screen: key, kind, value, updateTime })
        .onConflict((oc) => oc.columns(['userId', 'screen', 'kind']).doUpdateSet({ value, updateTime }))
        .execute();
      return success(request, null);
    });

    app.post(PREFERENCE_PATHS.delete, { config: { access: 'session', writes: true, unaudited: true, doc: paramsDoc({ screen: screenKeySchema, kind: z.enum(PREFERENCE_KINDS) }, { screen: EXAMPLE_SCREEN, kind: 'columns' }, [Code.FORBIDDEN, Code.PASSWORD_CHANGE_REQUIRED]) } }, async (request) => {
      const caller = callerOf(request);
      const { key } = await grantedScreen(request, caller);
      const kind = kindOf(request, key);
      await db.deleteFrom('userPreference').where('userId', '=', caller.userId).where('screen', '=', key).where('kind', '=', kind).execute();
      return success(request, null);
    });
  };
}
