/**
 * Renders a generic resource screen inside Refine with the real providers; requests go to the
 * msw mock API (mocks/), signed in with a handoff token.
 */
import { mockApisPerTest, replaceApis } from '../mockApis';
import { renderInConsole } from '../renderInConsole';
import type { HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import { createMockApi, type MockApi, type MockApiOptions } from '../../../mocks';
import type { ResourceDefinition } from '../../../resources/define';
import { ResourceList } from '../../../resources/generic/ResourceList';
import type { DialogRegistry } from '../../../resources/generic/rowActions';
import { installAntdStaticRender } from '../../../src/layout/antdStaticRender';

// As main.tsx does: antd's toasts render with React 19's root API.
installAntdStaticRender();

export const server = setupServer();

const handlersOf = (api: MockApi) => api.handlers;

/** Starts msw for the file and resets language, storage and the mock API before each test. */
export function setUpMockApi(): { current: MockApi } {
  return mockApisPerTest(server, () => createMockApi(), handlersOf);
}

/** Replaces the mock API (other rows or grants) for the current test. */
export function replaceApi(holder: { current: MockApi }, options: MockApiOptions): MockApi {
  return replaceApis(server, holder, createMockApi(options), handlersOf);
}

/** Replaces the handlers of the current test: `first` answer before the mock API's own. */
export function installHandlers(api: MockApi, first: readonly HttpHandler[] = []): void {
  server.resetHandlers(...first, ...api.handlers);
}

export function renderResourceList(api: MockApi, definition: ResourceDefinition, { dialogs }: { dialogs?: DialogRegistry } = {}) {
  return renderInConsole(<ResourceList definition={definition} title={definition.title['zh-CN']} dialogs={dialogs} />, {
    token: api.issueToken(),
    path: definition.menu?.path ?? `/${definition.name}`,
    resource: { name: definition.name, label: definition.title['zh-CN'] },
  });
}
