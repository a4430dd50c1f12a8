/** Data access of published templates: one row per version, newest first within a name. */
import type { Kysely } from 'kysely';
import type { ListData, Paging, TemplateDetail, TemplateParameter, TemplateSummary, TemplateVersion } from '../../contract';
import { escapeLike } from '../crud/search';
import { isStorableId } from '../crud/storableId';
import type { Database } from '../db/schema';

export interface NewTemplate {
  name: string;
  version: string;
  remark: string;
  code: string;
  parameters: TemplateParameter[];
  creatorId: number;
  creatorName: string;
}

function parameterCount(json: string): number {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.length : 0;
  } catch {
    return 0;
  }
}

export function templateRepository(db: Kysely<Database>) {
  return {
    async versionExists(name: string, version: string): Promise<boolean> {
      return (await db.selectFrom('template').select('id').where('name', '=', name).where('version', '=', version).executeTakeFirst()) !== undefined;
    },

    async insert(template: NewTemplate): Promise<number> {
      const { parameters, ...rest } = template;
      const row = await db
        .insertInto('template')
        .values({ ...rest, parameters: JSON.stringify(parameters), createTime: Date.now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Templates by name (containing `searchKey`), most recently published first. */
    async summaries(paging: Paging, searchKey: string | undefined): Promise<ListData<TemplateSummary>> {
      let names = db.selectFrom('template').select(['name']).select((eb) => [eb.fn.countAll<number>().as('versions'), eb.fn.max('id').as('latestId')]).groupBy('name');
      if (searchKey) names = names.where('name', 'like', `%${escapeLike(searchKey)}%`);
      const [rows, count] = await Promise.all([
        db
          .selectFrom(names.as('n'))
          .innerJoin('template as t', 't.id', 'n.latestId')
          .select(['n.name', 'n.latestId', 'n.versions', 't.version as latestVersion', 't.createTime as updateTime'])
          .orderBy('t.createTime', 'desc')
          .orderBy('t.id', 'desc')
          .limit(paging.size)
          .offset((paging.page - 1) * paging.size)
          .execute(),
        db
          .selectFrom(names.as('n'))
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .executeTakeFirst(),
      ]);
      return { items: rows.map((r) => ({ ...r, latestId: Number(r.latestId), versions: Number(r.versions) })), total: Number(count?.total ?? 0) };
    },

    /** Every version of a template, newest first. */
    async versions(name: string): Promise<TemplateVersion[]> {
      const rows = await db
        .selectFrom('template')
        .select(['id', 'name', 'version', 'remark', 'createTime', 'creatorName', 'parameters'])
        .where('name', '=', name)
        .orderBy('id', 'desc')
        .execute();
      return rows.map(({ parameters, ...row }) => ({ ...row, parameterCount: parameterCount(parameters) }));
    },

    /** One version in full, with the script of the version published just before it. */
    async detail(id: number): Promise<TemplateDetail | undefined> {
      if (!isStorableId(id)) return undefined;
      const row = await db.selectFrom('template').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      const previous = await db
        .selectFrom('template')
        .select(['id', 'version', 'code'])
        .where('name', '=', row.name)
        .where('id', '<', row.id)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      const { parameters, creatorId: _creator, ...rest } = row;
      return { ...rest, parameters: JSON.parse(parameters) as TemplateParameter[], previous: previous ?? null };
    },
  };
}
