/**
 * The month arithmetic of the partitioned tables (server/db/partitions.ts) and how 0029 gives a
 * unique index the partition key.
 */
import { describe, expect, it } from 'vitest';
import { withKeyColumn } from '../../../server/db/migrations/0029_log_partitions';
import { addMonths, monthBounds, monthOf, partitionedTable } from '../../../server/db/partitions';

describe('monthly partitions', () => {
  it('counts months across years', () => {
    expect(addMonths(202611, 3)).toBe(202702);
    expect(addMonths(202601, -1)).toBe(202512);
    expect(addMonths(202612, -12)).toBe(202512);
  });

  it('puts an instant in its UTC month and an hour key in its calendar month, bounds included from and excluded to', () => {
    const audit = partitionedTable('audit_log');
    const [from, to] = monthBounds(audit, 202602);
    expect([from, to]).toEqual([Date.UTC(2026, 1, 1), Date.UTC(2026, 2, 1)]);
    expect(monthOf(audit, from)).toBe(202602);
    expect(monthOf(audit, to - 1)).toBe(202602);
    expect(monthOf(audit, to)).toBe(202603);
    const hours = partitionedTable('traffic_hour');
    expect(monthBounds(hours, 202612)).toEqual([2026120000, 2027010000]);
    expect(monthOf(hours, 2026123123)).toBe(202612);
  });

  it('adds the partition key to a unique index’s columns, before INCLUDE and WHERE', () => {
    expect(withKeyColumn('CREATE UNIQUE INDEX a ON s.audit_log USING btree (request_id, lower((route)::text)) INCLUDE (user_id) WHERE (id > 0)', 'changed_at')).toBe(
      'CREATE UNIQUE INDEX a ON s.audit_log USING btree (request_id, lower((route)::text), "changed_at") INCLUDE (user_id) WHERE (id > 0)',
    );
  });
});
