/**
 * Renders the organisation screens inside Refine with the real providers, against the real app
 * (mocks/bridge). Before each test, through the real calls: 研发部 with its group 前端组, and 市场部;
 * five staff members (李四 研发部's supervisor, 赵六 in no department).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { beforeEach, expect } from 'vitest';
import type { Bridge } from '../../../mocks/bridge';
import OfficeMemberPage from '../../../resources/office/OfficeMemberPage';
import OfficePage from '../../../resources/office/OfficePage';
import { installAntdStaticRender } from '../../../src/layout/antdStaticRender';
import type { PageRoute } from '../../../src/routing/navigation';
import { bridgePerFile } from '../bridgePerFile';
import { renderInConsole } from '../renderInConsole';

// As main.tsx does: antd's toasts render with React 19's root API.
installAntdStaticRender();

export const server = setupServer();
export const slow = { timeout: 8000 };
export const user = () => userEvent.setup({ pointerEventsCheck: 0, delay: null });

export interface Organisation {
  bridge: Bridge;
  /** Whose session the page is rendered with (the administrator unless `grantOnly`). */
  token: string;
  /** Office ids by name. */
  office: Record<string, number>;
  /** Staff ids by name. */
  staff: Record<string, number>;
}

/** Page-element codes granted (`officeMember:addMember`, `office:create` …). */
export type Grant = (code: string) => boolean;

const STAFF = [
  { name: '张三', code: 'zhangsan', telephone: '13800000011', office: '研发部', adminFlag: 0 },
  { name: '李四', code: 'lisi', telephone: '13800000012', office: '研发部', adminFlag: 1 },
  { name: '王五', code: 'wangwu', telephone: '13800000013', office: '前端组', adminFlag: 0 },
  { name: '赵六', code: 'zhaoliu', telephone: '13800000014', office: null, adminFlag: 0 },
  { name: '孙七', code: 'sunqi', telephone: '13800000015', office: '市场部', adminFlag: 0 },
];

async function saveOrganisation(bridge: Bridge): Promise<Organisation> {
  const office: Record<string, number> = {};
  const save = async (name: string, type: number, parentId: number, remark: string) => {
    office[name] = (await bridge.save<{ id: number }>('/base/admin/office', { name, type, parentId, remark })).id;
  };
  await save('研发部', 1, 0, '负责产品研发');
  await save('前端组', 2, office['研发部']!, '');
  await save('市场部', 1, 0, '');
  const staff: Record<string, number> = {};
  for (const member of STAFF) {
    const { userId } = await bridge.createUser({ code: member.code, name: member.name, grant: false });
    await bridge.db
      .updateTable('user')
      .set({ telephone: member.telephone, officeId: member.office ? office[member.office]! : null, adminFlag: member.adminFlag })
      .where('id', '=', userId)
      .execute();
    staff[member.name] = userId;
  }
  return { bridge, token: bridge.token, office, staff };
}

/** Starts msw in front of the real app for the file; a fresh organisation before each test. */
export function setUpOfficeApi(): { current: Organisation } {
  const bridge = bridgePerFile(server);
  const holder = {} as { current: Organisation };
  beforeEach(async () => {
    holder.current = await saveOrganisation(bridge);
  });
  return holder;
}

/** Renders as a staff member whose role holds only the page elements `grant` lets through. */
export async function grantOnly(holder: { current: Organisation }, grant: Grant): Promise<void> {
  await holder.current.bridge.createUser({ code: 'clerk', grant });
  holder.current.token = await holder.current.bridge.tokenOf('clerk');
}

function route(component: 'officeMember' | 'office', title: string): PageRoute {
  return { menuId: component === 'office' ? 72 : 71, path: `/organisation/${component}`, component, resource: component, identifier: component, title, icon: 'team' };
}

export function renderMemberPage(organisation: Organisation) {
  const page = route('officeMember', '组织架构');
  return renderInConsole(<OfficeMemberPage route={page} />, {
    token: organisation.token,
    path: page.path,
    resource: { name: page.resource, label: page.title },
  });
}

export function renderOfficePage(organisation: Organisation) {
  const page = route('office', '组织管理');
  return renderInConsole(<OfficePage route={page} />, {
    token: organisation.token,
    path: page.path,
    resource: { name: page.resource, label: page.title },
  });
}

/** The calls the page sent to `path` (below /base/admin). */
export function requestsTo(organisation: Organisation, path: string) {
  return organisation.bridge.requests.filter((r) => r.path === `/base/admin${path}`);
}

// Queries that compute accessible names ask jsdom for every element's computed style, which costs
// seconds against antd's style sheets; these find by label, text and role without a name instead.

/** A `<section aria-label>` of the page. */
export const section = (name: string) => screen.getByLabelText(name, { selector: 'section' });

/** The button whose text matches (antd spaces two-character CJK labels: '确 定'). */
export function buttonIn(container: HTMLElement, text: RegExp): HTMLButtonElement {
  const button = within(container).getByText(text, { selector: 'button span' }).closest('button');
  if (!button) throw new Error(`No button ${String(text)}`);
  return button;
}

export const checkbox = (container: HTMLElement) => within(container).getByRole('checkbox', { hidden: true });
export const dialog = () => screen.findByRole('dialog', { hidden: true }, slow);
export const noDialog = () => waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).not.toBeInTheDocument(), slow);
