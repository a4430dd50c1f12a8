import { useCan } from '@refinedev/core';

export interface ResourceAccess {
  canCreate: boolean;
  canEdit: boolean;
  canDelete: boolean;
}

/** Which buttons of a resource the caller may see (page elements `<resource>:<action>`). */
export function useResourceAccess(resource: string): ResourceAccess {
  const create = useCan({ resource, action: 'create' });
  const edit = useCan({ resource, action: 'edit' });
  const remove = useCan({ resource, action: 'delete' });
  return { canCreate: create.data?.can === true, canEdit: edit.data?.can === true, canDelete: remove.data?.can === true };
}
