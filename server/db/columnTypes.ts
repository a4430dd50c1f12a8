/** The only place where the two dialects differ: column types. */
import type { ColumnDataType, ColumnDefinitionBuilder } from 'kysely';
import type { DialectName } from './database';

export interface ColumnTypes {
  /** Auto-increment integer primary key. */
  idType: ColumnDataType;
  idColumn: (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
  /** Integers, including epoch-millisecond times. */
  bigint: ColumnDataType;
  /** Text of at most `max` characters (the limit is enforced on PostgreSQL only). */
  text: (max?: number) => ColumnDataType;
}

export function columnTypes(dialect: DialectName): ColumnTypes {
  if (dialect === 'postgres') {
    return {
      idType: 'serial',
      idColumn: (col) => col.primaryKey(),
      bigint: 'bigint',
      text: (max) => (max ? `varchar(${max})` : 'text'),
    };
  }
  return {
    idType: 'integer',
    idColumn: (col) => col.primaryKey().autoIncrement(),
    bigint: 'integer',
    text: () => 'text',
  };
}
