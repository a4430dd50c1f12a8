/**
 * A computed line total: the row's `quantity` × `unitPrice`, two decimals, right-aligned; the
 * empty mark when either is not a number. The example of a cell that reads the whole row.
 */
import { defineCell } from '../generic/defineCell';

const numberOf = (value: unknown) => (typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN);

export default defineCell({
  name: 'lineTotal',
  align: 'right',
  width: 120,
  render: (_value, row, locale) => {
    const total = numberOf(row.quantity) * numberOf(row.unitPrice);
    if (!Number.isFinite(total)) return <span className="generic-empty">--</span>;
    return <span className="generic-cell">{total.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}</span>;
  },
});
