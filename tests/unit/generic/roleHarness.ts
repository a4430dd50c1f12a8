/**
 * The role screen's mock API for a test file: apps and roles served by createMockApi, the role
 * dialogs' calls by mocks/roleApi, and the caller's page elements chosen per test.
 */
import { beforeEach } from 'vitest';
import { buildMenuTree, createMockApi, type MockApi } from '../../../mocks';
import { createRoleMockApi, type RoleMockApi, type RoleMockOptions } from '../../../mocks/roleApi';
import { roleApps, roleRows } from '../../../mocks/roleFixtures';
import type { ResourceDefinition } from '../../../resources/define';
import { findResource } from '../../../resources/registry';
import { installHandlers, setUpMockApi } from './harness';
import { roleResource } from '../../../resources/role/definition';
const roleTestDefinition = roleResource;

export interface RoleApis {
  api: MockApi;
  roles: RoleMockApi;
}

export interface RoleApiOptions extends RoleMockOptions {
  /** Which page-element codes the caller holds (`role:authorize` …); all by default. */
  grant?: (code: string) => boolean;
}

const appResource = findResource('app')!;

/** Replaces the mock API of the current test. */
export function replaceRoleApi(holder: RoleApis, { grant, ...options }: RoleApiOptions = {}, definition: ResourceDefinition = roleTestDefinition): RoleApis {
  const definitions = [appResource, definition];
  holder.api = createMockApi({ definitions, rows: { app: roleApps(), role: roleRows() }, menus: buildMenuTree({ definitions, grant }) });
  holder.roles = createRoleMockApi(holder.api, options);
  installHandlers(holder.api, holder.roles.handlers);
  return holder;
}

/** Starts msw for the file; before each test, the role screen's mock API with every grant. */
export function setUpRoleApi(definition: ResourceDefinition = roleTestDefinition): RoleApis {
  setUpMockApi();
  const holder = {} as RoleApis;
  beforeEach(() => {
    replaceRoleApi(holder, {}, definition);
  });
  return holder;
}
