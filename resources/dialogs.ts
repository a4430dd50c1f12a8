/**
 * The dialog registry: a row action's dialog name (`rowActions[].dialog` of a definition) → how
 * to load the dialog and the icon of its row button. One line per dialog; each dialog's module
 * loads on first use (pointing at its button starts the download).
 *
 * It sits beside the page registry (./pages.ts) rather than in it on purpose: only the generic
 * list page imports it, so the bundler knows the list's modules (Modal, Button, Input…) are
 * already loaded when a dialog is, and keeps them in the list's chunk. Declared in pages.ts, the
 * dialogs split those modules into many small shared chunks: about 7 KB more gzipped JavaScript
 * for the list screen and 5 KB for the home screen.
 */
import ApartmentOutlined from '@ant-design/icons/es/icons/ApartmentOutlined';
import CloseCircleFilled from '@ant-design/icons/es/icons/CloseCircleFilled';
import CloseOutlined from '@ant-design/icons/es/icons/CloseOutlined';
import ProfileOutlined from '@ant-design/icons/es/icons/ProfileOutlined';
import ReloadOutlined from '@ant-design/icons/es/icons/ReloadOutlined';
import SafetyCertificateOutlined from '@ant-design/icons/es/icons/SafetyCertificateOutlined';
import type { DialogEntry, DialogRegistry } from './generic/rowActions';

export const dialogs: DialogRegistry = new Map<string, DialogEntry>([
  ['roleGrant', { load: () => import('./role/RoleGrantDialog'), icon: SafetyCertificateOutlined }],
  // The organisation icon the menu already loads.
  ['roleDataScope', { load: () => import('./role/RoleDataScopeDialog'), icon: ApartmentOutlined }],
  ['roleFunctionInfo', { load: () => import('./role/RoleFunctionInfoDialog'), icon: ProfileOutlined }],
  // Reuses an icon the list already loads: the UA list adds no weight to the generic list path.
  ['uaPublish', { load: () => import('./ua/PublishDialog'), icon: SafetyCertificateOutlined }],
  // The list's refresh icon and the role list's profile icon: no new weight either.
  ['uaRules', { load: () => import('./ua/RulesDialog'), icon: ProfileOutlined }],
  ['uaReopen', { load: () => import('./ua/ReopenDialog'), icon: ReloadOutlined }],
  // Icons the list already loads, as for the UA list.
  ['endSession', { load: () => import('./audit/EndSessionsDialog').then((m) => ({ default: m.EndSessionDialog })), icon: CloseOutlined }],
  ['endUserSessions', { load: () => import('./audit/EndSessionsDialog').then((m) => ({ default: m.EndUserSessionsDialog })), icon: CloseCircleFilled }],
]);
