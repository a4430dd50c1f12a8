/**
 * A statement takes a bounded number of parameters (SQLite 32,766, PostgreSQL 65,535): a list that
 * grows with the data (rows to insert, ids another query found) goes in parts of CHUNK. Lists a
 * caller sends are bounded where they are read (MAX_IDS).
 */
export const CHUNK = 500;

export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < items.length; i += size) parts.push(items.slice(i, i + size));
  return parts;
}
