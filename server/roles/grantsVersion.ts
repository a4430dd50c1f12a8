/**
 * The grants version a preview was computed at (contract/grantPreview.ts), carried back by the
 * save as `grantsVersion`: a save naming one is written only while the database's grants version
 * (migration 0004, moved by every write of nodes, grants, roles and users' roles) is still that.
 */
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { Code, type Locale } from '../../contract';
import { grantPreviewMessages, PREVIEW_VERSION_PARAM } from '../../contract/grantPreview';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { invalidParam } from '../http/params';

/** The grants version as `db` (a transaction, for the preview) reads it now. */
export async function readGrantsVersion(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('grantsVersion').select('version').where('id', '=', 1).executeTakeFirst();
  return Number(row?.version ?? 0);
}

/** The save's `grantsVersion`: absent is undefined (the save behaves as without a preview); else a whole number (1001). */
export function previewedVersionOf(params: Readonly<Record<string, unknown>>, locale: Locale): number | undefined {
  const value = params[PREVIEW_VERSION_PARAM];
  if (value === undefined || value === null || value === '') return undefined;
  const raw = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,15}$/.test(raw)) throw invalidParam(PREVIEW_VERSION_PARAM, locale);
  return Number(raw);
}

/**
 * Inside the save's transaction, before it writes: 1011 when grants changed since the preview.
 * The counter's row is locked first (a no-op update), so on PostgreSQL no grant write commits
 * between this check and the save's own writes; SQLite runs one write transaction at a time.
 */
export async function requirePreviewedVersion(trx: Kysely<Database>, expected: number | undefined): Promise<void> {
  if (expected === undefined) return;
  await trx
    .updateTable('grantsVersion')
    .set((eb) => ({ version: eb.ref('version') }))
    .where('id', '=', 1)
    .execute();
  if ((await readGrantsVersion(trx)) !== expected) throw new ApiError(Code.CONFLICT, grantPreviewMessages.changedSincePreview);
}

/** The save's `grantsVersion` for the API document; previewedVersionOf stays the check. */
export const grantsVersionParam = z
  .union([z.int().nonnegative(), z.string().regex(/^\d{1,15}$/)])
  .optional()
  .describe('the grants version a grant preview answered: the save is refused (1011) when grants changed since');
