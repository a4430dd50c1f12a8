/**
 * The key-availability call of a resource (`definition.keyCheck`, e.g. GET /param/vaildKey),
 * debounced so typing asks the server once the user pauses.
 */
export type KeyCheck = (value: string) => Promise<boolean>;

export const KEY_CHECK_DELAY_MS = 400;

/**
 * Only the last call within `delayMs` reaches `check`; earlier ones resolve as free at once (the
 * form ignores a superseded validation anyway). A failing call also counts as free: the server
 * refuses a duplicate on save by itself, and an unreachable check must not block the form.
 */
export function debounceKeyCheck(check: KeyCheck, delayMs = KEY_CHECK_DELAY_MS): KeyCheck {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let settlePending: ((free: boolean) => void) | undefined;
  return (value) =>
    new Promise<boolean>((resolve) => {
      clearTimeout(timer);
      settlePending?.(true);
      settlePending = resolve;
      timer = setTimeout(() => {
        settlePending = undefined;
        check(value).then(resolve, (error: unknown) => {
          console.warn('[form] the key check failed; the server checks again on save', error);
          resolve(true);
        });
      }, delayMs);
    });
}

/** The key check's answer: `data: true` means the value is free. */
export function isFreeAnswer(data: unknown): boolean {
  return data === true || data === 'true';
}
