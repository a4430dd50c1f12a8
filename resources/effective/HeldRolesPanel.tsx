/**
 * The roles a staff member holds (GET /effective/roles?userId), in every sub-system: each role's
 * sub-system, whether it is enabled, its data scope (base-app roles: the scope decides which staff
 * its holder sees) with the chosen departments, and when the link ends, flagged when soon.
 */
import { useCustom, useTranslate, type BaseRecord, type HttpError } from '@refinedev/core';
import { Alert, Spin, Tag, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { BASE_APP_CODE } from '../../contract/entities/app';
import { DATA_SCOPES } from '../../contract/dataScope';
import type { HeldRole } from '../../contract/effective';
import { callUrl, EFFECTIVE_CALLS } from '../../contract/paths';
import { isEndingSoon, roleEndMessages } from '../../contract/roleEnds';
import { useLocale } from '../../providers/locale';
import { useLiveRefetch } from '../generic/useLiveRefetch';
import { endText } from '../user/staffList';

/** A sub-system as the page's selector lists it. */
export interface AppOption {
  id: number;
  code?: string;
  name: string;
  /** Which reading of menu types its tree is in: what the type tags say. */
  menuReading?: string | null;
}

/** What the list is made of: the links, the roles, their scopes' departments, the sub-systems. */
const ROLE_SOURCES = ['user', 'role', 'office', 'app'] as const;
const NO_ROLES: HeldRole[] = [];

const item: CSSProperties = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '4px 8px', padding: '6px 0', borderBottom: '1px solid var(--console-color-border-secondary, rgba(5, 5, 5, 0.06))' };
const detail: CSSProperties = { color: 'var(--console-color-text-description)', fontSize: 12 };

function useHeldRoles(userId: number) {
  const { query } = useCustom<BaseRecord, HttpError>({ url: callUrl(EFFECTIVE_CALLS.roles), method: 'get', config: { query: { userId } } });
  useLiveRefetch(ROLE_SOURCES, query.refetch);
  const data = query.data?.data as unknown;
  return { roles: Array.isArray(data) ? (data as HeldRole[]) : NO_ROLES, isLoading: query.isLoading, isError: query.isError };
}

export function HeldRolesPanel({ userId, apps }: { userId: number; apps: readonly AppOption[] }) {
  const t = useTranslate();
  const locale = useLocale();
  const { roles, isLoading, isError } = useHeldRoles(userId);

  let body;
  if (isError) body = <Alert type="error" showIcon message={t('effective.roles.failed')} />;
  else if (isLoading) body = <Spin size="small" />;
  else if (roles.length === 0) body = <Typography.Text type="secondary">{t('effective.roles.empty')}</Typography.Text>;
  else
    body = (
      <ul aria-label={t('effective.roles.title')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {roles.map((role) => {
          const app = apps.find((a) => a.id === role.appId);
          const scope = DATA_SCOPES.find((s) => s.value === role.dataScope)?.label[locale];
          return (
            <li key={role.id} className="effective-role" style={item}>
              <Typography.Text strong>{role.name}</Typography.Text>
              <code style={detail}>{role.roleKey}</code>
              {app ? <Tag bordered={false}>{app.name}</Tag> : null}
              {role.isEnable === '1' ? null : <Tag color="default">{t('effective.roles.disabled')}</Tag>}
              {app?.code === BASE_APP_CODE && scope ? (
                <span className="effective-role__scope" style={detail}>
                  {t('effective.roles.scope')}: {scope}
                  {role.scopeOffices.map((office) => (
                    <Tag key={office.id} bordered={false} color="blue" style={{ marginInlineStart: 4 }}>
                      {office.name}
                    </Tag>
                  ))}
                </span>
              ) : null}
              <span className="effective-role__end" style={detail}>
                {role.expiresAt === null ? t('effective.roles.noEnd') : `${roleEndMessages.label[locale]} ${endText(role.expiresAt)}`}
              </span>
              {isEndingSoon(role.expiresAt) ? <Tag color="orange">{roleEndMessages.endingSoon[locale]}</Tag> : null}
            </li>
          );
        })}
      </ul>
    );

  return (
    <section className="effective-roles" style={{ marginBottom: 16 }}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('effective.roles.title')}
      </Typography.Title>
      {body}
    </section>
  );
}
