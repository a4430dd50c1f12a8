import { useTranslate } from '@refinedev/core';
import { Form, Input } from 'antd';
import { FormRadioGroup, FormSelect, FormTreeSelect } from '../generic/formChoices';
import { FormDialog } from '../generic/FormDialog';
import type { RuleObject } from 'antd/es/form';
import { useEffect, useMemo, useRef, useState } from 'react';
import { directoryEntity } from '../../contract/entities/menu';
import { isDirectoryType, isTopLevelType, readingRules, topDirectoryType, walkTree, type MenuType, type PermissionNode } from '../../contract/menu';
import { isMenuPathTaken, MENU_PATH_DUPLICATE } from '../../contract/menuRules';
import { useLocale } from '../../providers/locale';
import { IconPicker } from './IconPicker';
import { entityConflictLines } from '../generic/conflict';
import { serverFieldErrors } from '../generic/serverErrors';
import { useRecordConflict } from '../generic/useVersionedSave';
import { EntityFormItem, entityField } from './EntityFormItem';
import { directoryFormValues, directoryPayload, newDirectoryValues, type FormValues } from './payload';
import { typeChoices, type DialogAction } from './selection';
import { childrenOf, isValidParent, nextSort, parentForType, parentOptions } from './tree';
import { menuTypeLabel } from './labels';
import { DIRECTORY_RESOURCE, readingOfApp, useDirectory, useDirectoryTree, useIsHomeTaken, useSaveNode, type AppOption } from './usePermissionData';

const FIELDS = Object.keys(directoryEntity.fields);

interface Props {
  action: DialogAction;
  /** The sub-system the page shows: the default of the dialog's own selector. */
  appId: number;
  apps: readonly AppOption[];
  /** Adding: the directory chosen in the tree (the default parent). Editing: the directory edited. */
  node?: PermissionNode;
  open: boolean;
  onClose: () => void;
  afterClose?: () => void;
  /** After a successful save, with the sub-system saved to. */
  onSaved: (appId: number) => void;
}

/**
 * The menu dialog (SPEC §2.10): type, sub-system, parent node, name, sort, path, access address,
 * icon. The type radios and where each type may go are those of the chosen sub-system's reading
 * of menu types (contract/menu.ts: A navigation / menu / home, B top-level directory / directory).
 * An edit sends the version its detail was read at; a save refused because someone else changed the
 * node since keeps what was typed and shows their values beside it (useRecordConflict).
 */
export function DirectoryDialog({ action, appId, apps, node, open, onClose, afterClose, onSaved }: Props) {
  const t = useTranslate();
  const locale = useLocale();
  const [form] = Form.useForm<FormValues>();
  const editId = action === 'edit' ? node?.id : undefined;
  const { record, isLoading } = useDirectory(editId);
  const { save, isSaving } = useSaveNode(DIRECTORY_RESOURCE);

  const chosenApp = Form.useWatch('appId', form) as number | undefined;
  const menuType = Form.useWatch('menuType', form) as MenuType | undefined;
  const reading = readingOfApp(apps, chosenApp ?? appId);
  const { homeType } = readingRules[reading];
  const { tree } = useDirectoryTree(chosenApp ?? appId, reading);
  const isHomeTaken = useIsHomeTaken(chosenApp ?? appId, reading, action === 'create');

  // The first values, fixed when the dialog opens: the edited node (the tree's copy until its
  // detail arrives), or the defaults for where the user is in the tree.
  const [initialValues] = useState<FormValues>(() =>
    action === 'edit' && node ? directoryFormValues(node) : newDirectoryValues(tree, appId, reading, node),
  );

  // Filled from the detail once: a later reading (after a refused save) leaves what was typed.
  const isFilled = useRef(false);
  useEffect(() => {
    if (!record || isFilled.current) return;
    isFilled.current = true;
    form.setFields(Object.entries(directoryFormValues(record)).map(([name, value]) => ({ name, value })));
  }, [record, form]);
  const versions = useRecordConflict<PermissionNode>({
    record,
    form,
    isSaving,
    formValues: directoryFormValues,
    lines: (read, current, typed) =>
      entityConflictLines(directoryEntity, FIELDS, { read: directoryFormValues(read), current: directoryFormValues(current), typed }, locale, (field, value) => {
        if (field === 'menuType') return menuTypeLabel(Number(value) as MenuType, reading, locale);
        if (field === 'appId') return apps.find((app) => app.id === Number(value))?.name;
        if (field === 'parentId') return [...walkTree(tree)].find((n) => n.id === Number(value))?.name;
        return undefined;
      }),
  });

  // A home chosen before the app turned out to have one: say so at once.
  useEffect(() => {
    if (isHomeTaken && form.getFieldValue('menuType') === homeType) form.validateFields(['menuType']).catch(() => undefined);
  }, [isHomeTaken, homeType, form]);

  // Messages already shown follow a change of language.
  useEffect(() => {
    const shown = form.getFieldsError().filter((f) => f.errors.length > 0).map((f) => f.name);
    if (shown.length) form.validateFields(shown).catch(() => undefined);
  }, [locale, form]);

  const originalParent = action === 'edit' ? node?.parentId : undefined;
  const typeOptions = typeChoices({ reading, action, current: node?.menuType, isHomeTaken }).map(({ value, disabled }) => ({
    value,
    disabled,
    label: menuTypeLabel(value, reading, locale),
  }));
  const parents = useMemo(
    () => parentOptions(tree, menuType, { reading, rootTitle: t('permission.tree.rootTitle'), excludeId: editId }),
    [tree, menuType, reading, editId, t],
  );
  const isTopLevel = menuType !== undefined && isTopLevelType(reading, menuType);

  const homeRule: RuleObject = {
    validator: async (_rule, value) => {
      if (action === 'create' && Number(value) === homeType && isHomeTaken) throw new Error(t('permission.form.homeTaken'));
    },
  };
  // The server checks it too (a menu saved meanwhile); here it shows before the save.
  const pathRule: RuleObject = {
    validator: async (_rule, value) => {
      const app = form.getFieldValue('appId') as number | undefined;
      if (typeof value !== 'string' || app === undefined) return;
      if (isMenuPathTaken([...walkTree(tree)], { appId: Number(app), path: value, id: editId }, reading)) throw new Error(MENU_PATH_DUPLICATE[locale]);
    },
  };
  const parentRule: RuleObject = {
    validator: async (_rule, value) => {
      if (action === 'edit' && Number(value) === originalParent) return;
      if (!isValidParent(tree, form.getFieldValue('menuType') as MenuType | undefined, value, reading, editId)) throw new Error(t('permission.form.parentInvalid'));
    },
  };

  /** Keeps the type (in the app's reading), the parent and, while untouched, the sort number in step with the type and the app. */
  const onValuesChange = (changed: FormValues) => {
    let parentId = changed.parentId;
    if ('menuType' in changed || 'appId' in changed) {
      // Another app's tree is not loaded yet: a menu's parent is picked again there, in its reading.
      const isNewApp = 'appId' in changed;
      const typesOf = isNewApp ? readingOfApp(apps, Number(changed.appId)) : reading;
      let type = form.getFieldValue('menuType') as MenuType | undefined;
      if (type !== undefined && !isDirectoryType(typesOf, type)) {
        type = topDirectoryType(typesOf);
        form.setFieldValue('menuType', type);
      }
      parentId = parentForType(isNewApp ? [] : tree, type, isNewApp ? undefined : form.getFieldValue('parentId'), typesOf, action === 'create' ? node : undefined, editId);
      form.setFieldValue('parentId', parentId);
      if (parentId !== undefined) form.validateFields(['parentId']).catch(() => undefined);
    }
    if (parentId !== undefined && action === 'create' && !form.isFieldTouched('sort')) {
      form.setFieldValue('sort', String(nextSort(childrenOf(tree, Number(parentId)))));
    }
  };

  const submit = async (values: FormValues) => {
    try {
      await save(versions.withVersion(directoryPayload(values, locale, editId)));
      onSaved(Number(values.appId));
      onClose();
    } catch (error) {
      if (versions.onRefused(error, values)) return;
      // The server refused: its per-field messages go under the fields (the toast shows its msg).
      form.setFields(serverFieldErrors(error, FIELDS));
    }
  };

  const placeholder = (name: string) => t('resources.placeholder.input', { label: entityField(directoryEntity, name).label[locale] });
  return (
    <FormDialog
      form={form}
      open={open}
      title={t(`permission.dialog.directory.${action}`)}
      okText={t('buttons.save')}
      cancelText={t('buttons.cancel')}
      confirmLoading={isSaving}
      okButtonProps={{ disabled: isLoading }}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={afterClose}
      destroyOnHidden
    >
      {versions.notice}
      <Form
        form={form}
        name={`permission-directory-${action}`}
        layout="horizontal"
        labelCol={{ flex: '110px' }}
        labelWrap
        className="permission-form"
        disabled={isLoading}
        initialValues={initialValues}
        onValuesChange={onValuesChange}
        onFinish={submit}
      >
        <EntityFormItem entity={directoryEntity} name="menuType" locale={locale} rules={[homeRule]}>
          <FormRadioGroup options={typeOptions} />
        </EntityFormItem>
        <EntityFormItem entity={directoryEntity} name="appId" locale={locale}>
          <FormSelect
            disabled={action === 'edit'}
            showSearch
            optionFilterProp="label"
            options={apps.map((app) => ({ value: app.id, label: app.name }))}
            placeholder={t('permission.apps.placeholder')}
          />
        </EntityFormItem>
        <EntityFormItem entity={directoryEntity} name="parentId" locale={locale} rules={[parentRule]} dependencies={['menuType']}>
          <FormTreeSelect
            // undefined, not false: false would open it while the form waits for the detail, which then replaces the choice.
            disabled={isTopLevel || undefined}
            treeData={parents}
            treeDefaultExpandAll
            showSearch
            treeNodeFilterProp="title"
            placeholder={t('resources.placeholder.select', { label: entityField(directoryEntity, 'parentId').label[locale] })}
          />
        </EntityFormItem>
        <EntityFormItem entity={directoryEntity} name="name" locale={locale}>
          <Input placeholder={placeholder('name')} />
        </EntityFormItem>
        <EntityFormItem entity={directoryEntity} name="sort" locale={locale}>
          <Input inputMode="numeric" placeholder={placeholder('sort')} />
        </EntityFormItem>
        <EntityFormItem entity={directoryEntity} name="path" locale={locale} rules={[pathRule]} dependencies={['appId']}>
          <Input placeholder="/system/example" />
        </EntityFormItem>
        <EntityFormItem entity={directoryEntity} name="url" locale={locale}>
          <Input placeholder={placeholder('url')} />
        </EntityFormItem>
        <EntityFormItem entity={directoryEntity} name="icon" locale={locale}>
          <IconPicker placeholder={t('resources.placeholder.select', { label: entityField(directoryEntity, 'icon').label[locale] })} />
        </EntityFormItem>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </FormDialog>
  );
}
