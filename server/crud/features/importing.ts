/**
 * A definition with `importable: true` takes new records from .xlsx (`<endpoint>/import`, and its
 * template `<endpoint>/importTemplate`): the columns are its form's fields (server/import/
 * declaredColumns.ts), each row is checked exactly as the create form's save (the core's
 * `checkNew`: the entity's rules, references and dictionaries, the features' and the policy's
 * beforeSave, the unique rules against the database), rows may not repeat each other on a unique
 * rule, and every row is written by the repository in one transaction, each insert audited as a
 * create is (server/import/runImport.ts).
 */
import { IMPORT_PATH, IMPORT_TEMPLATE_PATH } from '../../../contract/importFile';
import { fieldLabelOf, isImportable } from '../../../resources/define';
import { declaredColumns, declaredUnique } from '../../import/declaredColumns';
import { runImport } from '../../import/runImport';
import { sendTemplate } from '../../import/template';
import { success } from '../../http/envelope';
import type { FeatureFactory } from '../feature';
import { IMPORT_DOC } from '../../import/fileBody';

export const importing: FeatureFactory = ({ db, definitions, dictionaries }, definition) => {
  if (!isImportable(definition)) return undefined;
  // A placed record (`order`) takes its position in a transaction of its own: not one an import can share.
  if (definition.order) throw new Error(`Resource ${definition.name} is importable but ordered: an import cannot place its rows`);
  const sources = { db, definitions, dictionaries };
  const label = (field: string) => fieldLabelOf(definition, field) ?? definition.entity.fields[field]!.label;

  return {
    routes: [
      {
        method: 'POST',
        url: `/${IMPORT_PATH}`,
        writes: true,
        fileBody: true,
        doc: IMPORT_DOC,
        answeredBy: 'master',
        async handler(request, core) {
          const columns = await declaredColumns(definition, sources, core.serverFields);
          const report = await runImport(request, db, {
            table: definition.table,
            columns,
            unique: declaredUnique(definition, label),
            check: (values, context) => core.checkNew(values, context),
            async write(trx, rows) {
              for (const values of rows) await core.repository.insert(values, trx);
            },
          });
          return success(request, report);
        },
      },
      {
        method: 'GET',
        url: `/${IMPORT_TEMPLATE_PATH}`,
        answeredBy: 'master',
        async handler(request, core, reply) {
          return sendTemplate(request, reply, definition.title, await declaredColumns(definition, sources, core.serverFields));
        },
      },
    ],
  };
};
