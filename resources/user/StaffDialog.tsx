/**
 * The staff dialog (SPEC §2.4, §3 Staff, §5 Staff): every field of the staff entity with the
 * contract's rule, the phone's uniqueness asked of the server while typing, and the whole record
 * sent as `{ userCenter, roleIds }`. The server checks everything again; its per-field refusals
 * land under the fields. An edit sends the version it read (contract/recordVersion.ts): one refused
 * because someone else changed the account meanwhile stays open with what was typed and shows what
 * they changed, to keep mine or take theirs. An edit changing the roles first previews who gains and
 * loses what (../grantPreview), then saves with the previewed grants version.
 */
import { useCustomMutation, useTranslate, type BaseRecord, type HttpError } from '@refinedev/core';
import { Form, Spin } from 'antd';
import { VERSION_FIELD, versionOf } from '../../contract/recordVersion';
import type { StaffDetail } from '../../contract/entities/staff';
import { FormDialog } from '../generic/FormDialog';
import { staleRecordOf, useRecordConflict } from '../generic/useVersionedSave';
import { useEffect, useState } from 'react';
import { callUrl, STAFF_CALLS } from '../../contract/paths';
import { useLocale } from '../../providers/locale';
import { AddressSection, EducationSection, IdentitySection, PersonalSection, WorkSection } from './StaffSections';
import { staffConflictLines } from './staffConflict';
import { newStaffValues, roleIdList, staffFormValues, staffPayload, staffServerErrors, type StaffFormValues, type StaffPayload } from './staffForm';
import type { GrantChange } from '../../contract/grantPreview';
import { LazyGrantPreviewPanel } from '../grantPreview/LazyGrantPreviewPanel';
import { grantPreviewTexts } from '../grantPreview/texts';
import { isChangedSincePreview, useGrantPreview } from '../grantPreview/useGrantPreview';
import type { OfficeOption } from './staffList';
import { useStaffDetail, useTelephoneCheck, type RoleOption } from './useStaffData';
import './user.css';

interface Props {
  /** The member edited; none to add one. */
  id?: number;
  /** Their name, for the title. */
  name?: string;
  offices: OfficeOption[];
  roles: readonly RoleOption[];
  open: boolean;
  onClose: () => void;
  afterClose?: () => void;
  /** After a successful save (the list reloads). */
  onSaved: () => void;
}

export function StaffDialog({ id, name, offices, roles, open, onClose, afterClose, onSaved }: Props) {
  const t = useTranslate();
  const locale = useLocale();
  const [form] = Form.useForm<StaffFormValues>();
  const isEdit = id !== undefined;
  const { detail, isLoading } = useStaffDetail(id);
  const telephoneCheck = useTelephoneCheck(id);
  const { mutateAsync, mutation } = useCustomMutation<BaseRecord, HttpError, StaffPayload & { grantsVersion?: number }>();
  const previewer = useGrantPreview();
  const [initialValues] = useState(() => (isEdit ? undefined : newStaffValues()));
  // The account's version is that of its `userCenter`; the form is refilled whenever the detail is read.
  const versions = useRecordConflict<StaffDetail>({
    record: isEdit ? detail : undefined,
    form,
    isSaving: mutation.isPending,
    formValues: staffFormValues,
    lines: (read, current, typed) => staffConflictLines(read, current, typed, { offices, roles, rolesLabel: t('staff.field.roles') }, locale),
    versionOf: (account) => versionOf(account.userCenter),
    isRecord: (current) => typeof current.userCenter === 'object' && current.userCenter !== null,
    followsRecord: true,
  });

  useEffect(() => {
    if (detail) form.setFields(Object.entries(staffFormValues(detail)).map(([name, value]) => ({ name, value })));
  }, [detail, form]);

  // Messages already shown follow a change of language.
  useEffect(() => {
    const shown = form.getFieldsError().filter((f) => f.errors.length > 0).map((f) => f.name);
    if (shown.length) form.validateFields(shown).catch(() => undefined);
  }, [locale, form]);

  /** The change of roles an edit makes, if it makes one (a new account's roles change nobody else's reach). */
  const roleChange = (values: StaffFormValues): GrantChange | undefined => {
    if (!isEdit || !detail) return undefined;
    const wanted = [...new Set(values.roleIds ?? [])].sort((a, b) => a - b);
    const held = roleIdList(detail.roleIds).sort((a, b) => a - b);
    return wanted.join(',') === held.join(',') ? undefined : { kind: 'userRoles', userId: id, roleIds: wanted };
  };

  const save = async (values: StaffFormValues) => {
    const change = roleChange(values);
    // Roles changed: first who gains and loses what; the save comes with the next confirmation.
    if (change && !previewer.preview) {
      await previewer.run(change);
      return;
    }
    const payload = staffPayload(values, id);
    const version = versions.version();
    if (isEdit && version !== undefined) payload.userCenter[VERSION_FIELD] = version;
    try {
      await mutateAsync({
        url: callUrl(STAFF_CALLS.saveOrUpdate),
        method: 'post',
        values: change ? { ...payload, ...previewer.versionParam } : payload,
        successNotification: () => ({ message: t('messages.operationSuccessful'), type: 'success' }),
        // A stale save, or grants changed since the preview: said in the dialog itself.
        errorNotification: (error) => (staleRecordOf(error) || isChangedSincePreview(error) ? false : { message: error?.message || t('notifications.error'), type: 'error' }),
      });
      onSaved();
      onClose();
    } catch (error) {
      if (change && (await previewer.onSaveRefused(error, change))) return;
      // Refused: its per-field messages go under the fields (the toast shows the server's msg).
      if (!versions.onRefused(error, values)) form.setFields(staffServerErrors(error));
    }
  };

  return (
    <FormDialog
      form={form}
      open={open}
      width={880}
      title={isEdit ? t('staff.dialog.edit', { name: name ?? '' }) : t('staff.dialog.create')}
      okText={previewer.preview ? grantPreviewTexts.saveAfterPreview[locale] : t('buttons.save')}
      cancelText={t('buttons.cancel')}
      confirmLoading={mutation.isPending || previewer.isPreviewing}
      okButtonProps={{ disabled: isLoading }}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={afterClose}
      destroyOnHidden
      styles={{ body: { maxHeight: 'calc(100vh - 240px)', overflowY: 'auto', overflowX: 'hidden', paddingRight: 8 } }}
    >
      {versions.notice}
      <Spin spinning={isLoading}>
        <Form
          form={form}
          layout="horizontal"
          // Room for the longest label with its asterisk on one line in Chinese ('* 紧急联系人电话：'),
          // two at most in English ('Emergency contact phone').
          labelCol={{ flex: locale === 'en-US' ? '150px' : '136px' }}
          labelWrap
          disabled={isLoading}
          initialValues={initialValues}
          onFinish={save}
          // What was previewed is no longer what would be saved.
          onValuesChange={(changed: Partial<StaffFormValues>) => 'roleIds' in changed && previewer.clear()}
          scrollToFirstError
          name={isEdit ? 'user-edit' : 'user-create'}
          className="staff-dialog"
        >
          <IdentitySection locale={locale} isEdit={isEdit} telephoneCheck={telephoneCheck} />
          <PersonalSection locale={locale} />
          <AddressSection locale={locale} item="censusRegion" />
          <AddressSection locale={locale} item="liveRegion" />
          <EducationSection locale={locale} />
          <WorkSection locale={locale} offices={offices} roles={roles} />
        </Form>
      </Spin>
      {/* Below the roles it follows from, where the user just was. */}
      {previewer.preview ? <LazyGrantPreviewPanel preview={previewer.preview} notice={previewer.notice} /> : null}
    </FormDialog>
  );
}
