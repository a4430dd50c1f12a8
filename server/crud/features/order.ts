/**
 * An ordered resource (`order`): a position 1…n per master, kept by the server (../positions.ts).
 * A request never sets it and an update never writes it back; a new row goes last under its
 * master's lock (1001 on the master field when the master is gone), so concurrent adds take
 * turns; a delete locks the masters of its rows, lowest first, and closes the gaps it leaves;
 * `/move` swaps a row with its neighbour (`direction` up or down; `moved` false at either end).
 */
import { Code } from '../../../contract';
import { hasAction } from '../../../resources/define';
import { ApiError } from '../../errors';
import { success } from '../../http/envelope';
import { invalidParam, missingParam, requestParams, requiredId, textParam } from '../../http/params';
import { declaredNamed, type FeatureFactory, type FeatureRoute } from '../feature';
import { closeGaps, lockMaster, nextPosition, orderSpecOf, swapWithNeighbour, type Direction } from '../positions';
import { fieldRefusal } from '../refusals';
import type { ResourceRecord } from '../repository';
import { z } from 'zod';
import { EXAMPLE_ID, idParam, paramsDoc } from '../../http/routeDoc';

export const order: FeatureFactory = ({ db, definitions, repository }, definition) => {
  if (!definition.order) return undefined;
  const master = definition.parent && declaredNamed(definitions, definition.parent.resource, definition.name);
  const spec = orderSpecOf(definition, master?.table)!;
  /** The masters of the rows, lowest first (the order every writer locks them in). */
  const mastersOf = (rows: readonly ResourceRecord[]) => [...new Set(rows.map((row) => row[spec.masterField] as number))].sort((a, b) => a - b);

  const move: FeatureRoute = {
    method: 'POST',
    url: '/move',
    doc: paramsDoc({ id: idParam, direction: z.enum(['up', 'down']) }, { id: EXAMPLE_ID, direction: 'up' }, [Code.NOT_FOUND]),
    writes: true,
    answeredBy: 'record',
    checkParams(request) {
      const params = requestParams(request);
      requiredId(params.id, request.locale);
      const direction = textParam(params.direction);
      if (direction === undefined) throw missingParam('direction', request.locale);
      if (direction !== 'up' && direction !== 'down') throw invalidParam('direction', request.locale);
    },
    async handler(request) {
      const params = requestParams(request);
      const id = requiredId(params.id, request.locale);
      const before = await repository.findById(id);
      if (!before) throw new ApiError(Code.NOT_FOUND);
      const masterId = before[spec.masterField] as number;
      const moved = await db.transaction().execute(async (trx) => {
        await lockMaster(trx, spec, masterId);
        // Read again under the lock: another move may have changed the position meanwhile.
        const row = await repository.findById(id, trx);
        if (!row) throw new ApiError(Code.NOT_FOUND);
        return swapWithNeighbour(trx, spec, { id, masterId, position: Number(row[spec.field]) }, textParam(params.direction) as Direction);
      });
      return success(request, { moved });
    },
  };

  return {
    serverFields: [spec.field],

    insert(values, locale) {
      const masterId = values[spec.masterField] as number;
      return db.transaction().execute(async (trx) => {
        if (!(await lockMaster(trx, spec, masterId))) throw fieldRefusal(definition.entity, spec.masterField, 'choice', locale);
        return repository.insert({ ...values, [spec.field]: await nextPosition(trx, spec, masterId) }, trx);
      });
    },

    async beforeDelete(trx, _ids, _context, rows) {
      for (const masterId of mastersOf(rows)) await lockMaster(trx, spec, masterId);
    },

    async afterDelete(trx, _ids, _context, rows) {
      for (const masterId of mastersOf(rows)) await closeGaps(trx, spec, masterId);
    },

    // Moving a row is editing its list.
    routes: hasAction(definition, 'edit') ? [move] : [],
  };
};
