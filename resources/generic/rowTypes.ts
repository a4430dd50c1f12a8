/** A row of a declarative resource's list, as its list call answers it. */
export type Row = Record<string, unknown> & { id: number | string };
