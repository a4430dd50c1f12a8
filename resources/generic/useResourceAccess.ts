import { useCan } from '@refinedev/core';
import { hasAction, type ResourceDefinition } from '../define';

export interface ResourceAccess {
  canCreate: boolean;
  canEdit: boolean;
  canDelete: boolean;
}

/**
 * Which buttons of a resource the caller may see: actions the resource has (`definition.actions`)
 * whose page element (`<resource>:<action>`) the caller holds.
 */
export function useResourceAccess(definition: Pick<ResourceDefinition, 'name' | 'actions'>): ResourceAccess {
  const resource = definition.name;
  const create = useCan({ resource, action: 'create', queryOptions: { enabled: hasAction(definition, 'create') } });
  const edit = useCan({ resource, action: 'edit', queryOptions: { enabled: hasAction(definition, 'edit') } });
  const remove = useCan({ resource, action: 'delete', queryOptions: { enabled: hasAction(definition, 'delete') } });
  return {
    canCreate: hasAction(definition, 'create') && create.data?.can === true,
    canEdit: hasAction(definition, 'edit') && edit.data?.can === true,
    canDelete: hasAction(definition, 'delete') && remove.data?.can === true,
  };
}
