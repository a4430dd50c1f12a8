/**
 * A key-availability call (a definition's `keyCheck`, e.g. GET /param/vaildKey; the staff dialog's telephone),
 * debounced so typing asks the server once the user pauses. A key unique only together with other
 * fields (a unique rule `['appId', 'roleKey']`: a role key per app) is checked with their values.
 */
import type { RuleObject } from 'antd/es/form';

/** The other values the key is unique among (e.g. `{ appId: 2 }`). */
export type KeyScope = Readonly<Record<string, string | number>>;
export type KeyCheck = (value: string, scope?: KeyScope) => Promise<boolean>;

export const KEY_CHECK_DELAY_MS = 400;

/**
 * Only the last call within `delayMs` reaches `check`; earlier ones resolve as free at once (the
 * form ignores a superseded validation anyway). A failing call also counts as free: the server
 * refuses a duplicate on save by itself, and an unreachable check must not block the form.
 */
export function debounceKeyCheck(check: KeyCheck, delayMs = KEY_CHECK_DELAY_MS): KeyCheck {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let settlePending: ((free: boolean) => void) | undefined;
  return (...args: Parameters<KeyCheck>) =>
    new Promise<boolean>((resolve) => {
      clearTimeout(timer);
      settlePending?.(true);
      settlePending = resolve;
      timer = setTimeout(() => {
        settlePending = undefined;
        check(...args).then(resolve, (error: unknown) => {
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

/**
 * The scope of a key unique within the fields `within` from the form's values: `{}` when the key
 * is unique overall, `null` while a scoping value is not chosen yet (nothing to check against).
 */
export function keyScope(within: string | readonly string[] | undefined, valueOf: (field: string) => unknown): KeyScope | null {
  const scope: Record<string, string | number> = {};
  for (const name of typeof within === 'string' ? [within] : (within ?? [])) {
    const value = valueOf(name);
    if (!(typeof value === 'number' || (typeof value === 'string' && value.trim() !== ''))) return null;
    scope[name] = value;
  }
  return scope;
}

/**
 * Refuses a value the server reports as taken; `isFree` is the (debounced) key-check call.
 * `scope` answers the values the key is unique within (sent along), or null when one is not
 * chosen yet: then nothing is asked (the form checks again when it is chosen).
 */
export function uniqueRule(isFree: KeyCheck, duplicate: string, scope?: () => KeyScope | null): RuleObject {
  return {
    validator: async (_rule, value) => {
      if (typeof value !== 'string' || value.trim() === '') return;
      const within = scope ? scope() : undefined;
      if (within === null) return;
      const free = within && Object.keys(within).length > 0 ? await isFree(value.trim(), within) : await isFree(value.trim());
      if (!free) throw new Error(duplicate);
    },
  };
}
