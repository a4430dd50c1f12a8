import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { customerResource } from '../../../resources/customer/definition';
import { renderResourceList, setUpBridge } from './harness';

vi.setConfig({ testTimeout: 60000 });
const bridge = setUpBridge();
const slow = { timeout: 10000 };

const customers = [
  { name: '王伟', isEnable: '1', userType: 1, tradeType: '1', telephone: '13800138000', email: 'wang1@example.com', companyName: '华信科技有限公司' },
  { name: '李芳', isEnable: '1', userType: 2, tradeType: '2', telephone: '13900139000', email: 'li2@example.com', companyName: null },
];

const listCalls = <R extends { path: string }>(requests: readonly R[]) => requests.filter((r) => r.path.endsWith('/customer/list'));

describe('the search form of a resource with masked fields (customers)', () => {
  it('offers phone and e-mail as whole-value inputs, refuses a part, and sends a whole value in the body, never the URL', async () => {
    await bridge.insertRecords('customer', customers);
    renderResourceList(bridge.token, customerResource);
    await screen.findByText('李芳', {}, slow);
    const phone = screen.getByLabelText('手机号');
    expect(phone).toHaveAttribute('placeholder', '完整手机号');
    expect(screen.getByLabelText('邮箱')).toHaveAttribute('placeholder', '完整邮箱地址');
    // Name and company are still "contains" searches.
    expect(screen.getByLabelText('姓名')).toHaveAttribute('placeholder', expect.not.stringContaining('完整'));

    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const before = listCalls(bridge.requests).length;
    await user.click(phone);
    await user.paste('1380');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    // antd re-renders the message as it animates in: look for it until it stays.
    await waitFor(() => expect(screen.getByText('手机号须为完整的 11 位手机号，部分号码不能查询')).toBeInTheDocument(), slow);
    expect(listCalls(bridge.requests)).toHaveLength(before);

    await user.clear(phone);
    await user.paste('13800138000');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(screen.queryByText('李芳')).not.toBeInTheDocument(), slow);
    const sent = listCalls(bridge.requests).at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', body: { telephone: '13800138000', page: '1' } });
    expect(JSON.stringify(sent.query)).not.toContain('13800138000');
    expect(screen.getByText('王伟')).toBeInTheDocument();
  });
});
