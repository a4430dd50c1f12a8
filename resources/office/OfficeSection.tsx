import type { ReactNode } from 'react';

interface Props {
  title: string;
  children: ReactNode;
}

/**
 * A titled panel in antd Card's look. antd's Card pulls in Tabs and Skeleton (about 25 KB gzipped)
 * for features these screens never use.
 */
export function OfficeSection({ title, children }: Props) {
  return (
    <section aria-label={title} className="office-panel">
      <div className="office-card">
        <div className="office-card__head">
          <div className="office-card__title">{title}</div>
        </div>
        <div className="office-card__body">{children}</div>
      </div>
    </section>
  );
}
