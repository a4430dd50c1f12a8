/**
 * Renders a generic resource screen inside Refine with the real providers; requests go through
 * msw to the real app (mocks/bridge), signed in as the administrator unless a test says otherwise.
 */
import { setupServer } from 'msw/node';
import type { Bridge } from '../../../mocks/bridge';
import type { ResourceDefinition } from '../../../resources/define';
import { ResourceList } from '../../../resources/generic/ResourceList';
import type { DialogRegistry } from '../../../resources/generic/rowActions';
import { installAntdStaticRender } from '../../../src/layout/antdStaticRender';
import { bridgePerFile } from '../bridgePerFile';
import { renderInConsole } from '../renderInConsole';

// As main.tsx does: antd's toasts render with React 19's root API.
installAntdStaticRender();

export const server = setupServer();

/** Starts msw in front of the real app for the file; a fresh database before each test. */
export function setUpBridge(options?: Parameters<typeof bridgePerFile>[1]): Bridge {
  return bridgePerFile(server, options);
}

/** Three parameters (the second with spare values, the third a mail setting), saved through the real API. */
export async function saveParams(bridge: Bridge): Promise<void> {
  await bridge.save('/base/admin/param', { sortNum: 1, paramKey: 'site.name', value: 'Staff console', remark: 'Shown in the title', spareParam: '' });
  await bridge.save('/base/admin/param', { sortNum: 2, paramKey: 'upload.maxSize', value: '10', remark: '', spareParam: 'MB,,' });
  await bridge.save('/base/admin/param', { sortNum: 3, paramKey: 'mail.sender', value: 'noreply@example.com', remark: '', spareParam: '' });
}

/** A signed-in staff member whose role holds the base app's page elements `grant` lets through. */
export async function tokenWithGrants(bridge: Bridge, grant: ((code: string) => boolean) | false): Promise<string> {
  await bridge.createUser({ code: 'clerk', grant });
  return bridge.tokenOf('clerk');
}

export function renderResourceList(token: string, definition: ResourceDefinition, { dialogs }: { dialogs?: DialogRegistry } = {}) {
  return renderInConsole(<ResourceList definition={definition} title={definition.title['zh-CN']} dialogs={dialogs} />, {
    token,
    path: definition.menu?.path ?? `/${definition.name}`,
    resource: { name: definition.name, label: definition.title['zh-CN'] },
  });
}

/** A normal dictionary `colour` (颜色) with three items, the second (green) switched off; answers its id. */
export async function saveColours(bridge: Bridge): Promise<number> {
  const { id } = await bridge.save('/base/admin/dic', { name: '颜色', dicKey: 'colour', type: 2, parentId: 0 });
  const items = [
    { name: '红', dicKey: 'red', openStatus: 1 },
    { name: '绿', dicKey: 'green', openStatus: 0 },
    { name: '蓝', dicKey: 'blue', openStatus: 1 },
  ];
  for (const item of items) await bridge.save('/base/admin/dic', { ...item, parentId: id });
  return id;
}

/** A stored dictionary's id and its items' ids by value. */
export async function dictionaryIds(bridge: Bridge, dicKey: string): Promise<{ id: number; items: Record<string, number> }> {
  const { id } = await bridge.db.selectFrom('dic').select('id').where('parentId', '=', 0).where('dicKey', '=', dicKey).executeTakeFirstOrThrow();
  const items = await bridge.db.selectFrom('dic').select(['id', 'dicKey']).where('parentId', '=', id).execute();
  return { id, items: Object.fromEntries(items.map((item) => [item.dicKey, item.id])) };
}
