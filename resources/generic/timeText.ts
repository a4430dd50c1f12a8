const pad = (n: number) => String(n).padStart(2, '0');

/** An instant (epoch milliseconds) as the browser's local 'YYYY-MM-DD HH:mm:ss'. */
export function timeText(value: unknown): string | undefined {
  const ms = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(ms)) return undefined;
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
