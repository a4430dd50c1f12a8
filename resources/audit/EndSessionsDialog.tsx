import { useCustomMutation, useGetIdentity, useInvalidate, type HttpError } from '@refinedev/core';
import { Alert } from 'antd';
import { format, text, type Text } from '../../contract/i18n';
import { callUrl, ONLINE_SESSION_CALLS } from '../../contract/paths';
import type { UserInfo } from '../../contract/session';
import { useLocale } from '../../providers/locale';
import { DeleteConfirm } from '../generic/DeleteConfirm';
import type { RowActionDialogProps } from '../generic/rowActions';

type Scope = 'end' | 'endUser';

// Kept with the dialog, which loads on first use, rather than in every screen's dictionaries.
const MESSAGES: Record<Scope, { title: Text; content: Text }> & Record<'own' | 'current' | 'ended' | 'ok', Text> = {
  end: {
    title: text('结束会话', 'End session'),
    content: text('结束 {name}（{code}）在 {address} 的这个会话？该会话下次操作时将需要重新登录。', 'End this session of {name} ({code}) from {address}? Its next action will ask them to sign in again.'),
  },
  endUser: {
    title: text('结束全部会话', 'End all sessions'),
    content: text('结束 {name}（{code}）的全部在线会话？TA 在每处登录都将需要重新登录。', 'End every live session of {name} ({code})? Wherever they are signed in, they will have to sign in again.'),
  },
  own: text('这是您自己的账号：若结束的是当前这个会话，您将回到登录页。', 'This is your own account: if it is the session you are using, you will be taken to the sign-in page.'),
  current: text('这是您正在使用的会话（当前会话）：结束后您将退出登录，回到登录页。', 'This is the session you are using (this session): ending it signs you out and takes you to the sign-in page.'),
  ended: text('已结束 {count} 个会话', '{count} session(s) ended'),
  ok: text('结束', 'End'),
};

/** Asks before ending a row's session (`end`) or all of its user's (`endUser`), then ends them. */
function EndSessionsDialog({ scope, definition, record, open, onClose, afterClose }: RowActionDialogProps & { scope: Scope }) {
  const locale = useLocale();
  const invalidate = useInvalidate();
  const { data: identity } = useGetIdentity<UserInfo>();
  const { mutateAsync } = useCustomMutation<{ ended: number }, HttpError, Record<string, unknown>>();
  const names = { name: String(record.userName ?? ''), code: String(record.userCode ?? ''), address: String(record.address ?? '--') };
  const isOwn = identity?.id !== undefined && identity.id === record.userId;
  const isCurrent = identity?.sessionId !== undefined && String(identity.sessionId) === String(record.id);
  // Ending the session in use (or every session of one's own account) signs the caller out: said first.
  const warning = isCurrent || (scope === 'endUser' && isOwn) ? MESSAGES.current : isOwn ? MESSAGES.own : undefined;
  return (
    <DeleteConfirm
      open={open}
      title={MESSAGES[scope].title[locale]}
      content={format(MESSAGES[scope].content[locale], names)}
      okText={MESSAGES.ok[locale]}
      onConfirm={async () => {
        await mutateAsync({
          url: callUrl(ONLINE_SESSION_CALLS[scope]),
          method: 'post',
          values: scope === 'end' ? { ids: String(record.id) } : { userIds: String(record.userId) },
          successNotification: (answer) => ({ message: format(MESSAGES.ended[locale], { count: answer?.data.ended ?? 0 }), type: 'success' }),
          errorNotification: (failure) => ({ message: failure?.message ?? '', type: 'error' }),
        });
        await invalidate({ resource: definition.name, invalidates: ['list'] });
      }}
      onClose={onClose}
      afterClose={afterClose}
    >
      {warning ? <Alert type="warning" showIcon message={warning[locale]} /> : null}
    </DeleteConfirm>
  );
}

export const EndSessionDialog = (props: RowActionDialogProps) => <EndSessionsDialog {...props} scope="end" />;
export const EndUserSessionsDialog = (props: RowActionDialogProps) => <EndSessionsDialog {...props} scope="endUser" />;
