/**
 * Renders the organisation screens inside Refine with the real providers; requests go to msw:
 * the session calls of mocks/api.ts and the organisation calls of ./officeApi.
 */
import { mockApisPerTest, replaceApis } from '../mockApis';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { expect } from 'vitest';
import { MenuType, type PermissionNode } from '../../../contract/menu';
import { createMockApi, type MockApi } from '../../../mocks/api';
import OfficeMemberPage from '../../../resources/office/OfficeMemberPage';
import OfficePage from '../../../resources/office/OfficePage';
import { installAntdStaticRender } from '../../../src/layout/antdStaticRender';
import type { PageRoute } from '../../../src/routing/navigation';
import { renderInConsole } from '../renderInConsole';
import { createOfficeMockApi, type OfficeMockApi } from './officeApi';

// As main.tsx does: antd's toasts render with React 19's root API.
installAntdStaticRender();

export const server = setupServer();
export const slow = { timeout: 8000 };
export const user = () => userEvent.setup({ pointerEventsCheck: 0, delay: null });

export interface Apis {
  session: MockApi;
  offices: OfficeMockApi;
}

/** Page-element codes granted (`officeMember:addMember`, `office:create` …); all by default. */
export type Grant = (code: string) => boolean;

const MEMBER_ACTIONS = ['list', 'addMember', 'removeMember', 'setSupervisor'];
const OFFICE_ACTIONS = ['list', 'create', 'edit', 'delete'];

function node(partial: Partial<PermissionNode> & Pick<PermissionNode, 'id' | 'parentId' | 'name' | 'menuType'>): PermissionNode {
  return { appId: 1, sort: 0, path: '', url: '', icon: '', code: '', children: [], ...partial };
}

function screenMenu(id: number, url: string, name: string, actions: string[], grant: Grant): PermissionNode {
  const buttons = actions
    .map((action, index) => ({ id: id * 10 + index, code: `${url}:${action}` }))
    .filter(({ code }) => grant(code))
    .map(({ id: buttonId, code }) => node({ id: buttonId, parentId: id, name: code, menuType: MenuType.PAGE_ELEMENT, code }));
  return node({ id, parentId: 700, name, menuType: MenuType.MENU, path: `/organisation/${url}`, url, children: buttons });
}

/** The caller's granted tree: 组织 → 组织架构 (officeMember) and 组织管理 (office) with their buttons. */
function organisationMenus(grant: Grant): PermissionNode[] {
  return [
    node({
      id: 700,
      parentId: 0,
      name: '组织',
      menuType: MenuType.NAVIGATION,
      path: '/organisation',
      url: 'organisation',
      children: [screenMenu(71, 'officeMember', '组织架构', MEMBER_ACTIONS, grant), screenMenu(72, 'office', '组织管理', OFFICE_ACTIONS, grant)],
    }),
  ];
}

function createApis(grant: Grant = () => true): Apis {
  return { session: createMockApi({ menus: organisationMenus(grant), rows: {} }), offices: createOfficeMockApi() };
}

const handlersOf = (apis: Apis) => [...apis.offices.handlers, ...apis.session.handlers];

/** Starts msw for the file and resets language, storage and the mock APIs before each test. */
export function setUpOfficeApi(): { current: Apis } {
  return mockApisPerTest(server, () => createApis(), handlersOf);
}

/** Other grants for the current test. */
export function grantOnly(holder: { current: Apis }, grant: Grant): Apis {
  return replaceApis(server, holder, createApis(grant), handlersOf);
}

function route(component: 'officeMember' | 'office', title: string): PageRoute {
  return { menuId: component === 'office' ? 72 : 71, path: `/organisation/${component}`, component, resource: component, identifier: component, title, icon: 'team' };
}

export function renderMemberPage(apis: Apis) {
  const page = route('officeMember', '组织架构');
  return renderInConsole(<OfficeMemberPage route={page} />, {
    token: apis.session.issueToken(),
    path: page.path,
    resource: { name: page.resource, label: page.title },
  });
}

export function renderOfficePage(apis: Apis) {
  const page = route('office', '组织管理');
  return renderInConsole(<OfficePage route={page} />, {
    token: apis.session.issueToken(),
    path: page.path,
    resource: { name: page.resource, label: page.title },
  });
}

/** The organisation calls the page sent to `path` (below /base/admin). */
export function requestsTo(apis: Apis, path: string) {
  return apis.offices.state.requests.filter((r) => r.path === path);
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
