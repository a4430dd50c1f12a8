import type { HttpError } from '@refinedev/core';

type FieldError = { name: string; errors: string[] };

function messagesOf(value: unknown): string[] {
  if (typeof value === 'string') return value ? [value] : [];
  if (Array.isArray(value)) return value.filter((m): m is string => typeof m === 'string' && m !== '');
  if (value && typeof value === 'object' && typeof (value as { message?: unknown }).message === 'string') {
    return [(value as { message: string }).message];
  }
  return [];
}

/** A failed save's per-field messages (Refine HttpError.errors) for the fields the form has. */
export function serverFieldErrors(error: unknown, fields: readonly string[]): FieldError[] {
  const errors = (error as Partial<HttpError> | null)?.errors;
  if (!errors || typeof errors !== 'object') return [];
  return Object.entries(errors)
    .filter(([name]) => fields.includes(name))
    .map(([name, value]) => ({ name, errors: messagesOf(value) }))
    .filter((entry) => entry.errors.length > 0);
}
