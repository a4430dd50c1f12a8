/**
 * The declarative resource: one definition drives the server's CRUD routes, its table, the seeded
 * menu and permission nodes, and the console's list, search and form screens.
 * Definitions are plain data (no React, no Node APIs): the server and the console both import them.
 */
import type { Entity, Fields, PagingStyle, Text } from '../contract';
import type { MaskKind } from '../contract/masking';
import type { MenuIconName } from '../contract/menuIcons';
import type { NavigationKey } from '../contract/menuTitles';
import { DICTIONARY_CALLS } from '../contract/paths';
import { EXPORT_PATH } from '../contract/exportFile';
// Not the barrel: it would pull zod into every chunk that needs only these.
import { actionCode, endpointOf } from '../contract/resourceCalls';
import { IMPORT_PATH, IMPORT_TEMPLATE_PATH } from '../contract/importFile';
import { HISTORY_PATHS } from '../contract/history';
import { apiElementPath } from '../contract/session';

export { actionCode, endpointOf };

/** Navigation groups of the base app's menu tree (their titles: contract/menuTitles.ts). */
export type { NavigationKey };

export type CrudAction = 'list' | 'create' | 'edit' | 'delete';

const CRUD_ACTIONS: readonly CrudAction[] = ['list', 'create', 'edit', 'delete'];

/** Page sizes a list offers unless its definition says otherwise; the first is the default. */
export const DEFAULT_PAGE_SIZES: readonly number[] = [10, 20, 50, 100];

/**
 * How a list cell shows its value: as is, as the label of its option, as numbered slots, as the
 * label of a referenced record or of a dictionary item, a tags field's values as tags with those labels, an instant (epoch milliseconds) as a local
 * date and time, a day as written, an amount of minor units (fen) in the locale's digits (with its
 * currency for money), a record of changes (`{ field: [before, after] }` as JSON) as the fields changed
 * (the show view tabulates before → after); a stored table's name, a record's key in it (a join
 * table's `33:2` as `员工 33 · 角色 2`), a declared resource's name or one of its fields' names, each
 * as people call it (resources/tableLabels.ts, the definitions); or as a control: a switch that
 * saves the field at once (a two-option choice, the first option being "on"), or up/down arrows
 * that move the row (the definition's `order` field).
 */
export const BUILT_IN_CELLS = ['text', 'option', 'slots', 'reference', 'dictionary', 'tags', 'switch', 'order', 'time', 'date', 'decimal', 'changes', 'table', 'recordKey', 'resource', 'fieldName'] as const;
export type CellKind = (typeof BUILT_IN_CELLS)[number];
/**
 * A cell as a definition names it: a built-in kind, or a cell registered by name (a module
 * resources/cells/<name>.tsx, see resources/generic/defineCell.ts). A unit test checks every name.
 */
export type CellName = CellKind | (string & {});

export function isBuiltInCell(name: string): name is CellKind {
  return (BUILT_IN_CELLS as readonly string[]).includes(name);
}

/** The server-managed instants of a resource with `timestamps` (epoch milliseconds). */
export const TIMESTAMP_FIELDS = ['createTime', 'updateTime'] as const;
export type TimestampField = (typeof TIMESTAMP_FIELDS)[number];

const TIMESTAMP_LABELS: Record<TimestampField, Text> = {
  createTime: { 'zh-CN': '创建时间', 'en-US': 'Created' },
  updateTime: { 'zh-CN': '更新时间', 'en-US': 'Updated' },
};

/** The stored fields of a resource: its entity's, and its timestamps when it has them. */
export function storedFieldsOf(definition: Pick<ResourceDefinition, 'entity' | 'timestamps'>): string[] {
  return [...Object.keys(definition.entity.fields), ...(definition.timestamps ? TIMESTAMP_FIELDS : [])];
}

/** What a stored field is called to people: its entity label, or a timestamp's. */
export function fieldLabelOf(definition: Pick<ResourceDefinition, 'entity' | 'timestamps'>, field: string): Text | undefined {
  const label = definition.entity.fields[field]?.label;
  if (label) return label;
  return definition.timestamps && (TIMESTAMP_FIELDS as readonly string[]).includes(field) ? TIMESTAMP_LABELS[field as TimestampField] : undefined;
}
/** Which input a form field gets (a date, a date and time, an amount typed in major units). */
export type WidgetKind = 'input' | 'textarea' | 'number' | 'select' | 'radio' | 'slots' | 'reference' | 'dictionary' | 'tags' | 'date' | 'dateTime' | 'decimal';

/** A field holding another resource's id: the form offers that resource's records, the list shows a label. */
export interface ReferenceSpec {
  /** The referenced resource's name (e.g. `app`): selects load its first 1000 rows, labels are read from its list by `ids`. */
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

/**
 * A step the console takes before saving an edit that changes one of `fields`: a view of the
 * console's save-step registry (resources/saveSteps.ts, loaded on demand) shows what the change
 * would do, and the save carries the parameters it answers. `apis`: the calls it makes (granted
 * with the edit button).
 */
export interface SaveStepSpec {
  step: string;
  fields: readonly string[];
  apis: readonly string[];
}

/** A column showing a stored field. */
export interface FieldColumnSpec<K extends string = string> {
  field: K;
  cell?: CellName;
  /**
   * Its header sorts the list on the server (`sort=<field>&order=asc|desc`, `id` breaking ties).
   * Only a stored field that is not masked; the server indexes it.
   */
  sortable?: boolean;
  /** Another field of the row, shown after this one's text in parentheses (a name and its account: `甲 (e001)`). */
  suffix?: K;
  /**
   * For `changes` and `recordKey` cells, the row's field naming the stored table the value belongs
   * to; for `fieldName`, the one naming the declared resource.
   */
  of?: K;
  /**
   * A name the server adds to each row (a feature's `present`, server/crud/feature.ts), shown in place of the
   * value, which goes to its tooltip (a logged call's action name, its path beneath).
   */
  shownAs?: string;
  width?: number;
}

/**
 * A column with no stored field: a registered cell (`cell`) shows it from the whole row, e.g.
 * `{ key: 'total', label: text('合计', 'Total'), cell: 'lineTotal' }`. Never sorted or searched.
 */
export interface ComputedColumnSpec {
  key: string;
  /** None: nothing is stored under it. */
  field?: undefined;
  label: Text;
  cell: string;
  width?: number;
}

export type ColumnSpec<K extends string = string> = FieldColumnSpec<K> | ComputedColumnSpec;

export function isComputed(column: ColumnSpec | ShowItem): column is ComputedColumnSpec {
  return 'key' in column;
}

/** Every cell a definition names (columns and show items); each must be built in or registered. */
export function cellNamesOf(definition: Pick<ResourceDefinition, 'columns' | 'show'>): string[] {
  const items = [...definition.columns, ...(definition.show?.items ?? [])];
  return [...new Set(items.flatMap((item) => ('cell' in item && item.cell !== undefined ? [item.cell] : [])))];
}

/** The fields whose list headers sort (the server's allowlist of `sort`). */
export function sortableFieldsOf(definition: Pick<ResourceDefinition, 'columns'>): string[] {
  return definition.columns.flatMap((column) => (!isComputed(column) && column.sortable ? [column.field] : []));
}

export interface FormFieldSpec<K extends string = string> {
  field: K;
  widget?: WidgetKind;
  /** For `slots`: how many inputs, and the label prefix of each (`param` → param1..paramN). */
  slots?: { count: number; label: string };
  /**
   * The end of a range starting at `field` (both date or both dateTime fields): one range picker
   * writes the two (`{ field: 'startsOn', to: 'endsOn' }`).
   */
  to?: K;
}

/** A detail resource's master: the detail's rows name a master record in `field`. */
export interface ParentSpec<K extends string = string> {
  /** The master resource's name (e.g. `dic`). */
  resource: string;
  /** The detail's field holding the master's id (e.g. `parentId`). */
  field: K;
}

/** Rows whose `field` holds none of `values` cannot be deleted (e.g. system dictionaries). */
export interface DeletableSpec<K extends string = string> {
  field: K;
  values: readonly (string | number)[];
  /** What the server answers (1011) and the console's tooltip says. */
  refusal: Text;
}

/** Rows whose `field` holds one of `values` are read-only in the console, for `reason`. */
export interface ReadOnlyRowsSpec<K extends string = string> {
  field: K;
  values: readonly (string | number)[];
  reason: Text;
}

/** See `ResourceDefinition.fixedWhileUsed`: rows of `table` name the record in `column`. */
export interface FixedWhileUsedSpec<K extends string = string> {
  fields: readonly K[];
  table: string;
  column: string;
  reason: Text;
}

/** What a detail answer of a resource with `fixedWhileUsed` adds: whether a row of its table names the record. */
export const IN_USE_FLAG = 'inUse';

/** One line of a show view: a field (shown as its list cell would be), or a region path shown as its names. */
export type ShowItem<K extends string = string> =
  | { field: K; cell?: CellName; suffix?: K; of?: K; shownAs?: string }
  | ComputedColumnSpec
  | { region: readonly [province: K, city: K, area: K]; label: Text };

/**
 * A related list of a show view: the rows of `resource` whose `field` holds the shown record's id,
 * as a paginated tab. `grantedBy: 'reveal'` shows it only to holders of the master's reveal element.
 */
export interface RelatedSpec {
  resource: string;
  field: string;
  grantedBy?: 'list' | 'reveal';
}

/** The read-only show view every resource has (a drawer opened from its list's rows). */
export interface ShowSpec<K extends string = string> {
  /** What it shows, in order (default: the list's columns). */
  items?: ReadonlyArray<ShowItem<K>>;
  related?: readonly RelatedSpec[];
}

/**
 * Where a resource's reveals and lookups are recorded: a read-only resource holding
 * REVEAL_LOG_FIELDS, and `subject`, its field naming whose data it was.
 */
export interface RevealLogSpec {
  resource: string;
  subject: string;
}

/** The fields every reveal log holds (the server refuses to start with a log lacking one). */
export const REVEAL_LOG_FIELDS = ['kind', 'staffId', 'staffCode', 'staffName', 'resource', 'recordId', 'field', 'matches', 'revealedAt'] as const;

/**
 * Personal data: the listed fields leave the server masked. `<endpoint>/reveal?id=` answers one
 * record unmasked to holders of the `reveal` page element and records each reveal in `log`.
 * A masked field is never searched ("contains", `searchKey`), filtered, ranged or sorted on: a
 * total or an order would tell its value (the server refuses to start otherwise). The fields in
 * `lookup` may instead be found by their whole normalised value (contract/lookup.ts): each lookup
 * is recorded in `log`, and a caller without the reveal grant has a small budget of them.
 */
export interface PrivacySpec<K extends string = string> {
  masked: Partial<Record<K, MaskKind>>;
  lookup?: readonly K[];
  /** The field naming whose data it is (default: the record's own id). */
  subject?: K;
  log: RevealLogSpec;
}

export interface ResourceDefinition<F extends Fields = Fields> {
  /** Resource name = folder name = endpoint base (`/base/admin/<name>`) = Refine resource name. */
  name: string;
  /**
   * Where its calls live when not at `/base/admin/<name>`: a path below another of the platform's
   * prefixes (contract API_PREFIXES), e.g. `/v2/ua`.
   */
  endpoint?: string;
  /**
   * The CRUD actions it has (default all four). `list` (with detail) is always there; a read-only
   * resource declares `['list']` and gets no save or delete call, button or page element.
   */
  actions?: readonly CrudAction[];
  /** Page sizes its list offers, the first being the default (default DEFAULT_PAGE_SIZES). */
  pageSizes?: readonly number[];
  entity: Entity<F>;
  /** Table that stores it; created and extended from the fields by the server. */
  table: string;
  title: Text;
  /**
   * Its menu entry; a detail resource (`parent`) has none: it shows on its master's screen. The
   * icon is one the console has (contract/menuIcons.ts), the path a URL path (contract/menuRules.ts).
   */
  menu?: { navigation: NavigationKey; sort: number; icon: MenuIconName; path: string };
  /** The field that names a record to people (confirmations, headings): e.g. `name`. */
  labelField?: keyof F & string;
  /** The record's id as a list column beside the row number, headed by this label (the UA list's UA-id). */
  idColumn?: Text;
  /** What one record is called, for confirmations ('删除角色“X”？'): e.g. 角色 / role. */
  recordName?: Text;
  /**
   * Master–detail: this resource's rows belong to a record of another resource, named by `field`.
   * Its list shows beside the master's (the selected master row filters it), its saves must name an
   * existing master, its unique keys are unique per master, and deleting a master deletes its rows.
   * A master and its detail may share a table and an endpoint (the platform's dictionaries do):
   * the calls then tell them apart by this field (0 or absent: the master).
   */
  parent?: ParentSpec<keyof F & string>;
  /** Fixed values of this resource's rows in a table it shares with its detail (e.g. `{ parentId: 0 }`). */
  scope?: Readonly<Record<string, string | number>>;
  /**
   * A position 1…n (per master when there is one) kept by the server: new rows go last, `/move`
   * swaps a row with its neighbour in one transaction, a delete closes the gap. Shown as up/down
   * arrows (cell `order`); never typed in a form.
   */
  order?: { field: keyof F & string };
  /** Which rows may be deleted at all (the console offers delete only there). */
  deletable?: DeletableSpec<keyof F & string>;
  /**
   * Rows the console shows read-only: their edit and delete buttons disabled, saying `reason` (e.g.
   * the super-admin role). The server refuses their changes by its own rule.
   */
  readOnlyRows?: ReadOnlyRowsSpec<keyof F & string>;
  /**
   * Fields fixed once a record is created, beside a detail's master (always fixed): an update
   * changing one is refused (1001 on the field), and the edit form shows it read-only. A unique
   * key stays editable unless it is listed here (`fixed: ['roleKey', 'appId']`).
   */
  fixed?: ReadonlyArray<keyof F & string>;
  /**
   * Fields that may change only while no row of another table names the record (a sub-system's
   * menu reading, once its tree has nodes). The server refuses a change then (1001 on the field,
   * saying `reason`), deciding under the record's row lock, which the writers of `table` take too;
   * the detail answers `inUse` (whether such a row exists) and the edit form shows the fields
   * read-only with `reason` while it is true.
   */
  fixedWhileUsed?: FixedWhileUsedSpec<keyof F & string>;
  paging: PagingStyle;
  /**
   * The key-availability call below the endpoint (e.g. `vaildKey`) and its parameter name: the
   * key is the last field of one of the entity's unique rules. When that rule names other fields
   * (`['appId', 'roleKey']`: a key per app), the call must send them too
   * (`validateKey?roleKey=x&appId=2&id=5`; 1001 without them); `id` is the record being edited.
   */
  keyCheck?: { path: string; param: keyof F & string };
  /** Fields searched with "contains" from the list's search form (and by `searchKey`); never a masked one. */
  search: ReadonlyArray<keyof F & string>;
  /**
   * Fields the list filters by exact value (a select in the search form, e.g. the owning app):
   * the list call takes them as parameters named by the field (`role/list?appId=2`). A tags field
   * matches the rows holding that one value among theirs.
   */
  filters?: ReadonlyArray<keyof F & string>;
  /**
   * Fields filtered by a range, each bound read by the field's rule (contract/ranges.ts): a date (a
   * date range in the search form, bounds 'YYYY-MM-DD'), money or a decimal (two amounts typed in
   * yuan, bounds in fen), an instant in epoch milliseconds (a date-time range). The list call takes
   * `<field>From` and `<field>To`, both inclusive and optional.
   */
  ranges?: ReadonlyArray<keyof F & string>;
  /**
   * Fields that hold another resource's id. The server refuses a save naming no existing record
   * (1001 on the field); the list, create and edit page elements get that resource's list call.
   */
  references?: Partial<Record<keyof F & string, ReferenceSpec>>;
  /** Extra buttons per row beyond edit and delete. */
  rowActions?: readonly RowAction[];
  /** Shown before an edit changing some fields is saved (SaveStepSpec). */
  saveStep?: SaveStepSpec;
  /**
   * Fields selected rows may be set to one value at once (`<endpoint>/bulkUpdate`), beside every
   * switch column's field, which always may. Never a fixed, unique, ordered or master field.
   */
  bulk?: ReadonlyArray<keyof F & string>;
  /**
   * The row that is the signed-in user's own: the one whose `field` equals the identity's
   * `identity` (contract/session.ts UserInfo: `id`, `sessionId`) shows `label` beside its first
   * column (online users: 当前会话).
   */
  marksOwn?: { field: (keyof F & string) | 'id'; identity: 'id' | 'sessionId'; label: Text };
  /**
   * Default order; `id` breaks ties, ascending unless the order ends with it (a log newest first,
   * `[['changedAt', 'desc'], ['id', 'desc']]`, is then read whole from a time index, whose entries
   * end with the row's id on SQLite, with no sort).
   */
  sort: ReadonlyArray<readonly [(keyof F & string) | TimestampField | 'id', 'asc' | 'desc']>;
  /** The list's columns: stored fields (timestamps too, when declared) and computed ones. */
  columns: ReadonlyArray<ColumnSpec<(keyof F & string) | TimestampField>>;
  form: ReadonlyArray<FormFieldSpec<keyof F & string>>;
  /**
   * Indexes of its table beyond the default ones (on the parent field, the fields other resources'
   * related lists read by, each filter, required filter and range, and the default sort's first
   * field): each an ordered list of fields, e.g. `[['appId', 'sortNum']]`.
   */
  indexes?: ReadonlyArray<ReadonlyArray<keyof F & string>>;
  /**
   * Adds server-managed `createTime` (set on insert) and `updateTime` (set on insert and every
   * update): epoch milliseconds, never taken from a request. Columns, show items and `sort` may
   * name them (shown with the `time` cell unless another is named).
   */
  timestamps?: boolean;
  /** Its show view (default: the columns, no related lists). */
  show?: ShowSpec<(keyof F & string) | TimestampField>;
  /**
   * Its show view's history of changes (`<endpoint>/history`) and the revert of one edit
   * (`<endpoint>/revert`, replayed through the save), each a page element of its own: on by
   * default for an editable resource, `false` turns both off. `fixed` names fields an edit may
   * change but a revert never restores (a role's switch: it changes who may do what).
   */
  history?: false | { fixed?: ReadonlyArray<keyof F & string> };
  /**
   * Its list counts the matching rows up to this many (a log of millions, where counting them all
   * costs more than the page): beyond it the answer's `total` is this bound with `totalAtLeast`,
   * and the pager says "10,000+" (server/crud/features/boundedTotal.ts).
   */
  boundedTotal?: number;
  /**
   * Its rows are only ever added, each stamped with this instant, and leave only by retention,
   * oldest first (a log). A bounded total that reached its bound then stays reached for the same
   * filters until retention could have taken a row it counted, and is not counted again until then
   * (server/crud/features/boundedTotal.ts).
   */
  appendOnly?: keyof F & string;
  /** Exact filters every list call must give (1001 when missing or not a valid value). */
  requiredFilters?: ReadonlyArray<keyof F & string>;
  privacy?: PrivacySpec<keyof F & string>;
  /**
   * Its list exports what its filters select to .xlsx (`<endpoint>/<exportPath>`, the page element
   * `<name>:export`); default true for a list on a screen (see isExportable), false for a list
   * nobody should take away as a file.
   */
  exportable?: boolean;
  /**
   * The export's path below the endpoint (default EXPORT_PATH, `export`): another when the endpoint
   * already answers `export` with something else (the UA list's is the parser's regexes.yaml).
   */
  exportPath?: string;
  /**
   * New records may be imported from .xlsx (`<endpoint>/import`, its template
   * `<endpoint>/importTemplate`, the page element `<name>:import`): each row checked as the create
   * form's save checks it, all written in one transaction or none (server/import). Default false:
   * a resource opts in where adding many records at once is a real need. Needs the create action.
   */
  importable?: boolean;
  /**
   * `'replica'`: its list, detail and export read the rows from the server's streaming replica when
   * it has one (DATABASE_READ_URL; the primary otherwise). For read-only logs whose reads are
   * heavy and may lag by a moment; who may read them is still decided on the primary.
   */
  reads?: 'replica';
  /** The detail (and reveal) answer also carries these fields grouped under each name, as the platform's clients read them. */
  detailGroups?: Readonly<Record<string, ReadonlyArray<keyof F & string>>>;
  /**
   * Rows the demo seed (SEED=demo) inserts once, in this order, each checked as a save checks it
   * (a row breaking a rule stops the start): a resource's demo data needs no server code. Loaded by
   * the server only (`() => import('./demo')…`), so the rows never reach the console's bundle.
   */
  demo?: { rows: () => Promise<ReadonlyArray<DemoRow<keyof F & string>>> };
}

/** A demo row: field values as a save would send them (the order field and ids are the server's). */
export type DemoRow<K extends string = string> = Readonly<Partial<Record<K, string | number | null | readonly (string | number)[]>>>;

/**
 * Checks a definition's field names against its entity, then hands it on in the general shape the
 * registry, the server and the generic screens read (field names there are plain strings).
 */
export function defineResource<F extends Fields>(definition: ResourceDefinition<F>): ResourceDefinition {
  return definition as unknown as ResourceDefinition;
}

/** The CRUD actions a resource has: those declared (list always), in the usual order. */
export function actionsOf(definition: Pick<ResourceDefinition, 'actions'>): CrudAction[] {
  const declared = definition.actions ?? CRUD_ACTIONS;
  return CRUD_ACTIONS.filter((action) => action === 'list' || declared.includes(action));
}

/** Fields an update may not change: a detail's master and those declared `fixed` (a unique key is not fixed by itself). */
export function fixedFieldsOf(definition: Pick<ResourceDefinition, 'parent' | 'fixed'>): string[] {
  return [...new Set([definition.parent?.field, ...(definition.fixed ?? [])].filter((f): f is string => f !== undefined))];
}

export function hasAction(definition: Pick<ResourceDefinition, 'actions'>, action: CrudAction): boolean {
  return actionsOf(definition).includes(action);
}

/**
 * Whether the resource's records carry a version (contract/recordVersion.ts): every resource whose
 * records can be edited. The server keeps it in the `version` column and moves it on every write.
 */
export function isVersioned(definition: Pick<ResourceDefinition, 'actions'>): boolean {
  return hasAction(definition, 'edit');
}

export function pageSizesOf(definition: Pick<ResourceDefinition, 'pageSizes'>): readonly number[] {
  return definition.pageSizes?.length ? definition.pageSizes : DEFAULT_PAGE_SIZES;
}

/** The masked fields a resource's list finds by their whole value (`privacy.lookup`), with their mask kinds. */
export function lookupFieldsOf(definition: Pick<ResourceDefinition, 'privacy'>): Array<{ field: string; kind: MaskKind }> {
  const privacy = definition.privacy;
  return (privacy?.lookup ?? []).flatMap((field) => {
    const kind = privacy?.masked[field];
    return kind ? [{ field, kind }] : [];
  });
}

/**
 * Every parameter name that may carry personal data: the masked and looked-up fields of all the
 * definitions. The access log never writes their values.
 */
export function personalDataParams(definitions: readonly Pick<ResourceDefinition, 'privacy'>[]): Set<string> {
  return new Set(definitions.flatMap((d) => [...Object.keys(d.privacy?.masked ?? {}), ...(d.privacy?.lookup ?? [])]));
}

/**
 * Whether a resource's list exports: one shown on a screen of its own or its master's (a menu, or a
 * `parent`), unless `exportable: false`. A list read only as a show view's tab has no toolbar to export from.
 */
export function isExportable(definition: Pick<ResourceDefinition, 'exportable' | 'menu' | 'parent'>): boolean {
  return definition.exportable !== false && (definition.menu !== undefined || definition.parent !== undefined);
}

/** The export's path below the endpoint, without a slash (`export` unless the definition says another). */
export function exportPathOf(definition: Pick<ResourceDefinition, 'exportPath'>): string {
  return definition.exportPath ?? EXPORT_PATH;
}

/** Whether new records of the resource may be imported from .xlsx (`importable: true`, and it may create). */
export function isImportable(definition: Pick<ResourceDefinition, 'importable' | 'actions'>): boolean {
  return definition.importable === true && hasAction(definition, 'create');
}

/** Below a resource's endpoint: one value set on several records in one transaction (the page element `bulkEdit`). */
export const BULK_UPDATE_PATH = 'bulkUpdate';

/** The fields `bulkUpdate` may set: every switch column's, then those listed in `bulk`; none without edit. */
export function bulkFieldsOf(definition: Pick<ResourceDefinition, 'columns' | 'bulk' | 'actions'>): string[] {
  if (!hasAction(definition, 'edit')) return [];
  const switches = definition.columns.flatMap((column) => (!isComputed(column) && column.cell === 'switch' ? [column.field] : []));
  return [...new Set([...switches, ...(definition.bulk ?? [])])];
}

/** Whether a resource's show view has a history with reverts (editable, unless `history: false`). */
export function hasHistory(definition: Pick<ResourceDefinition, 'history' | 'actions'>): boolean {
  return definition.history !== false && hasAction(definition, 'edit');
}

/** Fields a revert never restores beyond those the save itself keeps (`history.fixed`). */
export function historyFixedOf(definition: Pick<ResourceDefinition, 'history'>): readonly string[] {
  return (definition.history || undefined)?.fixed ?? [];
}

/** Below a resource's endpoint: what a delete would take with it (contract/deleteImpact.ts), read by its confirmation. */
export const DELETE_IMPACT_PATH = 'deleteImpact';

/** The calls that read a dictionary's enabled items and the version that keys them (server/dic). */
export const DICTIONARY_APIS: readonly string[] = Object.values(DICTIONARY_CALLS);

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

const REVEAL_LABEL: Text = { 'zh-CN': '查看明文', 'en-US': 'Reveal' };
const EXPORT_LABEL: Text = { 'zh-CN': '导出', 'en-US': 'Export' };

const BULK_EDIT_LABEL: Text = { 'zh-CN': '批量修改', 'en-US': 'Bulk edit' };
const IMPORT_LABEL: Text = { 'zh-CN': '导入', 'en-US': 'Import' };
const HISTORY_LABEL: Text = { 'zh-CN': '变更历史', 'en-US': 'History' };
const REVERT_LABEL: Text = { 'zh-CN': '撤销变更', 'en-US': 'Revert' };

/** The page elements a CRUD resource gets (one per declared action), each with the calls it needs. */
export function crudActions(definition: ResourceDefinition): ActionElement[] {
  // The calls as API elements name them (below /base/admin without the prefix, elsewhere whole).
  const base = apiElementPath(endpointOf(definition));
  const keyCheck = definition.keyCheck ? [`${base}/${definition.keyCheck.path}`] : [];
  // The list shows a referenced record's label, the search form and the dialog offer them: all load their list.
  const referenceLists = [...new Set(Object.values(definition.references ?? {}).flatMap((spec) => (spec ? [`/${spec.resource}/list`] : [])))];
  // Fields offering a dictionary's items read it (and its version, to never show a stale one).
  const dictionaries = Object.values(definition.entity.fields).some((field) => field.dictionary) ? DICTIONARY_APIS : [];
  const lookups = [...referenceLists, ...dictionaries];
  const move = definition.order ? [`${base}/move`] : [];
  const apis: Record<CrudAction, string[]> = {
    list: [`${base}/list`, `${base}/detail`, ...lookups],
    create: [`${base}/saveOrUpdate`, ...keyCheck, ...lookups],
    edit: [`${base}/detail`, `${base}/saveOrUpdate`, ...move, ...keyCheck, ...lookups, ...(definition.saveStep?.apis ?? [])],
    // The confirmation names what the delete takes with it (contract/deleteImpact.ts).
    delete: [`${base}/delete`, `${base}/${DELETE_IMPACT_PATH}`],
  };
  const crud = actionsOf(definition).map((action) => ({
    action,
    code: actionCode(definition.name, action),
    label: ACTION_LABELS[action],
    apis: apis[action],
  }));
  // Revealing personal data is a grant of its own, never implied by list.
  const reveal = definition.privacy ? [{ action: 'reveal', code: actionCode(definition.name, 'reveal'), label: REVEAL_LABEL, apis: [`${base}/reveal`] }] : [];
  // Exporting takes the list away as a file: a grant of its own, never implied by list.
  const exporting = isExportable(definition) ? [{ action: 'export', code: actionCode(definition.name, 'export'), label: EXPORT_LABEL, apis: [`${base}/${exportPathOf(definition)}`] }] : [];
  // Setting a field on many rows at once is a grant of its own, never implied by edit.
  // Its save step's calls too when it sets one of the step's fields (shown before the bulk change as before an edit).
  const bulkStep = bulkFieldsOf(definition).some((field) => definition.saveStep?.fields.includes(field)) ? (definition.saveStep?.apis ?? []) : [];
  const bulkEdit = bulkFieldsOf(definition).length
    ? [{ action: 'bulkEdit', code: actionCode(definition.name, 'bulkEdit'), label: BULK_EDIT_LABEL, apis: [`${base}/${BULK_UPDATE_PATH}`, ...bulkStep] }]
    : [];
  // Importing adds many records at once: a grant of its own, never implied by create.
  const importing = isImportable(definition)
    ? [{ action: 'import', code: actionCode(definition.name, 'import'), label: IMPORT_LABEL, apis: [`${base}/${IMPORT_PATH}`, `${base}/${IMPORT_TEMPLATE_PATH}`] }]
    : [];
  // A record's history, and reverting one of its edits: grants of their own, never implied by edit.
  const history = hasHistory(definition)
    ? [
        { action: 'history', code: actionCode(definition.name, 'history'), label: HISTORY_LABEL, apis: [`${base}${HISTORY_PATHS.history}`] },
        { action: 'revert', code: actionCode(definition.name, 'revert'), label: REVERT_LABEL, apis: [`${base}${HISTORY_PATHS.revert}`] },
      ]
    : [];
  const extra = (definition.rowActions ?? []).map(({ action, label, apis: paths }) => ({
    action,
    code: actionCode(definition.name, action),
    label,
    apis: [...paths],
  }));
  return [...crud, ...reveal, ...exporting, ...bulkEdit, ...importing, ...history, ...extra];
}
