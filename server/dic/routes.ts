/**
 * The dictionary calls beyond the generic CRUD of `dic` and `dicItem` (which share /dic):
 * `ListByKey` (dicKey → the enabled items in order as SPEC §7 has it; with `all=1` every item with
 * its `openStatus`, so a list can still name a value switched off; the version in `x-dic-version`)
 * and `version` (the number the console keys its dropdowns by, so none shows a stale value).
 */
import type { FastifyInstance } from 'fastify';
import { DICTIONARY_CALLS } from '../../contract/paths';
import { success } from '../http/envelope';
import { missingParam, requestParams, textParam } from '../http/params';
import type { Dictionaries } from './dictionaries';
import { z } from 'zod';
import { paramsDoc } from '../http/routeDoc';

export const DIC_VERSION_HEADER = 'x-dic-version';

export function dictionaryRoutes(dictionaries: Dictionaries) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get(DICTIONARY_CALLS.listByKey, { config: { doc: paramsDoc({ dicKey: z.string().min(1), all: z.enum(['1', 'true', '0', 'false']).optional().describe('also the items switched off') }, { dicKey: 'zz' }) } }, async (request, reply) => {
      const params = requestParams(request);
      const dicKey = textParam(params.dicKey);
      if (dicKey === undefined) throw missingParam('dicKey', request.locale);
      const all = ['1', 'true'].includes(textParam(params.all) ?? '');
      const { version, items } = await dictionaries.items(dicKey);
      reply.header(DIC_VERSION_HEADER, String(version));
      return success(request, all ? items : items.filter((item) => item.openStatus === 1).map(({ openStatus: _switch, ...entry }) => entry));
    });

    app.get(DICTIONARY_CALLS.version, { config: { doc: {} } }, async (request) => success(request, await dictionaries.version()));
  };
}
