/**
 * The placeholder shown while the session, the menus or a page chunk load. Plain markup styled
 * from index.html, so the entry chunk carries no component library.
 */
export function BootSpinner({ label }: { label?: string }) {
  return (
    <div className="console-boot" role="status" aria-live="polite">
      <span className="console-boot__dot" aria-hidden="true" />
      {label ? <span className="console-boot__label">{label}</span> : null}
    </div>
  );
}
