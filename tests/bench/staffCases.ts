/**
 * The staff list cases, each cycling through 50 different pages or terms: the console's call and
 * the same question put to the peer (json-server 0.17: `_page`/`_limit`, exact `officeId`, `_like`
 * regular-expression "contains"). The peer answers rows only: no department names, roles or total
 * beyond its X-Total-Count header.
 */
import { SURNAMES, type StaffData } from './staffData';
import { withQuery } from './load';

export interface StaffCase {
  key: 'paging' | 'office' | 'name3' | 'name12' | 'phone';
  label: string;
  /** The list's parameters, one set per request of the cycle. */
  params: Array<Record<string, string | number>>;
  /** The peer's query for the same parameters, or undefined where it has no equivalent. */
  peer?: (params: Record<string, string | number>) => string;
}

export const STAFF_LIST_PATH = '/base/admin/user/list';

const many = <T>(n: number, make: (i: number) => T) => Array.from({ length: n }, (_, i) => make(i));
const peerPage = (params: Record<string, string | number>) => ({ _page: params.pageNo ?? 1, _limit: params.pageSize ?? 10, _sort: 'id', _order: 'desc' });

export function staffCases(data: StaffData): StaffCase[] {
  const threeCharacterNames = data.names.filter((n) => n.length === 3);
  return [
    {
      key: 'paging',
      label: 'paging, pages 1-200',
      params: many(50, (i) => ({ pageNo: 1 + ((i * 37) % 200), pageSize: 10 })),
      peer: (p) => withQuery('/users', peerPage(p)),
    },
    {
      key: 'office',
      label: 'by department or group',
      params: many(50, (i) => ({ officeId: data.officeIds[(i * 31) % data.officeIds.length]!, pageNo: 1, pageSize: 10 })),
      peer: (p) => withQuery('/users', { officeId: p.officeId!, ...peerPage(p) }),
    },
    {
      key: 'name3',
      label: 'name contains, 3 characters',
      params: many(50, (i) => ({ name: threeCharacterNames[(i * 13) % threeCharacterNames.length]!, pageNo: 1, pageSize: 10 })),
      peer: (p) => withQuery('/users', { name_like: p.name!, ...peerPage(p) }),
    },
    {
      key: 'name12',
      label: 'name contains, 1-2 characters',
      params: many(50, (i) => ({ name: i % 2 ? SURNAMES[(i * 7) % SURNAMES.length]! : data.names[i * 7]!.slice(0, 2), pageNo: 1, pageSize: 10 })),
      peer: (p) => withQuery('/users', { name_like: p.name!, ...peerPage(p) }),
    },
    {
      key: 'phone',
      label: 'telephone contains, 4-7 digits',
      params: many(50, (i) => {
        const phone = data.phones[(i * 11) % data.phones.length]!;
        const start = 2 + (i % 4);
        return { telephone: phone.slice(start, start + 4 + (i % 4)), pageNo: 1, pageSize: 10 };
      }),
      peer: (p) => withQuery('/users', { telephone_like: p.telephone!, ...peerPage(p) }),
    },
  ];
}

export const casePaths = (staffCase: StaffCase) => staffCase.params.map((params) => withQuery(STAFF_LIST_PATH, params));
