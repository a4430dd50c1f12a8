/**
 * Kysely's CamelCasePlugin with its name conversions remembered: the same few hundred column
 * names come back on every row of every query, and converting each name again, character by
 * character, was a visible part of a list request. Nested objects are mapped as the plugin does.
 */
import { CamelCasePlugin, type UnknownRow } from 'kysely';

const isPlainObject = (value: unknown): value is UnknownRow =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

export class CachedCamelCasePlugin extends CamelCasePlugin {
  readonly #camel = new Map<string, string>();
  readonly #snake = new Map<string, string>();

  protected override camelCase(name: string): string {
    let converted = this.#camel.get(name);
    if (converted === undefined) this.#camel.set(name, (converted = super.camelCase(name)));
    return converted;
  }

  protected override snakeCase(name: string): string {
    let converted = this.#snake.get(name);
    if (converted === undefined) this.#snake.set(name, (converted = super.snakeCase(name)));
    return converted;
  }

  protected override mapRow(row: UnknownRow): UnknownRow {
    const mapped: UnknownRow = {};
    for (const key in row) {
      const value = row[key];
      mapped[this.camelCase(key)] = Array.isArray(value)
        ? value.map((item: unknown) => (isPlainObject(item) ? this.mapRow(item) : item))
        : isPlainObject(value)
          ? this.mapRow(value)
          : value;
    }
    return mapped;
  }
}
