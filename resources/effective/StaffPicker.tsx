/**
 * The effective view's staff picker: searches GET /effective/users as the user types (debounced),
 * which lists only staff in the caller's data scope. Used for the staff member shown and for the
 * one compared with.
 */
import { useCustom, useTranslate, type BaseRecord, type HttpError } from '@refinedev/core';
import { Select, Spin } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { EffectiveUser } from '../../contract/effective';
import { callUrl, EFFECTIVE_CALLS } from '../../contract/paths';
import { useLiveRefetch } from '../generic/useLiveRefetch';

/** How long the picker waits after the last keystroke before searching. */
export const SEARCH_DELAY_MS = 300;

const NO_USERS: EffectiveUser[] = [];

/** `value`, once it has stayed the same for `delay` ms. */
function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

function useStaff(searchKey: string) {
  const { query } = useCustom<BaseRecord, HttpError>({
    url: callUrl(EFFECTIVE_CALLS.users),
    method: 'get',
    config: { query: searchKey ? { searchKey } : {} },
  });
  useLiveRefetch(['user'], query.refetch);
  const data = query.data?.data as unknown;
  return { users: Array.isArray(data) ? (data as EffectiveUser[]) : NO_USERS, isFetching: query.isFetching };
}

/** "Name (code)", with "disabled" for a disabled account. */
export function useStaffLabel(): (user: EffectiveUser) => string {
  const t = useTranslate();
  return useCallback((user: EffectiveUser) => `${user.name} (${user.code})${user.isEnable === '0' ? ` · ${t('effective.user.disabled')}` : ''}`, [t]);
}

export function StaffPicker({ label, value, onChange }: { label: string; value: EffectiveUser | undefined; onChange: (user: EffectiveUser | undefined) => void }) {
  const t = useTranslate();
  const labelOf = useStaffLabel();
  const [typed, setTyped] = useState('');
  const searchKey = useDebounced(typed.trim(), SEARCH_DELAY_MS);
  const { users, isFetching } = useStaff(searchKey);

  const options = useMemo(() => {
    const listed = value && !users.some((u) => u.id === value.id) ? [value, ...users] : users;
    return listed.map((user) => ({ value: user.id, label: labelOf(user), user }));
  }, [users, value, labelOf]);

  return (
    <Select
      aria-label={label}
      style={{ width: 280, maxWidth: '100%' }}
      showSearch
      allowClear
      filterOption={false}
      placeholder={t('effective.user.placeholder')}
      value={value?.id}
      options={options}
      onSearch={setTyped}
      onChange={(_value, option) => onChange((option as { user?: EffectiveUser } | undefined)?.user)}
      notFoundContent={isFetching ? <Spin size="small" /> : t('effective.user.none')}
    />
  );
}
