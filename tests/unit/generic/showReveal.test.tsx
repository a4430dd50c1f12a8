import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { customerResource } from '../../../resources/customer/definition';
import { button, buttons } from './dom';
import { renderResourceList, server, setUpBridge } from './harness';

vi.setConfig({ testTimeout: 60000 });
const bridge = setUpBridge();
const slow = { timeout: 10000 };

const masked = { id: 1, name: '王伟', isEnable: '1', userType: 1, tradeType: '1', telephone: '138****8000', email: 'w***@example.com', province: '110000', city: '110100', area: '110101' };
const bank = { id: 1, userId: 1, payee: '王伟', payAccount: '6222 **** 0001', payBank: '工商银行', appId: 1 };
const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: 'success', data });

describe('the show view of a resource with personal data (customers)', () => {
  it('reveals the record and a related row on request, says it was recorded, and fetches the reveal log again', async () => {
    // Stored in clear, as the demo seed stores customers; the real list and detail mask them.
    await bridge.insertRecords('customer', [{ name: '王伟', isEnable: '1', userType: 1, tradeType: '1', telephone: '13800138000', email: 'wang@example.com', province: '110000', city: '110100', area: '110101' }]);
    await bridge.insertRecords('customerBank', [{ userId: 1, payee: '王伟', payAccount: '6222000000000001', payBank: '工商银行', appId: 1 }]);
    const reveals: string[] = [];
    // What a reveal answers is the real server's own test (tests/api); here it is counted.
    server.use(
      http.get('*/customer/reveal', () => (reveals.push('customer'), ok({ ...masked, telephone: '13800138000' }))),
      http.get('*/customer/bank/reveal', () => (reveals.push('bank'), ok({ ...bank, payAccount: '6222 0000 0000 0001' }))),
    );
    renderResourceList(bridge.token, customerResource);
    await screen.findByText('王伟', {}, slow);
    fireEvent.click(buttons('查看')[0]!);
    const drawer = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-drawer-content');
      if (!found?.textContent?.includes('138****8000')) throw new Error('No show view yet');
      return found;
    }, slow);
    // The region path shows as its names once the region data has loaded.
    await within(drawer).findByText('北京市 / 市辖区 / 东城区', {}, slow);

    // The reveal log is a tab for holders of the reveal grant only.
    const logCalls = () => bridge.requests.filter((r) => r.path.endsWith('/customer/revealLog/list')).length;
    fireEvent.click(within(drawer).getByText('明文查看记录'));
    await waitFor(() => expect(logCalls()).toBeGreaterThan(0), slow);
    const before = logCalls();
    fireEvent.click(button('查看明文', drawer));
    await within(drawer).findByText('13800138000', {}, slow);
    expect(within(drawer).getByText('已显示明文，本次查看已记录')).toBeInTheDocument();
    expect(buttons('查看明文', drawer)).toHaveLength(0);
    await waitFor(() => expect(logCalls()).toBeGreaterThan(before), slow);

    fireEvent.click(within(drawer).getByText('收款信息'));
    await within(drawer).findByText('6222 **** **** 0001', {}, slow);
    fireEvent.click(button('查看本行明文', drawer));
    await within(drawer).findByText('6222 0000 0000 0001', {}, slow);
    expect(reveals).toEqual(['customer', 'bank']);
  });
});
