/**
 * A query Kysely builds and compiles once, then runs again with new values. Building the
 * immutable query tree and compiling it (the camel-case plugin rewrites the whole tree first) cost
 * about as much as running a small query, on every call of the hottest paths (the session lookup
 * of every request, version counters, a page's roles).
 *
 * The builder receives stand-ins for the values and must only place them in the query (`where x =
 * value`, `in list`), never look at them: the first call compiles with the stand-ins and later
 * calls swap in the real values. What decides the statement's structure (which filters are there)
 * is passed apart as its `shape`, a plain value: one compiled statement per shape, and per length
 * of each list value.
 */
import type { Compilable, CompiledQuery, Kysely } from 'kysely';

// An object type, not a record: interfaces (which have no index signature) are allowed.
type Values = object;
type Slot = { name: string; index?: number } | undefined;

const MARK = '\u0000prepared:';

/**
 * The SQL texts of prepared queries, each with a statement name: PostgreSQL keeps them as named
 * prepared statements on every connection (postgresClient.ts), so it parses and plans them once.
 */
const statementNames = new Map<string, string>();
const MAX_STATEMENT_NAMES = 1000;

export function preparedStatementName(sql: string): string | undefined {
  return statementNames.get(sql);
}

function nameStatement(sql: string): void {
  if (!statementNames.has(sql) && statementNames.size < MAX_STATEMENT_NAMES) statementNames.set(sql, `prepared_${statementNames.size + 1}`);
}

/**
 * Runs a query Kysely built as a named prepared statement (PostgreSQL; SQLite keeps every
 * statement prepared already): after five runs PostgreSQL may keep one generic plan for it, which
 * is only right where the plan does not depend on the values (exact filters, each with its index).
 */
export async function executeNamed<DB, R>(db: Kysely<DB>, query: Compilable<R>): Promise<R[]> {
  const compiled = query.compile();
  nameStatement(compiled.sql);
  return (await db.executeQuery(compiled)).rows;
}

/** Shapes kept per query; past it they are compiled afresh (list lengths can make many). */
const MAX_SHAPES = 200;

function standIns<V extends Values>(values: V): V {
  return Object.fromEntries(
    Object.entries(values as Record<string, unknown>).map(([name, value]) => [name, Array.isArray(value) ? value.map((_, i) => `${MARK}${name}:${i}`) : `${MARK}${name}`]),
  ) as V;
}

function slotOf(parameter: unknown): Slot {
  if (typeof parameter !== 'string' || !parameter.startsWith(MARK)) return undefined;
  const [name, index] = parameter.slice(MARK.length).split(':');
  return { name: name!, index: index === undefined ? undefined : Number(index) };
}

/** The key of a call's compiled statement: its shape and the lengths of its list values. */
function keyOf(values: Values, shape: unknown): string {
  let key = shape === undefined ? '' : JSON.stringify(shape);
  for (const [name, value] of Object.entries(values as Record<string, unknown>)) {
    if (Array.isArray(value)) key += `;${name}:${value.length}`;
  }
  return key;
}

export interface RunOptions<DB, S> {
  shape?: S;
  /** The database (default) or a transaction of it. */
  executor?: Kysely<DB>;
}

export interface PreparedQuery<DB, V extends Values, R, S> {
  execute(values: V, options?: RunOptions<DB, S>): Promise<R[]>;
  takeFirst(values: V, options?: RunOptions<DB, S>): Promise<R | undefined>;
}

export interface PreparedOptions {
  /**
   * Rows as the statement selects them, without the plugins' result mapping (camelCase): for a
   * statement whose selections are already named as the caller reads them (a list page: no copy of
   * every row, key by key).
   */
  unmapped?: boolean;
}

export function preparedQuery<DB, V extends Values, R, S = undefined>(
  db: Kysely<DB>,
  build: (values: V, shape: S) => Compilable<R>,
  { unmapped = false }: PreparedOptions = {},
): PreparedQuery<DB, V, R, S> {
  const compiled = new Map<string, { query: CompiledQuery<R>; slots: Slot[] }>();
  const plain = unmapped ? db.withoutPlugins() : undefined;

  function compile(values: V, shape: S, key: string) {
    const query = build(standIns(values), shape).compile();
    if (query.sql.includes(MARK)) throw new Error('A prepared query wrote a value into its SQL text instead of a parameter');
    const entry = { query, slots: query.parameters.map(slotOf) };
    nameStatement(query.sql);
    if (compiled.size >= MAX_SHAPES) compiled.clear();
    compiled.set(key, entry);
    return entry;
  }

  async function execute(values: V, { shape, executor = db }: RunOptions<DB, S> = {}): Promise<R[]> {
    const key = keyOf(values, shape);
    const { query, slots } = compiled.get(key) ?? compile(values, shape as S, key);
    const parameters = slots.map((slot, i) => {
      if (!slot) return query.parameters[i];
      const value = (values as Record<string, unknown>)[slot.name];
      return slot.index === undefined ? value : (value as unknown[])[slot.index];
    });
    const on = unmapped ? (executor === db ? plain! : executor.withoutPlugins()) : executor;
    const result = await on.executeQuery<R>({ ...query, parameters });
    return result.rows;
  }

  return {
    execute,
    async takeFirst(values, options) {
      return (await execute(values, options))[0];
    },
  };
}
