/**
 * What a resource's own rules look like (server/policies.ts keys them by resource), kept apart
 * so a resource's policy module and the registry of policies do not import each other.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ImpactCount, Locale, Text } from '../../contract';
import type { Database } from '../db/schema';
import type { Caller } from '../http/requestContext';
import type { ListCondition, ResourceRecord } from './repository';

/** Who asks, as a policy sees it. */
export interface PolicyContext {
  caller: Caller | null;
  locale: Locale;
}

export function contextOf(request: FastifyRequest): PolicyContext {
  return { caller: request.caller, locale: request.locale };
}

/** A validated save: `existing` is the stored record on update (its key fields already checked unchanged). */
export interface SaveChange {
  id: number | undefined;
  values: Readonly<Record<string, unknown>>;
  existing: ResourceRecord | undefined;
}

export interface ResourcePolicy {
  /** Narrows every list of the resource (e.g. sessions still within their limits, which are settings). */
  listConditions?(context: PolicyContext): readonly ListCondition[];
  /** Runs before a validated create or update is stored; throw to refuse. */
  beforeSave?(db: Kysely<Database>, change: SaveChange, context: PolicyContext): Promise<void>;
  /** Runs inside the delete's transaction once every id is known to exist; throw to refuse. */
  beforeDelete?(trx: Kysely<Database>, ids: readonly number[], context: PolicyContext): Promise<void>;
  /**
   * What deleting these (existing) records would take with it beyond their details, per id, and
   * why the delete would be refused (what beforeDelete would throw), for the confirmation to say
   * before the delete is asked (`<endpoint>/deleteImpact`).
   */
  deleteImpact?(db: Kysely<Database>, ids: readonly number[], context: PolicyContext): Promise<ReadonlyMap<number, DeleteImpactPart>>;
  /**
   * Adds what a reader needs beside the stored fields to the rows a list or detail answers (e.g.
   * the name of a logged call, looked up in the permission tree); never changes a stored field.
   */
  present?(db: Kysely<Database>, rows: readonly ResourceRecord[], context: PolicyContext): Promise<ResourceRecord[]>;
}

/** A policy's part of one record's delete impact: counts (zero ones are left out) and a refusal. */
export interface DeleteImpactPart {
  counts?: readonly ImpactCount[];
  refusal?: Text;
}
