/** The staff screen (SPEC §2): accounts with their department, roles and state. */
import { SCREEN_TITLES } from '../../contract/menuTitles';
import { declaredCall, OFFICE_CALLS, ROLE_CALLS, STAFF_CALLS as S } from '../../contract/paths';
import { button, type ScreenDeclaration } from '../screen';

export const userScreen: ScreenDeclaration = {
  component: 'user',
  title: SCREEN_TITLES.user,
  navigation: 'organisation',
  sort: 10,
  icon: 'user',
  path: '/organisation/user',
  buttons: [
    button('list', [S.list, S.detail, OFFICE_CALLS.list, declaredCall('role', 'list')]),
    button('create', [S.saveOrUpdate, S.validTelephone, OFFICE_CALLS.list, declaredCall('role', 'list')]),
    // A change of roles is previewed before it is saved (who gains and loses what).
    button('edit', [S.detail, S.saveOrUpdate, S.validTelephone, ROLE_CALLS.preview]),
    button('enable', [S.enable]),
    button('resetPwd', [S.resetPwd]),
    button('delete', [S.delete]),
    button('export', [S.export]),
    // A department or state set on many accounts at once: a grant of its own, never implied by edit.
    button('bulkEdit', [S.bulkUpdate, OFFICE_CALLS.list]),
    button('import', [S.import, S.importTemplate]),
    // An account's history, and reverting one of its edits: grants of their own, never implied by edit.
    button('history', [S.history]),
    button('revert', [S.revert]),
  ],
};
