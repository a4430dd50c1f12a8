/**
 * What every pager says beside its pages ('共 5 条' / 'Total: 5'): one wording for every list
 * of the console, bespoke or declared, from the one message `resources.total`. A list whose total
 * is a bound (`totalAtLeast`, a definition's `boundedTotal`) says so: '共 10,000+ 条' / 'Total: 10,000+'.
 */
export function pagerTotal(t: (key: string, params?: Record<string, unknown>) => string, isAtLeast = false): (total: number) => string {
  return (total) => (isAtLeast ? t('resources.totalAtLeast', { total: total.toLocaleString('en-US') }) : t('resources.total', { total }));
}
