/**
 * /user/changePwd: the caller changes their own password. Reachable with a session alone, so a
 * member whose password was reset (mustChangePassword) can get out of that state: the current
 * password must be right, the new one must differ; the caller's other sessions end. Checking the
 * current password is throttled like login (same counters: the caller's login name and address).
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Code, PASSWORD_HASH_PATTERN, type Text } from '../../contract';
import { hashPassword, verifyPassword } from '../auth/passwords';
import type { LoginThrottle } from '../auth/throttle';
import { isWeakPasswordHash } from '../auth/weakPasswords';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { requestParams, textParam } from '../http/params';
import { callerOf } from '../http/requestContext';
import { revokeSessions } from './accountRules';
import { staffMessages } from './messages';

export function passwordChanger(db: Kysely<Database>, throttle: LoginThrottle) {
  return async function changePassword(request: FastifyRequest): Promise<void> {
    const { locale } = request;
    const caller = callerOf(request);
    const params = requestParams(request);
    const refuse = (code: Code, field: string, message: Text) =>
      new ApiError(code, message[locale], { fields: { [field]: message[locale] } });

    const oldPwd = textParam(params.oldPwd);
    const newPwd = textParam(params.newPwd);
    if (oldPwd === undefined || !PASSWORD_HASH_PATTERN.test(oldPwd)) throw refuse(Code.VALIDATION_FAILED, 'oldPwd', staffMessages.passwordMalformed);
    if (newPwd === undefined || !PASSWORD_HASH_PATTERN.test(newPwd)) throw refuse(Code.VALIDATION_FAILED, 'newPwd', staffMessages.passwordMalformed);
    if (isWeakPasswordHash(newPwd)) throw refuse(Code.VALIDATION_FAILED, 'newPwd', staffMessages.weakPassword);

    const user = await db.selectFrom('user').select('passwordHash').where('id', '=', caller.userId).executeTakeFirst();
    const isRight = await throttle.attempt(caller.code, request.ip, async () => ((await verifyPassword(user?.passwordHash, oldPwd)) ? true : null));
    if (!user || !isRight) throw refuse(Code.LOGIN_FAILED, 'oldPwd', staffMessages.oldPasswordWrong);
    if (newPwd === oldPwd) throw refuse(Code.VALIDATION_FAILED, 'newPwd', staffMessages.newPasswordSame);

    const passwordHash = await throttle.hash(request.ip, () => hashPassword(newPwd));
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('user').set({ passwordHash, mustChangePassword: 0 }).where('id', '=', caller.userId).execute();
      await revokeSessions(trx, [caller.userId], caller.sessionId);
    });
  };
}
