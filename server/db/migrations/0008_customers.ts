/**
 * Customers (SPEC §3 User center + User extend, Bank row, Recipient address, Invoice info) and the
 * record of who revealed whose personal data. The tables are spelled out here rather than left to
 * the definitions' table sync so the indexes below can be created with them: the related lists
 * read by userId, and the list's "contains" searches use pg_trgm GIN indexes on PostgreSQL (as
 * the person list does) and, on SQLite, a narrow index the LIKE scan reads instead of the table.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { columnTypes } from '../columnTypes';

type Column = readonly [name: string, kind: 'int' | number, isRequired?: boolean];

const TABLES: Record<string, readonly Column[]> = {
  customer: [
    ['name', 50, true], ['isEnable', 1, true], ['email', 64], ['companyName', 100], ['tradeType', 50, true], ['telephone', 20],
    ['userType', 'int', true], ['qq', 20], ['province', 6], ['city', 6], ['area', 6], ['address', 200],
    ['payee', 50], ['bank', 50], ['bankBranch', 100], ['bankCode', 32], ['alipay', 64], ['payType', 'int', true],
    ['recipient', 50], ['deliveryPhone', 20], ['invoiceCode', 32], ['taxRegisterCode', 32],
  ],
  customer_bank: [['userId', 'int', true], ['payee', 50, true], ['payAccount', 32], ['payBank', 50], ['branchBank', 100], ['alipay', 64], ['appId', 'int']],
  customer_address: [['userId', 'int', true], ['recipients', 50, true], ['receivePhone', 20], ['receiveAddress', 200], ['appId', 'int']],
  customer_invoice: [['userId', 'int', true], ['invoiceTitle', 100, true], ['taxReceipt', 32], ['invoiceName', 50], ['invoiceAddress', 200], ['appId', 'int']],
  customer_reveal: [['userId', 'int', true], ['staffName', 50, true], ['resource', 30, true], ['recordId', 'int', true], ['revealTime', 19, true]],
};

const SEARCHED = ['name', 'company_name', 'telephone', 'email'];

export function customers(dialect: DialectName): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      for (const [table, columns] of Object.entries(TABLES)) {
        let create = db.schema.createTable(table).addColumn('id', t.idType, t.idColumn);
        for (const [name, kind, isRequired] of columns) {
          create = create.addColumn(name, kind === 'int' ? t.bigint : t.text(kind), (col) => (isRequired ? col.notNull() : col));
        }
        await create.execute();
        if (table !== 'customer') await db.schema.createIndex(`${table}_user_idx`).on(table).columns(['userId', 'id']).execute();
      }
      await db.schema.createIndex('customer_name_idx').on('customer').columns(['name', 'id']).execute();
      if (dialect === 'postgres') {
        const { rows } = await sql<{ schema: string }>`
          select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
        const ops = sql.raw(`"${rows[0]!.schema.replace(/"/g, '""')}".gin_trgm_ops`);
        for (const column of SEARCHED) {
          await sql`create index ${sql.raw(`customer_${column}_trgm`)} on customer using gin (lower(${sql.ref(column)}) ${ops})`.execute(db);
        }
      } else {
        await sql`create index customer_contains_scan on customer (name, company_name, telephone, email)`.execute(db);
      }
    },
  };
}
