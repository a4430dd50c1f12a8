/**
 * Every declarative resource. Adding a plain CRUD resource is one definition file and one line
 * here: the server serves its calls and table, the seed adds its menu and buttons, and the
 * console builds its screens.
 */
import type { ResourceDefinition } from './define';
import { appResource } from './app/definition';
import { auditLogResource, loginLogResource, onlineSessionResource } from './audit/definition';
import { customerAddressResource, customerBankResource, customerInvoiceResource, customerResource, customerRevealResource, revealLogResource } from './customer/definition';
import { dicItemResource, dicResource } from './dic/definition';
import { paramResource } from './param/definition';
import { roleResource } from './role/definition';
import { sampleResource } from './sample/definition';
import { uaResource } from './ua/definition';

export const resourceDefinitions: readonly ResourceDefinition[] = [
  appResource, paramResource, roleResource, dicResource, dicItemResource, sampleResource, uaResource,
  customerResource, customerBankResource, customerAddressResource, customerInvoiceResource, customerRevealResource,
  auditLogResource, loginLogResource, onlineSessionResource, revealLogResource,
];

export function findResource(name: string): ResourceDefinition | undefined {
  return resourceDefinitions.find((d) => d.name === name);
}

/** The detail resources of a master (those whose `parent` names it). */
export function detailsOf(master: Pick<ResourceDefinition, 'name'>, definitions: readonly ResourceDefinition[] = resourceDefinitions): ResourceDefinition[] {
  return definitions.filter((d) => d.parent?.resource === master.name);
}

/** The resources a show view lists as related tabs (their screen is their master's). */
export function relatedOf(master: Pick<ResourceDefinition, 'show'>, definitions: readonly ResourceDefinition[] = resourceDefinitions) {
  return (master.show?.related ?? []).flatMap((spec) => {
    const definition = definitions.find((d) => d.name === spec.resource);
    return definition ? [{ spec, definition }] : [];
  });
}
