/**
 * The directory calls under /base/admin/permission: the app's directory tree, its whole tree with
 * a role's grants, one node, saving a directory, the home-page check and the delete.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildTree, Code, directoryEntity, hasMenuType, MENU_TYPES, readingRules, type PermissionNode } from '../../contract';
import { PERMISSION_CALLS as P } from '../../contract/paths';
import { superAdminRoleId } from '../auth/grants';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { success } from '../http/envelope';
import { callerOf } from '../http/requestContext';
import { expectedVersionOf } from '../http/staleVersion';
import { optionalId, requestParams, requiredId } from '../http/params';
import { permissionMessages } from './messages';
import { permissionRepository } from './repository';
import { deleteHandler, existingAppId, FIXED_FIELD_LABELS, menuTypeOf, validated } from './requests';
import { saveNode } from './treeWrites';
import { z } from 'zod';
import { EXAMPLE_ID, idDoc, idParam, idsDoc, paramsDoc, wholeSaveDoc } from '../http/routeDoc';

export function directoryRoutes(db: Kysely<Database>) {
  const repo = permissionRepository(db);

  return async function register(app: FastifyInstance): Promise<void> {
    /** The app's directories (of its reading: A navigation, menu, home; B top-level directory, directory) as a tree. */
    app.get(P.filterTree, { config: { doc: paramsDoc({ appId: idParam }, { appId: EXAMPLE_ID }, [Code.NOT_FOUND]) } }, async (request) => {
      const appId = await existingAppId(repo, requestParams(request), request.locale);
      const { directoryTypes } = readingRules[(await repo.appReading(appId))!];
      const tree = buildTree(await repo.nodesOfApp(appId, directoryTypes)) as PermissionNode[];
      return success(request, tree);
    });

    /**
     * The app's whole tree, each node `checked` when granted to the role (a role of that app).
     * The super-admin role holds every node of its app whatever is stored, so all are checked.
     */
    app.get(P.tree, { config: { doc: paramsDoc({ appId: idParam, roleId: idParam }, { appId: EXAMPLE_ID, roleId: EXAMPLE_ID }, [Code.NOT_FOUND]) } }, async (request) => {
      const { locale } = request;
      const params = requestParams(request);
      const appId = requiredId(params.appId, locale, 'appId');
      const roleId = requiredId(params.roleId, locale, 'roleId');
      if (!(await repo.roleBelongsTo(roleId, appId))) throw new ApiError(Code.NOT_FOUND, permissionMessages.roleNotInApp);
      const [nodes, granted, superAdmin] = await Promise.all([repo.nodesOfApp(appId), repo.grantedIds(roleId, appId), superAdminRoleId(db)]);
      const holdsAll = roleId === superAdmin;
      const tree = buildTree(nodes.map((node) => ({ ...node, checked: holdsAll || granted.has(node.id) }))) as PermissionNode[];
      return success(request, tree);
    });

    app.get(P.detail, { config: { doc: idDoc } }, async (request) => {
      const node = await repo.findNode(requiredId(requestParams(request).id, request.locale));
      if (!node) throw new ApiError(Code.NOT_FOUND);
      return success(request, node);
    });

    app.post(P.saveOrUpdate, { config: { writes: true, doc: wholeSaveDoc(directoryEntity, { id: EXAMPLE_ID, menuType: 4, appId: 1, parentId: EXAMPLE_ID, name: 'x', sort: 1, path: '/x', url: 'x', icon: 'home' }, [Code.FORBIDDEN]) } }, async (request) => {
      const { locale } = request;
      const params = requestParams(request);
      const id = optionalId(params.id, locale);
      const directory = validated(directoryEntity, params, locale);
      return success(request, await saveNode(db, callerOf(request), directory, id, FIXED_FIELD_LABELS, locale, expectedVersionOf(params, id, locale)));
    });

    /**
     * True while the type may still be added to the app: not a type its reading lacks, nor a second
     * home (unless `id` is that home) in a reading that has one.
     */
    app.get(P.validMenuType, { config: { doc: paramsDoc({ appId: idParam, menuType: z.union([z.int(), z.string()]).describe('a menu type, 1 to 5'), id: idParam.optional() }, { appId: EXAMPLE_ID, menuType: 4 }, [Code.NOT_FOUND]) } }, async (request) => {
      const { locale } = request;
      const params = requestParams(request);
      const appId = await existingAppId(repo, params, locale);
      const menuType = menuTypeOf(params.menuType, MENU_TYPES, locale);
      const id = optionalId(params.id, locale);
      const reading = (await repo.appReading(appId))!;
      if (!hasMenuType(reading, menuType)) return success(request, false);
      const { homeType } = readingRules[reading];
      if (menuType !== homeType) return success(request, true);
      const homeId = await repo.homeIdOf(appId, homeType);
      return success(request, homeId === undefined || homeId === id);
    });

    app.route({ method: ['GET', 'POST'], url: P.delete, config: { writes: true, doc: idsDoc }, handler: deleteHandler(db) });
  };
}
