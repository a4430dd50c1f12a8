/** The staff dialog's sections (SPEC §3 Staff): identity, personal, the two addresses, education, work. */
import { useTranslate } from '@refinedev/core';
import { Col, Form, Select } from 'antd';
import { FormRadioGroup, FormTreeSelect } from '../generic/formChoices';
import { staffEntity } from '../../contract/entities/staff';
import type { Locale } from '../../contract/i18n';
import { uniqueRule } from '../generic/keyCheck';
import type { KeyCheck } from '../generic/keyCheck';
import { roleEndMessages } from '../../contract/roleEnds';
import { RegionCascader } from './RegionCascader';
import { RoleEndsInput, roleEndsRule } from './RoleEndsInput';
import { ChoiceItem, DateItem, Section, StaffItem, TextItem } from './StaffItem';
import { regionRule, type RegionItem } from './staffForm';
import type { OfficeOption } from './staffList';
import type { RoleOption } from './useStaffData';

interface SectionProps {
  locale: Locale;
}

export function IdentitySection({ locale, isEdit, telephoneCheck }: SectionProps & { isEdit: boolean; telephoneCheck: KeyCheck }) {
  const t = useTranslate();
  const duplicate = staffEntity.unique[0]?.duplicate[locale] ?? '';
  return (
    <Section title={t('staff.section.identity')}>
      <TextItem name="name" locale={locale} />
      {/* The employee code is the login name: fixed once the account exists. */}
      <TextItem name="code" locale={locale} disabled={isEdit} />
      <TextItem name="telephone" locale={locale} rules={[uniqueRule(telephoneCheck, duplicate)]} />
      <ChoiceItem name="sex" locale={locale} />
      <DateItem name="birthday" locale={locale} />
      <ChoiceItem name="nation" locale={locale} />
      <TextItem name="card" locale={locale} />
    </Section>
  );
}

export function PersonalSection({ locale }: SectionProps) {
  const t = useTranslate();
  return (
    <Section title={t('staff.section.personal')}>
      <ChoiceItem name="marriageStatus" locale={locale} />
      <TextItem name="email" locale={locale} />
      <TextItem name="crashName" locale={locale} />
      <TextItem name="crashPhone" locale={locale} />
    </Section>
  );
}

const ADDRESS_OF: Record<RegionItem, 'censusAddress' | 'liveAddress'> = { censusRegion: 'censusAddress', liveRegion: 'liveAddress' };
const TITLE_OF: Record<RegionItem, string> = { censusRegion: 'staff.section.census', liveRegion: 'staff.section.live' };

/** Province, city and district in one picker (a shorter choice clears the levels below), then the street address. */
export function AddressSection({ locale, item }: SectionProps & { item: RegionItem }) {
  const t = useTranslate();
  const label = t(`staff.field.${item}`);
  return (
    <Section title={t(TITLE_OF[item])}>
      <Col xs={24} md={12}>
        <Form.Item name={item} label={label} required rules={[regionRule(item, locale)]}>
          <RegionCascader />
        </Form.Item>
      </Col>
      <TextItem name={ADDRESS_OF[item]} locale={locale} />
    </Section>
  );
}

export function EducationSection({ locale }: SectionProps) {
  const t = useTranslate();
  return (
    <Section title={t('staff.section.education')}>
      <TextItem name="graduatedSchool" locale={locale} />
      <TextItem name="specialty" locale={locale} />
      <ChoiceItem name="education" locale={locale} />
      <DateItem name="graduatedTime" locale={locale} />
    </Section>
  );
}

export function WorkSection({ locale, offices, roles }: SectionProps & { offices: OfficeOption[]; roles: readonly RoleOption[] }) {
  const t = useTranslate();
  const form = Form.useFormInstance();
  const chosenIds: number[] = Form.useWatch('roleIds', form) ?? [];
  const chosen = chosenIds.map((id) => roles.find((role) => role.id === id)).filter((role): role is RoleOption => role !== undefined);
  const officeLabel = staffEntity.fields.officeId.label[locale];
  const rolesLabel = t('staff.field.roles');
  return (
    <Section title={t('staff.section.work')}>
      <StaffItem name="officeId" locale={locale}>
        <FormTreeSelect
          allowClear
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
          placeholder={t('resources.placeholder.select', { label: officeLabel })}
          treeData={offices}
        />
      </StaffItem>
      <TextItem name="position" locale={locale} />
      <TextItem name="grade" locale={locale} />
      <StaffItem name="isEnable" locale={locale}>
        <FormRadioGroup options={staffEntity.fields.isEnable.options?.map((o) => ({ value: o.value, label: o.label[locale] }))} />
      </StaffItem>
      <Col span={24}>
        <Form.Item name="roleIds" label={rolesLabel}>
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            placeholder={t('resources.placeholder.select', { label: rolesLabel })}
            options={roles.map((role) => ({ value: role.id, label: role.name }))}
          />
        </Form.Item>
      </Col>
      {chosen.length > 0 && (
        <Col span={24}>
          {/* An optional end per chosen role; checked again whenever the roles change. */}
          <Form.Item name="roleEnds" label={roleEndMessages.label[locale]} dependencies={['roleIds']} rules={[roleEndsRule(locale, () => form.getFieldValue('roleIds') ?? [])]}>
            <RoleEndsInput roles={chosen} locale={locale} />
          </Form.Item>
        </Col>
      )}
    </Section>
  );
}
