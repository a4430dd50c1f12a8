/** `marksOwn`: the signed-in user's own row, marked beside its first column (online users: 当前会话). */
import { useGetIdentity } from '@refinedev/core';
import type { UserInfo } from '../../../contract/session';
import { useLocale } from '../../../providers/locale';
import type { ResourceDefinition } from '../../define';
import type { ConsoleFeature, RowMark } from './feature';

/** Which row is the signed-in user's own, by the identity the session answers. */
function useOwnMark(definition: ResourceDefinition): RowMark | undefined {
  const locale = useLocale();
  const spec = definition.marksOwn;
  const { data: identity } = useGetIdentity<UserInfo>({ queryOptions: { enabled: spec !== undefined } });
  const own = spec && identity?.[spec.identity];
  if (!spec || own === undefined) return undefined;
  return { isMarked: (row) => String(row[spec.field]) === String(own), label: spec.label[locale] };
}

export const marksOwnFeature: ConsoleFeature = { key: 'marksOwn', useRowMark: useOwnMark };
