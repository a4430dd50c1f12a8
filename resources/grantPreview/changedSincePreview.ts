/** Whether a save was refused because grants changed after its preview (1011 with that message). */
import { Code } from '../../contract/codes';
import { grantPreviewMessages } from '../../contract/grantPreview';

export function isChangedSincePreview(failure: unknown): boolean {
  const refusal = failure as { statusCode?: unknown; code?: unknown; message?: unknown } | null | undefined;
  const code = refusal?.statusCode ?? refusal?.code;
  return code === Code.CONFLICT && Object.values(grantPreviewMessages.changedSincePreview).includes(String(refusal?.message));
}
