/**
 * The one shape of what a resource adds to the generic CRUD (./handlers.ts, the core): a feature is
 * a set of hooks the core runs at fixed points of its calls. The core knows no resource and no
 * family of resources; a key of the definition serving one family (privacy, order, …) is a module
 * under ./features that answers its hooks, and a resource's own rules (server/policies.ts) are a
 * feature too. ./features/index.ts lists them in the order the core runs them.
 *
 * Every hook is optional. Where several features answer the same hook they run in that order:
 * - list: `checkList` before the core reads its own parameters, then `list` after them (its
 *   exact filters, conditions and lookups narrow the read; it may refuse, or record and `settle`
 *   once the page is read), then `present` on the page's rows;
 * - every read (list, export, bulk match and detail): `readConditions`, the rows this caller may
 *   read at all (a detail outside them answers 1003, as a missing grant);
 * - detail: `present` on the record, `shapeRecord` (also every single record a feature's route
 *   answers), then `detailExtras`;
 * - save: `serverFields` kept as stored, then `beforeSave` once the core's checks passed, then the
 *   first `insert` or guarding `update` writes it (the repository otherwise);
 * - delete (one transaction): `beforeDelete`, the core deletes details and records, `afterDelete`;
 *   its confirmation reads `deleteImpact` (counts in feature order, the first refusal);
 * - `routes`: calls of their own beside the core's (./routes.ts registers them);
 * - export (./features/exporting.ts): `exportAccess` before the first page (the first that answers
 *   decides), then per page the list's hooks as above, `present` told what the caller may see;
 * - list, detail and export read their rows from `readsFrom` (./features/replicaReads.ts) when a
 *   feature gives one, the primary otherwise; every hook above still gets the primary (`db`): what
 *   decides access (the caller's scope in `readConditions`, a grant) is never read from a replica;
 * - import (./features/importing.ts): each row is checked as a new record's save (`checkNew`: the
 *   core's checks and every `beforeSave`), then all are stored by the repository in one transaction.
 */
import type { FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { RouteDoc } from '../http/routeDoc';
import type { Kysely } from 'kysely';
import type { ImpactCount, ListData, Locale, Text } from '../../contract';
import type { LookupComparison } from '../../contract/lookup';
import type { ResourceDefinition } from '../../resources/define';
import type { Grants } from '../auth/grants';
import type { LookupPolicy } from '../config';
import type { Database } from '../db/schema';
import type { Caller } from '../http/requestContext';
import { requestParams } from '../http/params';
import type { DictionaryLookup } from './recordChecks';
import type { ListCondition, ListQuery, ReachedTotals, Repository, ResourceRecord } from './repository';

export interface CrudContext {
  db: Kysely<Database>;
  /** A streaming replica's handle (DATABASE_READ_URL), for the resources whose definition says `reads: 'replica'`. */
  readDb?: Kysely<Database>;
  /** Every declared resource (masters, details and references are looked up among them). */
  definitions: readonly ResourceDefinition[];
  dictionaries: DictionaryLookup;
  /** The resources' own rules by name (server/policies.ts, and those the app builds from its settings). */
  policies: Readonly<Record<string, CrudFeature>>;
  /** Who holds a resource's reveal call: their whole-value lookups are not limited (without it, everyone's are). */
  grants?: Pick<Grants, 'canCallApi'>;
  /** The budget of whole-value lookups of a caller without the reveal grant (default DEFAULT_LOOKUP_POLICY). */
  lookupPolicy?: LookupPolicy;
  /** The first instant of a table's rows that retention keeps now (older ones may be gone); undefined when it purges none. */
  keptFrom?: (table: string) => number | undefined;
}

/** What a feature module is built from: the app's context and the resource's repository. */
export interface FeatureContext extends CrudContext {
  repository: Repository;
}

/** A feature module: its hooks for `definition`, or undefined when the definition does not use it. */
export type FeatureFactory = (context: FeatureContext, definition: ResourceDefinition) => CrudFeature | undefined;

/** Who asks, as a hook sees it. */
export interface CallContext {
  caller: Caller | null;
  locale: Locale;
  /** Personal data is answered as stored (an export by a holder of the reveal grant, recorded as a reveal). */
  isRevealed?: boolean;
  /** The request's parameters, for a hook reading one of its own beside the entity's fields. */
  params?: Readonly<Record<string, unknown>>;
}

export function contextOf(request: FastifyRequest): CallContext {
  return { caller: request.caller, locale: request.locale, params: requestParams(request) };
}

/** A validated save: `existing` is the stored record on update (its key fields already checked unchanged). */
export interface SaveChange {
  id: number | undefined;
  values: Readonly<Record<string, unknown>>;
  existing: ResourceRecord | undefined;
}

/** What a feature adds to one list read. */
export interface ListPart {
  /** Exact filters by field (fields the repository filters by exactly). */
  exact?: Readonly<Record<string, string>>;
  conditions?: readonly ListCondition[];
  /** Masked fields found by their whole normalised value. */
  lookups?: ReadonlyArray<{ field: string; comparison: LookupComparison; value: string }>;
  /** Counts the matching rows only up to this many (the least of the features' bounds): see ./features/boundedTotal.ts. */
  totalUpTo?: number;
  /** The totals that reached that bound and are kept (an append-only resource). */
  reached?: ReachedTotals;
  /** Runs once the page is read, before it is presented (e.g. recording what a lookup matched). */
  settle?(page: ListData<ResourceRecord>): Promise<void>;
}

/** A feature's part of one record's delete impact: counts (zero ones are left out) and a refusal. */
export interface DeleteImpactPart {
  counts?: readonly ImpactCount[];
  refusal?: Text;
}

/** A list's query as its request asks it, without paging, and what runs once rows are read. */
export interface ListRead {
  query: Omit<ListQuery, 'paging'>;
  settle(page: ListData<ResourceRecord>): Promise<void>;
}

/** What the core offers a feature's route. */
export interface CrudCore {
  repository: Repository;
  /** The repository list, detail and export read rows through: on the replica when a feature says `readsFrom`, else `repository`. */
  reads: Repository;
  /** A single record as every single-record answer carries it (the features' `shapeRecord`). */
  shapeRecord(record: ResourceRecord): ResourceRecord;
  /** The list's query as the request asks it (checks and the features' parts as the list runs them). */
  listQueryOf(request: FastifyRequest): Promise<ListRead>;
  /** Rows as the list answers them (the features' `present`). */
  present(rows: readonly ResourceRecord[], context: CallContext): Promise<ResourceRecord[]>;
  /** How an export by this caller shows personal data (the first feature answering decides; none: masked). */
  exportAccess(context: CallContext): Promise<ExportAccess>;
  /** A new record's values after every check its save makes (an import's rows); throws the save's refusal. */
  checkNew(params: Record<string, unknown>, context: CallContext): Promise<Record<string, unknown>>;
  /** Fields the server keeps (the features' `serverFields`): never taken from a request. */
  serverFields: ReadonlySet<string>;
  /**
   * Saves `params` exactly as /saveOrUpdate would (every check, policy and the record version),
   * answering the saved record; throws the save's refusal. The one save path: a revert replays through it.
   */
  save(request: FastifyRequest, params: Record<string, unknown>): Promise<ResourceRecord>;
}

/** How an export shows personal data, and what it records once its rows are written. */
export interface ExportAccess {
  isRevealed: boolean;
  settle?(rows: number): Promise<void>;
}

/**
 * A call of a feature's own below the resource's endpoint. Where a master and its detail share
 * the endpoint, `answeredBy` says whose it is: the resource whose record `id` names, the one the
 * request's parent field names, or always the master. A resource without the call refuses it
 * (1003; 1004 first for a record route whose id names none of its records).
 */
export interface FeatureRoute {
  method: HTTPMethods | HTTPMethods[];
  url: string;
  /** A call that writes runs in its request's audit context (server/audit). */
  writes?: boolean;
  /** It writes only what has a log of its own (the reveal log), not the audit log. */
  unaudited?: boolean;
  /** Its body is a file's bytes (an import's .xlsx): parsed as a Buffer, bounded by IMPORT_LIMITS.bytes (server/import/fileBody.ts). */
  fileBody?: boolean;
  answeredBy: 'record' | 'parent' | 'master';
  /** What it accepts, for the API document (server/http/routeDoc.ts). */
  doc?: RouteDoc;
  /** Checks the call's own parameters first, whichever resource then answers it (1001). */
  checkParams?(request: FastifyRequest): void;
  handler(request: FastifyRequest, core: CrudCore, reply: FastifyReply): Promise<unknown>;
}

export interface CrudFeature {
  /**
   * Where list, detail and export read the resource's rows (a replica); the first feature giving
   * one decides. Nothing else reads there: hooks, saves and access decisions use the primary.
   */
  readsFrom?: Kysely<Database>;
  /** Refuses a list call lacking what the resource requires, before the core reads its own parameters. */
  checkList?(params: Readonly<Record<string, unknown>>, context: CallContext): void;
  /**
   * The rows this caller may read at all, whatever the call (list, export, bulk match, detail): in
   * the query, so pages and totals hold only those; none: every row.
   */
  readConditions?(db: Kysely<Database>, context: CallContext): Promise<readonly ListCondition[]>;
  /**
   * Its `readConditions` read the caller's data scope: the list route asks the guard to read it in
   * the session's statement (route config `readsStaffScope`, Caller.staffScope), one round trip fewer.
   */
  readsStaffScope?: boolean;
  /** Narrows a list once the core's parameters are read; may refuse, or record the read. */
  list?(db: Kysely<Database>, params: Readonly<Record<string, unknown>>, context: CallContext): Promise<ListPart | undefined> | ListPart | undefined;
  /**
   * Adds what a reader needs beside the stored fields to the rows a list or detail answers (e.g.
   * the name of a logged call), or hides what they may not read; never changes a stored value.
   */
  present?(db: Kysely<Database>, rows: readonly ResourceRecord[], context: CallContext): Promise<ResourceRecord[]>;
  /** Reshapes a single record's answer (detail and a feature route's), e.g. fields grouped as clients read them. */
  shapeRecord?(record: ResourceRecord): ResourceRecord;
  /** Values the detail answer adds beside the record (e.g. whether it is in use). */
  detailExtras?(record: ResourceRecord): Promise<Record<string, unknown>>;
  /** Fields the server keeps (a position): never taken from a request, never written by an update. */
  serverFields?: readonly string[];
  /** Runs before a validated create or update is stored; throw to refuse. */
  beforeSave?(db: Kysely<Database>, change: SaveChange, context: CallContext): Promise<void>;
  /** Stores a new record in its place (answers its id); the first feature with it inserts. */
  insert?(values: Record<string, unknown>, locale: Locale): Promise<number>;
  /**
   * Writes an update the feature guards (answers whether the record still existed, and held
   * `expectedVersion` when given: the repository's update takes it), or undefined when this update
   * is not its to write.
   */
  update?(id: number, named: Record<string, unknown>, existing: ResourceRecord, locale: Locale, expectedVersion: number | undefined): Promise<boolean> | undefined;
  /** Runs inside the delete's transaction once every id is known to exist (`rows` as read there); throw to refuse. */
  beforeDelete?(trx: Kysely<Database>, ids: readonly number[], context: CallContext, rows: readonly ResourceRecord[]): Promise<void>;
  /** Runs inside the delete's transaction after the records and their details are deleted. */
  afterDelete?(trx: Kysely<Database>, ids: readonly number[], context: CallContext, rows: readonly ResourceRecord[]): Promise<void>;
  /**
   * What deleting these (existing) records would take with it beyond their details, per id, and
   * why the delete would be refused (what beforeDelete would throw), for the confirmation to say
   * before the delete is asked (`<endpoint>/deleteImpact`). A read: nothing is locked or written.
   */
  deleteImpact?(db: Kysely<Database>, ids: readonly number[], context: CallContext, rows: readonly ResourceRecord[]): Promise<ReadonlyMap<number, DeleteImpactPart>>;
  routes?: readonly FeatureRoute[];
  /** Whether an export by this caller carries personal data as stored (then how it is recorded); undefined when not this feature's to say. */
  exportAccess?(context: CallContext): Promise<ExportAccess | undefined>;
}

/** The declared resource named `name` (`by`: the resource naming it, for the start's error). */
export function declaredNamed(definitions: readonly ResourceDefinition[], name: string, by: string): ResourceDefinition {
  const found = definitions.find((d) => d.name === name);
  if (!found) throw new Error(`Resource ${by} names the undeclared resource ${name}`);
  return found;
}
