/**
 * Every screen of the base app (SPEC §2), with its buttons and the calls each button needs.
 * Declarative resources come from their definitions; bespoke screens from their declarations
 * (resources/bespokeScreens.ts, their calls' paths in contract/paths.ts). The seed turns this
 * into the base app's menu/permission tree.
 */
import type { Text } from '../../contract';
import { NAVIGATION_TITLES } from '../../contract/menuTitles';
import { BESPOKE_SCREENS } from '../../resources/bespokeScreens';
import { crudActions, type NavigationKey, type ResourceDefinition } from '../../resources/define';
import { detailsOf, relatedOf, resourceDefinitions } from '../../resources/registry';
import type { ButtonDeclaration, MenuGroupDeclaration, ScreenDeclaration } from '../../resources/screen';

export { BESPOKE_SCREENS, HOME } from '../../resources/bespokeScreens';
export type ScreenSpec = ScreenDeclaration;
export type ButtonSpec = ButtonDeclaration;
export type MenuGroupSpec = MenuGroupDeclaration;

export interface NavigationSpec {
  key: NavigationKey;
  title: Text;
  sort: number;
  icon: string;
}

/** Titles come from contract/menuTitles.ts, which the console reads too. */
export const NAVIGATION: readonly NavigationSpec[] = [
  { key: 'system', title: NAVIGATION_TITLES.system, sort: 10, icon: 'setting' },
  { key: 'monitor', title: NAVIGATION_TITLES.monitor, sort: 15, icon: 'dashboard' },
  { key: 'organisation', title: NAVIGATION_TITLES.organisation, sort: 20, icon: 'team' },
  { key: 'business', title: NAVIGATION_TITLES.business, sort: 30, icon: 'bar-chart' },
  { key: 'tools', title: NAVIGATION_TITLES.tools, sort: 40, icon: 'tool' },
  // Sample pages: the seed grants them to the super-admin role only, like every node it adds.
  { key: 'examples', title: NAVIGATION_TITLES.examples, sort: 90, icon: 'experiment' },
];

/**
 * The screen of a declarative resource with a menu: its menu entry and the buttons of its
 * `crudActions`, then those of its detail resources (a master–detail screen holds both lists).
 * A detail's rows show with its master's, so its list calls join the master's list button; its
 * other buttons keep their own codes (`dicItem:create`).
 */
export function resourceScreen(definition: ResourceDefinition, definitions: readonly ResourceDefinition[] = resourceDefinitions): ScreenSpec {
  if (!definition.menu) throw new Error(`Resource ${definition.name} has no menu: it is shown on its master's screen`);
  const detailActions = detailsOf(definition, definitions).flatMap(crudActions);
  const detailLists = detailActions.filter((a) => a.action === 'list').flatMap((a) => a.apis);
  // A show view's related tabs read with the master's list (or reveal) element; revealing a
  // related row's personal data is part of the master's reveal.
  const related = relatedOf(definition, definitions).map(({ spec, definition: d }) => ({ grantedBy: spec.grantedBy ?? 'list', actions: crudActions(d) }));
  const relatedApis = (button: string) =>
    related.flatMap(({ grantedBy, actions }) => actions.filter((a) => a.action === 'reveal' || a.action === 'list').filter((a) => (a.action === 'list' ? grantedBy : 'reveal') === button).flatMap((a) => a.apis));
  const extra: Record<string, string[]> = { list: [...detailLists, ...relatedApis('list')], reveal: relatedApis('reveal') };
  const buttons = [
    ...crudActions(definition).map(({ action, label, apis }) => ({ action, label, apis: [...new Set([...apis, ...(extra[action] ?? [])])] })),
    ...detailActions.filter((a) => a.action !== 'list').map(({ action, code, label, apis }) => ({ action, code, label, apis })),
  ];
  return { component: definition.name, title: definition.title, ...definition.menu, buttons };
}

export function baseScreens(definitions: readonly ResourceDefinition[] = resourceDefinitions): ScreenSpec[] {
  return [...definitions.filter((d) => d.menu).map((d) => resourceScreen(d, definitions)), ...BESPOKE_SCREENS];
}

/** A short name for an API element (./apiNames.ts; the seed stores its zh-CN text). */
export { apiName } from './apiNames';
