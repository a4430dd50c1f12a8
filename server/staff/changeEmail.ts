/**
 * /user/changeEmail: the caller changes their own e-mail, proving it is them with the current
 * password (throttled like login, same counters). A session call like changePwd, but not while a
 * password change is required: that state opens changePwd and nothing else.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Code, ownEmailEntity, PASSWORD_HASH_PATTERN, validateEntity } from '../../contract';
import { verifyPassword } from '../auth/passwords';
import type { LoginThrottle } from '../auth/throttle';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { requestParams, textParam } from '../http/params';
import { callerOf } from '../http/requestContext';
import { staffMessages } from './messages';
import { nextVersion } from '../db/userVersion';

export function emailChanger(db: Kysely<Database>, throttle: LoginThrottle) {
  return async function changeEmail(request: FastifyRequest): Promise<void> {
    const { locale } = request;
    const caller = callerOf(request);
    if (caller.mustChangePassword) throw new ApiError(Code.PASSWORD_CHANGE_REQUIRED);
    const params = requestParams(request);
    const pwd = textParam(params.pwd);
    if (pwd === undefined || !PASSWORD_HASH_PATTERN.test(pwd)) {
      throw new ApiError(Code.VALIDATION_FAILED, staffMessages.passwordMalformed[locale], { fields: { pwd: staffMessages.passwordMalformed[locale] } });
    }
    const checked = validateEntity(ownEmailEntity, { email: params.email }, locale);
    if (!checked.ok) throw new ApiError(Code.VALIDATION_FAILED, checked.message, { fields: checked.fields });

    const user = await db.selectFrom('user').select('passwordHash').where('id', '=', caller.userId).executeTakeFirst();
    const isRight = await throttle.attempt(caller.code, request.ip, async () => ((await verifyPassword(user?.passwordHash, pwd)) ? true : null));
    if (!user || !isRight) throw new ApiError(Code.LOGIN_FAILED, staffMessages.oldPasswordWrong[locale], { fields: { pwd: staffMessages.oldPasswordWrong[locale] } });
    await db.updateTable('user').set((eb) => ({ email: checked.value.email, version: nextVersion(eb) })).where('id', '=', caller.userId).execute();
  };
}
