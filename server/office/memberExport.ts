/**
 * The organisation screen's member list as .xlsx (OFFICE_CALLS.exportUser): the members of the
 * chosen node (a department's with its groups'), as /user/list reads them for the list, newest
 * first, in the list's columns (the person list's export's, server/staff/staffExport.ts) and the
 * supervisor flag, in the caller's language.
 */
import type { Kysely } from 'kysely';
import { Code, text } from '../../contract';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { requiredId } from '../http/params';
import type { StaffList } from '../staff/listQuery';
import { exportPageSize } from '../export/sendExport';
import { staffColumns, staffRowsExporter, SUPERVISOR_COLUMN } from '../staff/staffExport';
import { officeMessages } from './messages';
import { officeRepository } from './repository';

/** The member list's columns, in its order (resources/office/MemberPanel.tsx); the organisation headed as it is there. */
export const MEMBER_EXPORT_COLUMNS = [
  ...staffColumns(['name', 'code', 'telephone']),
  { ...staffColumns(['officeName'])[0]!, label: text('所属组织', 'Organisation') },
  SUPERVISOR_COLUMN,
];

export function memberExporter(db: Kysely<Database>, staffList: StaffList) {
  const repo = officeRepository(db);
  return staffRowsExporter(db, {
    title: text('组织成员', 'Members'),
    available: MEMBER_EXPORT_COLUMNS,
    defaults: MEMBER_EXPORT_COLUMNS,
    filterNames: ['officeId'],
    personal: new Set(),
    async *rows(params, locale, scope) {
      const officeId = requiredId(params.officeId, locale, 'officeId');
      if (!(await repo.findNode(officeId))) throw new ApiError(Code.NOT_FOUND, officeMessages.officeMissing);
      // The node alone: the member list reads no other filter.
      yield* staffList.pages({ officeId }, locale, exportPageSize(db), scope);
    },
  });
}
