/** The zod schemas of ./preferences.ts: what the server accepts as each kind's value. */
import { z } from 'zod';
import { PREFERENCE_LIMITS, THEME_MODES, type ColumnSetting, type PreferenceKind, type SavedView, type SortSetting, type ThemeSetting, type ViewsSetting } from './preferences';

const KEY = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const keySchema = z.string().min(1).max(PREFERENCE_LIMITS.key).regex(KEY);

/** A screen's key: its page component's name (`param`, `user`, …). */
export const screenKeySchema = keySchema;

const columnsSchema = z
  .array(z.strictObject({ key: keySchema, hidden: z.boolean() }))
  .max(PREFERENCE_LIMITS.columns)
  .refine((columns) => new Set(columns.map((c) => c.key)).size === columns.length, { message: 'duplicate column' });

export const columnSettingSchema: z.ZodType<ColumnSetting> = z.strictObject({ columns: columnsSchema });

const scalarSchema = z.union([z.string().max(PREFERENCE_LIMITS.filterText), z.number().finite(), z.boolean(), z.null()]);
const filterValueSchema = z.union([scalarSchema, z.array(scalarSchema).max(PREFERENCE_LIMITS.filterValues)]);

export const sortSettingSchema: z.ZodType<SortSetting> = z.strictObject({ field: keySchema, order: z.enum(['asc', 'desc']) });

export const savedViewSchema: z.ZodType<SavedView> = z.strictObject({
  name: z.string().trim().min(1).max(PREFERENCE_LIMITS.viewName),
  filters: z.record(keySchema, filterValueSchema).refine((filters) => Object.keys(filters).length <= PREFERENCE_LIMITS.filters, { message: 'too many filters' }),
  sort: sortSettingSchema.nullable(),
  columns: columnsSchema.nullable(),
});

export const viewsSettingSchema: z.ZodType<ViewsSetting> = z.strictObject({
  views: z
    .array(savedViewSchema)
    .max(PREFERENCE_LIMITS.views)
    .refine((views) => new Set(views.map((v) => v.name)).size === views.length, { message: 'duplicate view name' }),
});

export const themeSettingSchema: z.ZodType<ThemeSetting> = z.strictObject({ mode: z.enum(THEME_MODES), compact: z.boolean() });

export const preferenceSchemas: Record<PreferenceKind, z.ZodType> = { columns: columnSettingSchema, views: viewsSettingSchema, theme: themeSettingSchema };
