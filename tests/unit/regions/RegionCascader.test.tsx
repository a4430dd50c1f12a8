import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RegionCascader } from '../../../resources/user/RegionCascader';
import { setLocale } from '../../../src/i18n';

const slow = { timeout: 10000 };
const user = () => userEvent.setup({ pointerEventsCheck: 0 });

// The open dropdown's option with this label (a menu item's title, a search result's text).
const option = (label: string) =>
  waitFor(() => {
    const found = screen.getAllByRole('menuitemcheckbox').find((item) => (item.getAttribute('title') ?? item.textContent) === label);
    expect(found, label).toBeDefined();
    return found!;
  }, slow);

afterEach(() => setLocale('zh-CN'));

describe('RegionCascader', () => {
  it('shows a loading picker, then offers the provinces, and picking a path answers its codes', async () => {
    const onChange = vi.fn();
    const { container } = render(<RegionCascader aria-label="户籍地区" onChange={onChange} />);
    expect(container.querySelector('.ant-select-loading')).not.toBeNull();
    await waitFor(() => expect(container.querySelector('.ant-select-loading')).toBeNull(), slow);

    await user().click(screen.getByRole('combobox', { name: '户籍地区' }));
    expect(await option('北京市')).toBeInTheDocument();
    expect(await option('香港特别行政区')).toBeInTheDocument();

    await user().click(await option('浙江省'));
    // A province alone is already a choice (city and district empty).
    expect(onChange).toHaveBeenLastCalledWith(['330000']);
    await user().click(await option('杭州市'));
    expect(onChange).toHaveBeenLastCalledWith(['330000', '330100']);
    await user().click(await option('西湖区'));
    expect(onChange).toHaveBeenLastCalledWith(['330000', '330100', '330106']);
  });

  it('shows the chosen path by name once the data is there', async () => {
    render(<RegionCascader aria-label="现居地区" value={['330000', '330100', '330106']} />);
    expect(await screen.findByText('浙江省 / 杭州市 / 西湖区', {}, slow)).toBeInTheDocument();
  });

  it('shows a province alone when city and district are empty', async () => {
    render(<RegionCascader aria-label="现居地区" value={['320000', '', '']} />);
    expect(await screen.findByText('江苏省', {}, slow)).toBeInTheDocument();
  });

  it('speaks English in en-US and finds places by their English name', async () => {
    setLocale('en-US');
    const onChange = vi.fn();
    render(<RegionCascader aria-label="Census region" onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Census region' });
    await waitFor(() => expect(document.querySelector('.ant-select-loading')).toBeNull(), slow);
    await user().click(input);
    expect(await option('Zhejiang')).toBeInTheDocument();

    await user().type(input, 'xihu');
    // Search looks through whole paths: 西湖区 under Hangzhou, and 溪湖区 under Benxi.
    expect(await option('Liaoning / Benxi / Xihu District')).toBeInTheDocument();
    await user().click(await option('Zhejiang / Hangzhou / Xihu District'));
    expect(onChange).toHaveBeenLastCalledWith(['330000', '330100', '330106']);
  });
});
