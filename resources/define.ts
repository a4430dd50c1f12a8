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
export type CellKind = 'text' | 'option' | 'slots' | 'reference';
/** Which input a form field gets. */
export type WidgetKind = 'input' | 'textarea' | 'number' | 'select' | 'radio' | 'slots' | 'reference';

/** A field holding another resource's id: the form offers that resource's records, the list shows a label. */
export interface ReferenceSpec {
  /** The referenced resource's name (e.g. `app`); its list is loaded with up to 1000 rows. */
  resource: string;
  /** Field of the referenced record shown to the user (e.g. `name`). */
  labelField: string;
}

/** A button on each row that opens a bespoke dialog; it is a page element with the calls it needs. */
export interface RowAction {
  action: string;
  label: Text;
  /** Name of the dialog component in the console's page registry. */
  dialog: string;
  /** Paths below /base/admin the dialog calls. */
  apis: string[];
}

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
  /**
   * The key-availability call below the endpoint (e.g. `vaildKey`) and its parameter name. When
   * the key is unique only within another field (`entity.unique.within`, e.g. `appId`), the call
   * must send that field too (`validateKey?roleKey=x&appId=2&id=5`; 1001 without it), and on
   * update both the key and that field are fixed (the server refuses a change with 1001).
   */
  keyCheck?: { path: string; param: keyof F & string };
  /** Fields searched with "contains" from the list's search form. */
  search: ReadonlyArray<keyof F & string>;
  /**
   * Fields the list filters by exact value (a select in the search form, e.g. the owning app):
   * the list call takes them as parameters named by the field (`role/list?appId=2`).
   */
  filters?: ReadonlyArray<keyof F & string>;
  /**
   * Fields that hold another resource's id. The server refuses a save naming no existing record
   * (1001 on the field); the list, create and edit page elements get that resource's list call.
   */
  references?: Partial<Record<keyof F & string, ReferenceSpec>>;
  /** Extra buttons per row beyond edit and delete. */
  rowActions?: readonly RowAction[];
  /** Default order; `id` breaks ties. */
  sort: ReadonlyArray<readonly [keyof F & string, 'asc' | 'desc']>;
  columns: ReadonlyArray<ColumnSpec<keyof F & string>>;
  form: ReadonlyArray<FormFieldSpec<keyof F & string>>;
  /** Adds a server-managed createTime. */
  timestamps?: boolean;
}

/**
 * Checks a definition's field names against its entity, then hands it on in the general shape the
 * registry, the server and the generic screens read (field names there are plain strings).
 */
export function defineResource<F extends Fields>(definition: ResourceDefinition<F>): ResourceDefinition {
  return definition as unknown as ResourceDefinition;
}

export function endpointOf(definition: Pick<ResourceDefinition, 'name'>): string {
  return `${API_PREFIX}/${definition.name}`;
}

/** A button of a screen: its page-element code and the API paths (below /base/admin) it needs. */
export interface ActionElement {
  action: string;
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
  // The list shows a referenced record's label, the search form and the dialog offer them: all load their list.
  const referenceLists = [...new Set(Object.values(definition.references ?? {}).flatMap((spec) => (spec ? [`/${spec.resource}/list`] : [])))];
  const apis: Record<CrudAction, string[]> = {
    list: [`${base}/list`, `${base}/detail`, ...referenceLists],
    create: [`${base}/saveOrUpdate`, ...keyCheck, ...referenceLists],
    edit: [`${base}/detail`, `${base}/saveOrUpdate`, ...keyCheck, ...referenceLists],
    delete: [`${base}/delete`],
  };
  const crud = (Object.keys(apis) as CrudAction[]).map((action) => ({
    action,
    code: actionCode(definition.name, action),
    label: ACTION_LABELS[action],
    apis: apis[action],
  }));
  const extra = (definition.rowActions ?? []).map(({ action, label, apis: paths }) => ({
    action,
    code: actionCode(definition.name, action),
    label,
    apis: [...paths],
  }));
  return [...crud, ...extra];
}
