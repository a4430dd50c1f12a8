import { useCan } from '@refinedev/core';

/** Access control asks about this resource: page elements `officeMember:addMember|removeMember|setSupervisor|export`. */
export const MEMBER_RESOURCE = 'officeMember';

export interface MemberAccess {
  canAdd: boolean;
  canRemove: boolean;
  canSetSupervisor: boolean;
  canExport: boolean;
}

/** Which of the directory's buttons the caller may use. */
export function useMemberAccess(): MemberAccess {
  const add = useCan({ resource: MEMBER_RESOURCE, action: 'addMember' });
  const remove = useCan({ resource: MEMBER_RESOURCE, action: 'removeMember' });
  const supervisor = useCan({ resource: MEMBER_RESOURCE, action: 'setSupervisor' });
  const exporting = useCan({ resource: MEMBER_RESOURCE, action: 'export' });
  return { canAdd: add.data?.can === true, canRemove: remove.data?.can === true, canSetSupervisor: supervisor.data?.can === true, canExport: exporting.data?.can === true };
}
