/**
 * GET /base/admin/openapi.json: the API document, built once the server is ready (every route
 * registered) and served as is. Behind its own API element (the API reference screen's list button).
 */
import type { FastifyInstance } from 'fastify';
import { OPENAPI_PATH } from '../../contract/session';
import type { ResourceDefinition } from '../../resources/define';
import { baseScreens } from '../db/screenCatalogue';
import { success } from '../http/envelope';
import type { DocumentedRoute } from '../http/routeDoc';
import { buildDocument } from './document';
import type { DocDocument } from '../../contract/openapi';

export const DOCUMENT_VERSION = '1.0.0';

export function openApiRoutes(routeTable: readonly DocumentedRoute[], definitions: readonly ResourceDefinition[]) {
  let document: DocDocument | undefined;
  const documentNow = () => (document ??= buildDocument(routeTable, baseScreens(definitions), DOCUMENT_VERSION));
  return {
    /** Call from the root's onReady: every route is in the table by then. */
    build: () => void documentNow(),
    register: async function register(app: FastifyInstance): Promise<void> {
      app.get(OPENAPI_PATH, { config: { doc: {} } }, async (request) => success(request, documentNow()));
    },
  };
}
