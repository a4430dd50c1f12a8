/**
 * A computed line total: the row's `quantity` × `unitPrice` (a money field, in fen), shown as an
 * amount in yuan with the locale's separators; the empty mark when either is missing. The example
 * of a cell that reads the whole row. Multiplied as whole fen, so no float rounding creeps in.
 */
import { minorUnitsOf, minorUnitsText } from '../../contract/decimal';
import { defineCell } from '../generic/defineCell';

export default defineCell({
  name: 'lineTotal',
  align: 'right',
  width: 140,
  render: (_value, row, locale) => {
    const quantity = minorUnitsOf(row.quantity);
    const unitPrice = minorUnitsOf(row.unitPrice);
    if (quantity === undefined || unitPrice === undefined) return <span className="generic-empty">--</span>;
    const total = minorUnitsText(quantity * unitPrice, 2) as Intl.StringNumericLiteral;
    return <span className="generic-cell">{new Intl.NumberFormat(locale, { style: 'currency', currency: 'CNY' }).format(total)}</span>;
  },
});
