/**
 * Start-up reconciliation of every screen of the catalogue (declared resources and bespoke
 * screens) into the base app's menu/permission tree. The seed builds the tree once, on an empty
 * database; a resource added to the registry or a screen added to the catalogue later gets its
 * menu, page elements and API elements from here (a resource's table from resourceTables.ts),
 * built by the same code as the seed (baseMenuTree) and granted to the super-admin role.
 *
 * Additive only: a node is looked up by what identifies it — a resource's menu by `url` (its
 * name) anywhere in the base app, its navigation group by key, a page element by `code` below
 * that menu, an API element by `url` below that page element — and added when missing. Nothing
 * found is ever renamed, moved, re-sorted or deleted, so an administrator's edits stay.
 *
 * An API element added below an existing page element (a button that now needs another call) is
 * granted to every role holding that page element, so the button keeps working for them.
 *
 * A page element or API element an administrator deleted from a resource's menu comes back at
 * the next start: the definition (crudActions) is the source of a resource's buttons and of the
 * calls they need, and the console shows the button whenever the definition declares it. To take
 * a button away from people, revoke it from their roles instead of deleting it.
 */
import type { Kysely } from 'kysely';
import { BASE_APP_CODE, MenuType } from '../../contract';
import type { ResourceDefinition } from '../../resources/define';
import { resourceDefinitions } from '../../resources/registry';
import { apiCodes, apiElement, FIRST_API_CODE, groupMenu, navigationNode, pageElement, pageElementCode, screenMenu, type ApiCodes, type MenuSeed } from './baseMenuTree';
import type { DatabaseHandle } from './database';
import { lockForTransaction } from './dialect';
import { moveVersions } from './recordVersion';
import { countNodes, grantToRole, insertSubtree } from './permissionTree';
import type { Database } from './schema';
import { baseScreens, NAVIGATION, type ScreenSpec } from './screenCatalogue';
import { SUPER_ADMIN_ROLE_KEY } from './seed';

/** What a group of added nodes is topped by. */
export type AddedGroupKind = 'navigation' | 'group' | 'menu' | 'pageElement' | 'apiElements';

/** One inserted subtree, or the API elements added below one existing page element. */
export interface AddedGroup {
  resource: string;
  kind: AddedGroupKind;
  /** Navigation key, group key, menu code or page-element code of the group's top node; for `apiElements`, the page element they were added below. */
  code: string;
  /** Every node of the group. */
  nodes: number;
  /** For `apiElements`: the calls added. */
  apis?: string[];
}

export interface ReconcileResult {
  added: AddedGroup[];
}

/** Where the lines go: the server's pino logger, or a test's. */
export interface ReconcileLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface ReconcileOptions {
  /** Default: the registry. */
  definitions?: readonly ResourceDefinition[];
  logger?: ReconcileLogger;
}

/** PostgreSQL: replicas starting together reconcile one after the other (transaction-scoped advisory lock). */
const RECONCILE_LOCK_KEY = 730_421_001;

const DIGITS = /^\d+$/;

/** After the largest all-digit code of the app (any node type), and never below the seed's first code. */
async function firstFreeApiCode(db: Kysely<Database>, appId: number): Promise<bigint> {
  const rows = await db.selectFrom('permission').select('code').where('appId', '=', appId).execute();
  let max = BigInt(FIRST_API_CODE - 1);
  for (const { code } of rows) {
    if (DIGITS.test(code) && BigInt(code) > max) max = BigInt(code);
  }
  return max + 1n;
}

export async function reconcileResourceMenus(handle: DatabaseHandle, options: ReconcileOptions = {}): Promise<ReconcileResult> {
  const definitions = options.definitions ?? resourceDefinitions;
  const outcome = await handle.db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, RECONCILE_LOCK_KEY);
    const app = await trx.selectFrom('app').select('id').where('code', '=', BASE_APP_CODE).executeTakeFirst();
    if (!app) return { added: [], superAdmin: false };
    const role = await trx.selectFrom('role').select('id').where('appId', '=', app.id).where('roleKey', '=', SUPER_ADMIN_ROLE_KEY).executeTakeFirst();
    const reconciler = new Reconciler(trx, app.id, role?.id, apiCodes(await firstFreeApiCode(trx, app.id)));
    for (const screen of baseScreens(definitions)) await reconciler.reconcile(screen);
    return { added: reconciler.added, superAdmin: role !== undefined };
  });

  // Logged once committed, so a line always describes nodes that exist.
  const logger = options.logger;
  for (const { resource, kind, code, nodes, apis } of outcome.added) {
    logger?.info({ resource, kind, code, nodes, ...(apis ? { apis } : {}) }, `resource ${resource}: ${kind} ${code} added to the base app menu tree`);
  }
  if (outcome.added.length > 0 && !outcome.superAdmin) {
    logger?.warn({ roleKey: SUPER_ADMIN_ROLE_KEY }, 'super-admin role missing: added resource menu nodes are granted to no role');
  }
  return { added: outcome.added };
}

class Reconciler {
  readonly added: AddedGroup[] = [];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly appId: number,
    private readonly superAdminRoleId: number | undefined,
    private readonly nextCode: ApiCodes,
  ) {}

  async reconcile(screen: ScreenSpec): Promise<void> {
    const menu = await this.nodes(MenuType.MENU).where('url', '=', screen.component).orderBy('id').executeTakeFirst();
    if (!menu) return this.addMenu(screen);

    const elements = await this.nodes(MenuType.PAGE_ELEMENT).where('parentId', '=', menu.id).execute();
    for (const [index, button] of screen.buttons.entries()) {
      const code = pageElementCode(screen, button);
      const element = elements.find((e) => e.code === code);
      if (!element) {
        await this.insert(screen, 'pageElement', code, [pageElement(screen, button, index, this.nextCode)], menu.id);
        continue;
      }
      const present = new Set((await this.nodes(MenuType.API).where('parentId', '=', element.id).execute()).map((a) => a.url));
      const missing = button.apis.flatMap((api, apiIndex) => (present.has(api) ? [] : [apiElement(api, apiIndex, this.nextCode)]));
      if (missing.length > 0) {
        const ids = await this.insert(screen, 'apiElements', code, missing, element.id, { apis: missing.map((a) => a.url) });
        // A call the button now needs goes to every role holding the button, or the button breaks for them.
        const holders = await this.db.selectFrom('rolePermission').select('roleId').where('permissionId', '=', element.id).where('roleId', '!=', this.superAdminRoleId ?? 0).execute();
        for (const { roleId } of holders) await grantToRole(this.db, roleId, ids);
        // Their grants changed: a grants dialog read before must not overwrite them.
        await moveVersions(this.db, 'role', holders.map((row) => row.roleId));
      }
    }
  }

  /**
   * The menu with its elements, below its navigation group and inside the menus that group it
   * (found by key, `url`, anywhere in the base app); what is missing of them too.
   */
  private async addMenu(screen: ScreenSpec): Promise<void> {
    const group = NAVIGATION.find((g) => g.key === screen.navigation);
    if (!group) throw new Error(`Resource ${screen.component}: unknown navigation group ${screen.navigation}`);
    const navigation = await this.nodes(MenuType.NAVIGATION)
      .where((eb) => eb.or([eb('url', '=', group.key), eb('code', '=', group.key)]))
      .orderBy('id')
      .executeTakeFirst();
    const menu = screenMenu(screen, this.nextCode);
    // Outermost first: the first group not found is added with the rest inside it.
    let parentId = navigation?.id;
    const groups = [...(screen.groups ?? [])];
    while (parentId !== undefined && groups.length > 0) {
      const found = await this.nodes(MenuType.MENU).where('url', '=', groups[0]!.key).orderBy('id').executeTakeFirst();
      if (!found) break;
      parentId = found.id;
      groups.shift();
    }
    const subtree = groups.reduceRight((inner, spec) => groupMenu(spec, [inner]), menu);
    if (parentId === undefined) await this.insert(screen, 'navigation', group.key, [navigationNode(group, [subtree])], 0);
    else await this.insert(screen, subtree === menu ? 'menu' : 'group', subtree.code, [subtree], parentId);
  }

  private nodes(menuType: MenuType) {
    return this.db.selectFrom('permission').select(['id', 'code', 'url']).where('appId', '=', this.appId).where('menuType', '=', menuType);
  }

  private async insert(screen: ScreenSpec, kind: AddedGroupKind, code: string, nodes: MenuSeed[], parentId: number, extra: Pick<AddedGroup, 'apis'> = {}): Promise<number[]> {
    const ids = await insertSubtree(this.db, this.appId, nodes, parentId);
    if (this.superAdminRoleId !== undefined) await grantToRole(this.db, this.superAdminRoleId, ids);
    this.added.push({ resource: screen.component, kind, code, nodes: countNodes(nodes), ...extra });
    return ids;
  }
}
