/**
 * A list whose definition bounds its total (`boundedTotal`, the audit and login logs): past the
 * bound the pager says the bound and "+", in both languages; within it, the count as any list does.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import messages from '../../../src/i18n/messages/resources';
import { pagerTotal } from '../../../resources/generic/pagerTotal';
import { findResource, resourceDefinitions } from '../../../resources/registry';
import { renderResourceList, saveParams, setUpBridge } from './harness';

vi.setConfig({ testTimeout: 60000 });
const slow = { timeout: 10000 };

// The parameters' list counting up to two rows: three are stored.
const bounded = { ...findResource('param')!, boundedTotal: 2 };
const bridge = setUpBridge({ definitions: [bounded, ...resourceDefinitions.filter((d) => d.name !== 'param')] });

describe('a bounded total', () => {
  it('shows the bound with "+" once more rows match than the list counts', async () => {
    await saveParams(bridge);
    renderResourceList(bridge.token, bounded);
    expect(await screen.findByText('共 2+ 条', {}, slow)).toBeInTheDocument();
  });

  it('reads "10,000+" in both languages, and a plain total otherwise', () => {
    const translate = (locale: 'zh-CN' | 'en-US') => (key: string, params?: Record<string, unknown>) =>
      (messages[locale] as Record<string, string>)[key]!.replace('{total}', String(params?.total));
    expect(pagerTotal(translate('zh-CN'), true)(10_000)).toBe('共 10,000+ 条');
    expect(pagerTotal(translate('en-US'), true)(10_000)).toBe('Total: 10,000+');
    expect(pagerTotal(translate('zh-CN'))(12)).toBe('共 12 条');
    expect(pagerTotal(translate('en-US'))(12)).toBe('Total: 12');
  });
});
