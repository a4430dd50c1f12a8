/**
 * What every pager says beside its pages ('共 5 条' / 'Total: 5'): one wording for every list
 * of the console, bespoke or declared, from the one message `resources.total`.
 */
export function pagerTotal(t: (key: string, params?: Record<string, unknown>) => string): (total: number) => string {
  return (total) => t('resources.total', { total });
}
