/** The bounds of a list's ranges (`definition.ranges`), each read by its field's rule (contract/ranges.ts); a bad one is 1001 naming the parameter. */
import { Code, RANGE_FROM, RANGE_TO, rangeBound, type Locale } from '../../contract';
import type { ResourceDefinition } from '../../resources/define';
import { ApiError } from '../errors';
import type { ListQuery } from './repository';

export function rangeParams(definition: Pick<ResourceDefinition, 'ranges' | 'entity'>, params: Record<string, unknown>, locale: Locale): NonNullable<ListQuery['ranges']> {
  const bound = (name: string, param: string) => {
    const read = rangeBound(definition.entity.fields[name]!, param, params[param], locale);
    if ('error' in read) throw new ApiError(Code.VALIDATION_FAILED, read.error, { fields: { [param]: read.error } });
    return read.value;
  };
  return Object.fromEntries((definition.ranges ?? []).map((name) => [name, { from: bound(name, `${name}${RANGE_FROM}`), to: bound(name, `${name}${RANGE_TO}`) }]));
}
