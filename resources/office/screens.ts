/** The organisation screens (SPEC §2): the directory (members of each department) and the tree's management. */
import { SCREEN_TITLES } from '../../contract/menuTitles';
import { OFFICE_CALLS as O, STAFF_CALLS } from '../../contract/paths';
import { button, type ScreenDeclaration } from '../screen';

export const officeMemberScreen: ScreenDeclaration = {
  component: 'officeMember',
  title: SCREEN_TITLES.officeMember,
  navigation: 'organisation',
  sort: 20,
  icon: 'apartment',
  path: '/organisation/officeMember',
  buttons: [
    button('list', [O.list, STAFF_CALLS.list]),
    button('addMember', [STAFF_CALLS.filterList, O.addUser]),
    button('removeMember', [O.removeUser]),
    button('setSupervisor', [O.updateAdminFlag]),
    button('export', [O.exportUser]),
  ],
};

export const officeScreen: ScreenDeclaration = {
  component: 'office',
  title: SCREEN_TITLES.office,
  navigation: 'organisation',
  sort: 30,
  icon: 'cluster',
  path: '/organisation/office',
  buttons: [
    button('list', [O.list, O.detail]),
    button('create', [O.saveOrUpdate]),
    button('edit', [O.detail, O.saveOrUpdate]),
    button('delete', [O.delete]),
  ],
};
