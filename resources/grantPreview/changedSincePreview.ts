/**
 * Whether a save was refused because grants changed after its preview: 1011 with that message, or
 * a bulk save's 1011 whose every refused record says so (contract/bulkUpdate.ts BulkRefused).
 */
import { Code } from '../../contract/codes';
import { grantPreviewMessages } from '../../contract/grantPreview';

const isStaleMessage = (message: unknown) => Object.values(grantPreviewMessages.changedSincePreview).includes(String(message));

export function isChangedSincePreview(failure: unknown): boolean {
  const refusal = failure as { statusCode?: unknown; code?: unknown; message?: unknown; data?: { refused?: unknown } } | null | undefined;
  const code = refusal?.statusCode ?? refusal?.code;
  if (code !== Code.CONFLICT) return false;
  const rows = refusal?.data?.refused;
  if (Array.isArray(rows) && rows.length) return rows.every((row: { message?: unknown } | null) => isStaleMessage(row?.message));
  return isStaleMessage(refusal?.message);
}
