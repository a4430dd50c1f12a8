/**
 * The declarative resource: one definition drives the server's CRUD routes, its table, the seeded
 * menu and permission nodes, and the console's list, search and form screens.
 * Definitions are plain data (no React, no Node APIs): the server and the console both import them.
 */
import type { Entity, Fields, PagingStyle, Text } from '../contract';
import type { NavigationKey } from '../contract/menuTitles';
// Not the barrel: it would pull zod into every chunk that needs only this prefix.
import { API_PREFIX } from '../contract/session';

/** Navigation groups of the base app's menu tree (their titles: contract/menuTitles.ts). */
export type { NavigationKey };

export type CrudAction = 'list' | 'create' | 'edit' | 'delete';

/** How a list cell shows its value: as is, as the label of its option, or as numbered slots. */
export type CellKind = 'text' | 'option' | 'slots';
/** Which input a form field gets. */
export type WidgetKind = 'input' | 'textarea' | 'number' | 'select' | 'radio' | 'slots';

export interface ColumnSpec<K extends string = string> {
  field: K;
  cell?: CellKind;
  width?: number;
}

export interface FormFieldSpec<K extends string = string> {
  field: K;
  widget?: WidgetKind;
  /** For `slots`: how many inputs, and the label prefix of each (`param` → param1..paramN). */
  slots?: { count: number; label: string };
}

export interface ResourceDefinition<F extends Fields = Fields> {
  /** Resource name = folder name = endpoint base (`/base/admin/<name>`) = Refine resource name. */
  name: string;
  entity: Entity<F>;
  /** Table that stores it; created and extended from the fields by the server. */
  table: string;
  title: Text;
  menu: { navigation: NavigationKey; sort: number; icon: string; path: string };
  paging: PagingStyle;
  /** The key-availability call below the endpoint (e.g. `vaildKey`) and its parameter name. */
  keyCheck?: { path: string; param: keyof F & string };
  /** Fields searched with "contains" from the list's search form. */
  search: ReadonlyArray<keyof F & string>;
  /** Default order; `id` breaks ties. */
  sort: ReadonlyArray<readonly [keyof F & string, 'asc' | 'desc']>;
  columns: ReadonlyArray<ColumnSpec<keyof F & string>>;
  form: ReadonlyArray<FormFieldSpec<keyof F & string>>;
  /** Adds a server-managed createTime. */
  timestamps?: boolean;
}

export function defineResource<F extends Fields>(definition: ResourceDefinition<F>): ResourceDefinition<F> {
  return definition;
}

export function endpointOf(definition: Pick<ResourceDefinition, 'name'>): string {
  return `${API_PREFIX}/${definition.name}`;
}

/** A button of a screen: its page-element code and the API paths (below /base/admin) it needs. */
export interface ActionElement {
  action: CrudAction;
  code: string;
  label: Text;
  apis: string[];
}

const ACTION_LABELS: Record<CrudAction, Text> = {
  list: { 'zh-CN': '查询', 'en-US': 'Query' },
  create: { 'zh-CN': '新增', 'en-US': 'Add' },
  edit: { 'zh-CN': '编辑', 'en-US': 'Edit' },
  delete: { 'zh-CN': '删除', 'en-US': 'Delete' },
};

/** Page-element code of an action: `<resource>:<action>`. */
export function actionCode(resource: string, action: string): string {
  return `${resource}:${action}`;
}

/** The page elements a CRUD resource gets, each with the calls it needs. */
export function crudActions(definition: ResourceDefinition): ActionElement[] {
  const base = `/${definition.name}`;
  const keyCheck = definition.keyCheck ? [`${base}/${definition.keyCheck.path}`] : [];
  const apis: Record<CrudAction, string[]> = {
    list: [`${base}/list`, `${base}/detail`],
    create: [`${base}/saveOrUpdate`, ...keyCheck],
    edit: [`${base}/detail`, `${base}/saveOrUpdate`, ...keyCheck],
    delete: [`${base}/delete`],
  };
  return (Object.keys(apis) as CrudAction[]).map((action) => ({
    action,
    code: actionCode(definition.name, action),
    label: ACTION_LABELS[action],
    apis: apis[action],
  }));
}
