/**
 * The benchmark's one table and bench/results.json: a row per measured thing, its figures on
 * each database (or alone), the target where the project set one, and whether it was met.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';

export type Figures = Record<string, number>;

export interface Row {
  section: string;
  what: string;
  sqlite?: Figures;
  postgres?: Figures;
  /** Figures that belong to neither database (JavaScript sizes, the peer). */
  value?: Figures;
  target?: string;
  isMet?: boolean;
  /** When the row's figures were measured (a run of some sections keeps the others' rows). */
  measuredAt?: string;
}

export class Report {
  readonly rows: Row[] = [];
  readonly startedAt = new Date();

  add(row: Row): Row {
    this.rows.push(row);
    return row;
  }

  /**
   * Adds (or completes) the row of `what` in `section` with one database's figures. A row is met
   * when every database's figures that have a target meet it.
   */
  set(section: string, what: string, dialect: 'sqlite' | 'postgres', figures: Figures, { target, isMet }: Pick<Row, 'target' | 'isMet'> = {}): Row {
    let row = this.rows.find((r) => r.section === section && r.what === what);
    if (!row) row = this.add({ section, what });
    row[dialect] = figures;
    if (target) row.target = target;
    if (isMet !== undefined) row.isMet = (row.isMet ?? true) && isMet;
    return row;
  }

  print(): void {
    const cell = (figures?: Figures) => (figures ? Object.entries(figures).map(([k, v]) => `${format(v)} ${k}`).join(' · ') : '');
    console.log(`\nnpm run bench · ${this.startedAt.toISOString()} · ${cpus()[0]?.model ?? 'cpu'} × ${availableParallelism()} · load ${loadavg()[0]!.toFixed(1)}`);
    console.table(
      this.rows.map((row) => ({
        section: row.section,
        what: row.what,
        SQLite: cell(row.sqlite),
        PostgreSQL: cell(row.postgres),
        value: cell(row.value),
        target: row.target ?? '',
        met: row.isMet === undefined ? '' : row.isMet ? 'yes' : 'NO',
      })),
    );
  }

  /**
   * Writes the rows measured now over the file's: a row measured again replaces its figures (a
   * database not measured this time keeps its figures), rows of sections not run stay, with when
   * each was measured.
   */
  write(path = 'bench/results.json'): void {
    mkdirSync('bench', { recursive: true });
    const machine = { cpu: cpus()[0]?.model, cores: availableParallelism(), node: process.version, loadAverage: loadavg() };
    const measuredAt = this.startedAt.toISOString();
    const previous = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as { measuredAt?: string; rows?: Row[] }) : {};
    const rows: Row[] = (previous.rows ?? []).map((row) => ({ measuredAt: previous.measuredAt, ...row }));
    for (const row of this.rows) {
      const index = rows.findIndex((r) => r.section === row.section && r.what === row.what);
      const measured = { ...row, measuredAt };
      if (index < 0) rows.push(measured);
      else rows[index] = { ...rows[index], ...measured };
    }
    writeFileSync(path, `${JSON.stringify({ measuredAt, machine, rows }, null, 2)}\n`);
  }
}

function format(value: number): string {
  return Math.abs(value) >= 100 ? Math.round(value).toLocaleString('en') : String(Math.round(value * 10) / 10);
}
