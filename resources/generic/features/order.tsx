/**
 * `order`: a position 1…n the server keeps, shown as the cell `order` with up/down arrows that
 * move the row (`/move` swaps it with its neighbour). The arrows load with a list that has them.
 */
import { lazy, Suspense } from 'react';
import type { ConsoleFeature } from './feature';

const OrderArrows = lazy(() => import('./OrderArrows'));

/** The position and two small icon buttons. */
const ORDER_WIDTH = 88;

export const orderFeature: ConsoleFeature = {
  key: 'order',
  cells: {
    order: {
      contentWidth: ORDER_WIDTH,
      render: (props) => (
        <Suspense fallback={null}>
          <OrderArrows {...props} />
        </Suspense>
      ),
    },
  },
};
