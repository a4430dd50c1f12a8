/**
 * Which console resources a written table shows in, and the list call that must be granted to
 * hear of it. Declared resources come from their definitions (their table; a master and its
 * detail share one); the bespoke screens and the tables only they show are listed below, under
 * their Refine resource names (resources/bespokeScreens.ts, resources/pages.ts).
 */
import { apiElementPath } from '../../contract/session';
import { OFFICE_CALLS, PERMISSION_CALLS, STAFF_CALLS, STATISTICS_CALLS, TEMPLATE_CALLS } from '../../contract/paths';
import { endpointOf, type ResourceDefinition } from '../../resources/define';

export interface LiveTarget {
  resource: string;
  /** The API element of the resource's list call: a subscriber hears of it only when granted it. */
  listCall: string;
  /** A join table's key `a:b` names the resource's record by its first part, and any write is an update of it. */
  ofOwner?: boolean;
  /** Its records are not the table's rows (a tree beside a list, totals): the event names none. */
  withoutIds?: boolean;
}

type BespokeTarget = Omit<LiveTarget, 'listCall'> & { listCall?: string };

const STATISTICS: BespokeTarget[] = [
  { resource: 'dashboard', listCall: STATISTICS_CALLS.totalNums, withoutIds: true },
  { resource: 'staffSummary', listCall: STATISTICS_CALLS.staffSummary, withoutIds: true },
  { resource: 'mediaStats', listCall: STATISTICS_CALLS.mediaStats, withoutIds: true },
];

/** Tables of the bespoke screens; a target without `listCall` is a declared resource's (its list call is its definition's). */
const BESPOKE_TABLES: Record<string, BespokeTarget[]> = {
  user: [{ resource: 'user', listCall: STAFF_CALLS.list }, { resource: 'officeMember', listCall: STAFF_CALLS.list }],
  user_role: [{ resource: 'user', listCall: STAFF_CALLS.list, ofOwner: true }],
  office: [{ resource: 'office', listCall: OFFICE_CALLS.list }, { resource: 'officeMember', listCall: STAFF_CALLS.list, withoutIds: true }],
  permission: [{ resource: 'permission', listCall: PERMISSION_CALLS.filterTree }, { resource: 'menu', listCall: PERMISSION_CALLS.elementList }],
  role_permission: [{ resource: 'role', ofOwner: true }],
  template: [{ resource: 'template', listCall: TEMPLATE_CALLS.list }],
  ua_rule: [{ resource: 'ua', withoutIds: true, ofOwner: true }],
  // Sessions an administrator ended (server/audit/onlineSessions.ts notes them).
  session: [{ resource: 'onlineSession' }],
  ...Object.fromEntries(['ad', 'advertiser', 'domain', 'site_user', 'team', 'team_member', 'traffic_hour', 'revenue_month'].map((table) => [table, STATISTICS])),
};

export interface LiveResources {
  targetsOf(table: string): readonly LiveTarget[];
  listCallOf(resource: string): string | undefined;
}

export function liveResources(definitions: readonly ResourceDefinition[]): LiveResources {
  const listCalls = new Map<string, string>(definitions.map((d) => [d.name, apiElementPath(`${endpointOf(d)}/list`)]));
  const byTable = new Map<string, LiveTarget[]>();
  const add = (table: string, target: LiveTarget) => byTable.set(table, [...(byTable.get(table) ?? []), target]);
  for (const d of definitions) add(d.table, { resource: d.name, listCall: listCalls.get(d.name)! });
  for (const [table, targets] of Object.entries(BESPOKE_TABLES)) {
    for (const target of targets) {
      const listCall = target.listCall ?? listCalls.get(target.resource);
      // A declared resource the server does not serve (a test's own definitions): nobody lists it.
      if (listCall) add(table, { ...target, listCall });
      if (target.listCall) listCalls.set(target.resource, target.listCall);
    }
  }
  return { targetsOf: (table) => byTable.get(table) ?? [], listCallOf: (resource) => listCalls.get(resource) };
}

