import { useTranslate } from '@refinedev/core';
import type { CellView } from './cells';

/** Renders a list cell; missing values (and missing slots) show the empty mark '--'. */
export function CellContent({ view }: { view: CellView }) {
  const t = useTranslate();
  const empty = t('common.empty');
  if (view.kind === 'empty') return <span className="generic-empty">{empty}</span>;
  if (view.kind === 'text') return <span className="generic-cell">{view.text}</span>;
  return (
    <span className="generic-slots-cell">
      {view.slots.map((slot) => (
        <span key={slot.label} className="generic-slots-cell__slot">
          <span className="generic-slots-cell__label">{slot.label}:</span> {slot.value ?? empty}
        </span>
      ))}
    </span>
  );
}
