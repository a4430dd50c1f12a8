/** Every answer of the API: `{ code, msg, data }`, code 0 = success. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** `data` of every list call. */
export interface ListData<T> {
  items: T[];
  total: number;
  /**
   * True when `total` is a bound, not a count: at least that many rows match (a list whose
   * definition counts up to a bound, `boundedTotal`; the pager says "10,000+").
   */
  totalAtLeast?: boolean;
}

/** `data` of a validation failure: the first message per field path. */
export interface ValidationData {
  fields: Record<string, string>;
}
