/**
 * /user/saveOrUpdate: `{ userCenter, roleIds, roleEnds }` (`roleEnds`: role id → when that link
 * ends, epoch ms or null; a role left out keeps its end, a new one has none: server/roles/assignRoles.ts). The record is validated with the contract's
 * staffEntity; then the code stays fixed on update, the department must exist, both addresses
 * must be a real province → city → district path, telephone and code must be free. The account
 * and its roles are written in one transaction, so a refused role change stores nothing.
 * A new account gets an unusable random password and must change it: an administrator resets it
 * (/user/resetPwd) to hand it over.
 * Roles saved with the `grantsVersion` their preview answered (server/roles/grantPreview.ts) are
 * written only while grants are unchanged since, else 1011 and nothing is written.
 * An update naming the version it was read at (`userCenter.version`) is written only while the
 * account still holds it, else 1012 with the account as /user/detail answers it now (one of the
 * account's writes came between); an update naming none is written whatever came between.
 * The account must be in the caller's data scope, and a new or moved account's node too (1003).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  CENSUS_REGION,
  Code,
  format,
  LIVE_REGION,
  ruleMessages,
  STAFF_CODE_DUPLICATE,
  staffEntity,
  validateEntity,
  type Locale,
  type RuleMessage,
  type Text,
  ROLE_ENDS_PARAM,
} from '../../contract';
import { regionPathError } from '../../contract/regions';
import { hashPassword } from '../auth/passwords';
import { isStorableId } from '../crud/storableId';
import type { Database } from '../db/schema';
import { isUniqueViolation } from '../db/uniqueViolation';
import { ApiError } from '../errors';
import { VERSION_FIELD } from '../../contract/recordVersion';
import { MAX_IDS, optionalId, requestParams } from '../http/params';
import { callerOf, type Caller } from '../http/requestContext';
import { assignRoles, type AssignOptions, type RoleEnds } from '../roles/assignRoles';
import { previewedVersionOf, requirePreviewedVersion } from '../roles/grantsVersion';
import { checkAccountAction, revokeSessions } from './accountRules';
import { staffMessages } from './messages';
import { regionIndex } from './regions';
import { nextVersion } from '../db/userVersion';
import { loadStaff } from './staffRecord';
import { officeReachable, outOfScope, requireStaffInScope, staffScopeOf } from '../scope/dataScope';

type StaffValues = Record<keyof typeof staffEntity.fields, unknown>;

/** Thrown inside the save's transaction when the account no longer holds the version the save names. */
class StaleAccount extends Error {}

function fieldError(field: string, message: Text | string, locale: Locale): ApiError {
  const text = typeof message === 'string' ? message : message[locale];
  return new ApiError(Code.VALIDATION_FAILED, text, { fields: { [field]: text } });
}

function ruleError(field: keyof typeof staffEntity.fields, rule: RuleMessage, locale: Locale): ApiError {
  return fieldError(field, format(ruleMessages[rule][locale], { label: staffEntity.fields[field].label[locale] }), locale);
}

function duplicate(field: 'telephone' | 'code', locale: Locale): ApiError {
  const message = (field === 'code' ? STAFF_CODE_DUPLICATE : staffEntity.unique[0]!.duplicate)[locale];
  return new ApiError(Code.DUPLICATE, message, { fields: { [field]: message } });
}

/** `roleIds`: a comma list of ids ('' for none); undefined when not sent (an update keeps the roles). */
function parseRoleIds(value: unknown, locale: Locale): number[] | undefined {
  if (value === undefined || value === null) return undefined;
  const isScalar = (p: unknown) => typeof p === 'string' || typeof p === 'number';
  const parts = Array.isArray(value) ? value : isScalar(value) ? String(value).split(',') : undefined;
  const trimmed = parts?.map((p) => (isScalar(p) ? String(p).trim() : '-')).filter((p) => p !== '');
  if (!trimmed || trimmed.length > MAX_IDS || !trimmed.every((p) => /^\d{1,15}$/.test(p) && Number(p) > 0)) {
    throw fieldError('roleIds', staffMessages.roleIdsMalformed, locale);
  }
  return [...new Set(trimmed.map(Number))];
}

/** The latest end a save takes: the last millisecond of year 9999, as every date picker can show it. */
const LATEST_END = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** `roleEnds`: `{ [roleId]: epochMs | null }`; undefined when not sent. Whether each end may be set is assignRoles' rule. */
function parseRoleEnds(value: unknown, locale: Locale): RoleEnds | undefined {
  if (value === undefined || value === null) return undefined;
  const malformed = () => fieldError(ROLE_ENDS_PARAM, staffMessages.roleEndsMalformed, locale);
  if (typeof value !== 'object' || Array.isArray(value)) throw malformed();
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > MAX_IDS) throw malformed();
  const ends = new Map<number, number | null>();
  for (const [key, end] of entries) {
    if (!/^\d{1,15}$/.test(key) || Number(key) <= 0) throw malformed();
    if (end !== null && !(Number.isSafeInteger(end) && (end as number) > 0 && (end as number) <= LATEST_END)) throw malformed();
    ends.set(Number(key), end as number | null);
  }
  return ends;
}

async function checkRegions(values: StaffValues, locale: Locale): Promise<void> {
  const index = await regionIndex();
  for (const fields of [CENSUS_REGION, LIVE_REGION]) {
    const wrong = regionPathError(index, [values[fields[0]] as string, values[fields[1]] as string, values[fields[2]] as string]);
    if (wrong !== undefined) throw ruleError(fields[wrong], 'requiredSelect', locale);
  }
}

export type { StaffValues };

/** A staff record as a save reads it: the entity's rules (1001 with the fields), absent values as null. */
export function validStaff(input: unknown, locale: Locale): StaffValues {
  const validation = validateEntity(staffEntity, input, locale);
  if (!validation.ok) throw new ApiError(Code.VALIDATION_FAILED, validation.message, { fields: validation.fields });
  return Object.fromEntries(Object.keys(staffEntity.fields).map((name) => [name, (validation.value as Record<string, unknown>)[name] ?? null])) as StaffValues;
}

/**
 * The checks a save makes of valid values against what is stored (`existing`: the account it
 * updates, none for a new one): the code stays fixed, the department exists, both addresses are
 * real region paths, telephone and code are free. The save and the person list's bulk update ask it.
 */
export function staffValueChecks(db: Kysely<Database>) {
  async function ownerOf(field: 'telephone' | 'code', value: string): Promise<number | undefined> {
    return (await db.selectFrom('user').select('id').where(field, '=', value).executeTakeFirst())?.id;
  }

  return async function checkStaffValues(values: StaffValues, existing: { id: number; code: string } | undefined, locale: Locale): Promise<void> {
    // The code is the login name: fixed once the account exists.
    if (existing && existing.code !== values.code) throw ruleError('code', 'readOnly', locale);
    const officeId = values.officeId as number | null;
    if (officeId !== null && !(isStorableId(officeId) && (await db.selectFrom('office').select('id').where('id', '=', officeId).executeTakeFirst()))) {
      throw ruleError('officeId', 'choice', locale);
    }
    await checkRegions(values, locale);
    const telephoneOwner = await ownerOf('telephone', values.telephone as string);
    if (telephoneOwner !== undefined && telephoneOwner !== existing?.id) throw duplicate('telephone', locale);
    if (!existing && (await ownerOf('code', values.code as string)) !== undefined) throw duplicate('code', locale);
  };
}

/** A password hash nobody knows the password of: a new account's until an administrator resets it. */
export const unusablePasswordHash = () => hashPassword(randomBytes(32).toString('hex'));

/** Inserts a new account (checked) with its roles, in the caller's transaction: must change its password. The save and the import (./staffImport.ts) ask it. */
export async function insertAccount(
  trx: Kysely<Database>,
  caller: Pick<Caller, 'userId'>,
  values: StaffValues,
  roleIds: readonly number[],
  passwordHash: string,
  locale: Locale,
  options: AssignOptions = {},
): Promise<number> {
  const created = await trx
    .insertInto('user')
    .values({ ...(values as object), passwordHash, mustChangePassword: 1, createTime: Date.now() } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await assignRoles(trx, caller, created.id, roleIds, locale, options);
  return created.id;
}

export function staffSaver(db: Kysely<Database>) {
  const checkStaffValues = staffValueChecks(db);

  /** The refusal of a save read at an older version: 1012 with the account as /user/detail answers it now (1004 when it is gone). */
  async function staleSave(id: number): Promise<ApiError> {
    const current = await loadStaff(db, id);
    return current ? new ApiError(Code.STALE_VERSION, undefined, { current }) : new ApiError(Code.NOT_FOUND);
  }

  // `params`: the request's own, or those a revert replays (./staffHistory.ts).
  return async function save(request: FastifyRequest, params: Record<string, unknown> = requestParams(request)) {
    const { locale } = request;
    const caller = callerOf(request);
    const input = params.userCenter;
    if (typeof input !== 'object' || input === null || Array.isArray(input)) throw fieldError('userCenter', format(ruleMessages.required[locale], { label: 'userCenter' }), locale);
    const id = optionalId((input as Record<string, unknown>).id, locale);
    const expectedVersion = id === undefined ? undefined : optionalId((input as Record<string, unknown>)[VERSION_FIELD], locale, VERSION_FIELD);
    const values = validStaff(input, locale);
    const roleIds = parseRoleIds(params.roleIds, locale);
    const previewed = previewedVersionOf(params, locale);
    const roleEnds = parseRoleEnds(params[ROLE_ENDS_PARAM], locale);
    // One time for the whole save: the ends are compared with it.
    const now = Date.now();

    // The data scope first: an account outside it (or missing, for a scoped caller) is 1003.
    const scope = await staffScopeOf(db, caller.userId);
    if (id !== undefined) await requireStaffInScope(db, caller.userId, [id], locale);
    const existing = id === undefined ? undefined : isStorableId(id) ? await db.selectFrom('user').select(['id', 'code', 'isEnable', 'officeId', 'version']).where('id', '=', id).executeTakeFirst() : undefined;
    if (id !== undefined && !existing) throw new ApiError(Code.NOT_FOUND);
    // Changed since it was read: the user compares before anything else is said of their values.
    if (existing && expectedVersion !== undefined && Number(existing.version) !== expectedVersion) throw await staleSave(existing.id);
    await checkStaffValues(values, existing, locale);
    // Created in, or moved to, a node the caller reaches (unplaced: only with a scope of all).
    const officeId = values.officeId as number | null;
    if ((!existing || existing.officeId !== officeId) && !officeReachable(scope, officeId)) throw outOfScope();

    const isDisabling = values.isEnable === '0' && existing?.isEnable !== '0';
    const unusablePassword = existing ? undefined : await unusablePasswordHash();
    let savedId: number;
    try {
      savedId = await db.transaction().execute(async (trx) => {
        // Roles saved after their preview: refused (1011) when grants changed since, before anything is written.
        await requirePreviewedVersion(trx, previewed);
        let userId: number;
        if (existing) {
          userId = existing.id;
          await checkAccountAction(trx, caller, [userId], isDisabling ? 'disable' : 'update');
          let update = trx
            .updateTable('user')
            .set((eb) => ({ ...(values as object), version: nextVersion(eb) }) as never)
            .where('id', '=', userId);
          if (expectedVersion !== undefined) update = update.where('version', '=', expectedVersion);
          // Not written: another write took the version since the check above (or the account went).
          if ((await update.executeTakeFirst()).numUpdatedRows === 0n) throw new StaleAccount();
        } else {
          userId = await insertAccount(trx, caller, values, roleIds ?? [], unusablePassword!, locale, { ends: roleEnds, now });
        }
        if ((roleIds !== undefined || roleEnds !== undefined) && existing) await assignRoles(trx, caller, userId, roleIds, locale, { ends: roleEnds, now });
        if (values.isEnable === '0') await revokeSessions(trx, [userId]);
        return userId;
      });
    } catch (error) {
      // Read after the rollback: the transaction's connection is the only one on SQLite.
      if (error instanceof StaleAccount) throw await staleSave(existing!.id);
      // Two saves of the same telephone or code at once: the unique index decides.
      if (isUniqueViolation(error)) throw duplicate(/telephone/i.test(String((error as Error).message)) ? 'telephone' : 'code', locale);
      throw error;
    }
    return (await loadStaff(db, savedId))!.userCenter;
  };
}
