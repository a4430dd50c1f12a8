/**
 * Role authorisation (SPEC §2.12, §4): the role's app tree with a checkbox per node, pre-checked
 * with what the role holds; confirming sends the checked nodes plus their half-checked parents as
 * a comma list of permission ids to /rolePermission/save. A refusal (1003: not yours to grant,
 * 1011: the super-admin role) shows the server's message and keeps the dialog open. The save names
 * the role's version (its grants are versioned with it): when someone else changed the role since
 * (1012) the dialog keeps the boxes as checked and shows what each side changed (useRecordConflict).
 * Confirming first previews the change (who gains and loses what, ../grantPreview); confirming
 * again saves it with the previewed grants version, and a change of the tree asks for a new preview.
 */
import { useCustomMutation, useTranslate, type HttpError } from '@refinedev/core';
import SearchOutlined from '@ant-design/icons/es/icons/SearchOutlined';
import { Alert, Button, Empty, Input, Space, Spin, Tree, type TreeDataNode } from 'antd';
import { useEffect, useMemo, useState, type Key } from 'react';
import { walkTree } from '../../contract/menu';
import { SUPER_ADMIN_GRANTS_FIXED, SUPER_ADMIN_ROLE_KEY } from '../../contract/entities/role';
import type { MenuReading, PermissionNode } from '../../contract/menu';
import { callUrl, ROLE_CALLS } from '../../contract/paths';
import { FormDialog } from '../generic/FormDialog';
import type { RowActionDialogProps } from '../generic/rowActions';
import { staleRecordOf, useRecordConflict } from '../generic/useVersionedSave';
import { useLocale } from '../../providers/locale';
import { conductChecked, directoryKeys, initialCheckedKeys, keyOf, parentKeys, permissionIdsParam, searchTree, type TreeSearch } from './grantTree';
import { grantConflictLines, grantKeys, leafKeys } from './grantConflict';
import { PermissionNodeTitle } from './PermissionNodeTitle';
import { usePermissionTree } from './usePermissionTree';
import { LazyGrantPreviewPanel } from '../grantPreview/LazyGrantPreviewPanel';
import { grantPreviewTexts } from '../grantPreview/texts';
import { isChangedSincePreview, useGrantPreview } from '../grantPreview/useGrantPreview';
import type { GrantChange } from '../../contract/grantPreview';

export const ROLE_GRANT_URL = callUrl(ROLE_CALLS.grant);

const HIDDEN = { display: 'none' } as const;

function treeData(nodes: readonly PermissionNode[], reading: MenuReading, search: TreeSearch | undefined): TreeDataNode[] {
  return nodes.map((node) => ({
    key: keyOf(node),
    title: <PermissionNodeTitle node={node} reading={reading} />,
    children: treeData(node.children, reading, search),
    // Hidden rather than left out: antd works out checked parents from the whole tree.
    ...(search && !search.visible.has(keyOf(node)) ? { style: HIDDEN } : {}),
  }));
}

interface Checked {
  checked: Key[];
  halfChecked: Key[];
}

export default function RoleGrantDialog({ record, open, onClose, afterClose }: RowActionDialogProps) {
  const t = useTranslate();
  const locale = useLocale();
  // The super-admin role holds everything and the server refuses any change: show it read-only.
  const isFixed = record.roleKey === SUPER_ADMIN_ROLE_KEY;
  const { tree, reading, isLoading, error } = usePermissionTree(record);
  const [touched, setTouched] = useState<Checked>();
  const [expanded, setExpanded] = useState<Key[]>();
  const [autoExpandParent, setAutoExpandParent] = useState(false);
  const [text, setText] = useState('');
  const { mutateAsync, mutation } = useCustomMutation<Record<string, unknown>, HttpError, Record<string, unknown>>();

  const initial = useMemo<Checked>(() => conductChecked(tree, initialCheckedKeys(tree)), [tree]);
  const current = touched ?? initial;
  const search = useMemo(() => searchTree(tree, text), [tree, text]);
  const data = useMemo(() => treeData(tree, reading, search), [tree, reading, search]);
  const expandedKeys = expanded ?? directoryKeys(tree);
  // A search opens the way to its matches: when it is typed, and again when the tree arrives after
  // it (typed while the tree loaded, it found nothing to open and its matches stayed folded away).
  useEffect(() => {
    if (!search) return;
    setExpanded(search.expanded);
    setAutoExpandParent(true);
  }, [search]);

  // The role as read: its row and the grants the tree showed (every node stored, parents too).
  const read = useMemo(
    () => (isLoading || error ? undefined : { ...record, permissionIds: [...walkTree(tree)].filter((node) => node.checked === true).map((node) => String(node.id)) }),
    [record, tree, isLoading, error],
  );
  const previewer = useGrantPreview();
  const versions = useRecordConflict<Record<string, unknown>>({
    record: read,
    isSaving: mutation.isPending,
    formValues: (role) => ({ permissionIds: role.permissionIds }),
    lines: (before, now, typed) =>
      grantConflictLines(
        tree,
        { read: grantKeys(before.permissionIds), current: grantKeys(now.permissionIds), typed: grantKeys(typed.permissionIds) },
        t('role.grant.changes'),
        locale === 'zh-CN' ? '、' : ', ',
      ),
    resubmit: () => void save(),
    load: (role) => {
      setTouched(conductChecked(tree, leafKeys(tree, grantKeys(role.permissionIds))));
      previewer.clear();
    },
  });

  const save = async () => {
    const permissionIds = permissionIdsParam(tree, current.checked.map(String), current.halfChecked.map(String));
    const change: GrantChange = { kind: 'roleGrants', roleId: Number(record.id), appId: Number(record.appId), permissionIds: permissionIds === '' ? [] : permissionIds.split(',').map(Number) };
    // First who gains and loses what; the save comes with the next confirmation.
    if (!previewer.preview) {
      await previewer.run(change);
      return;
    }
    try {
      await mutateAsync({
        url: ROLE_GRANT_URL,
        method: 'post',
        values: versions.withVersion({ appId: record.appId, roleId: record.id, permissionIds, ...previewer.versionParam }),
        successNotification: () => ({ message: t('messages.authorised'), type: 'success' }),
        // A stale save, or grants changed since the preview: said in the dialog itself.
        errorNotification: (failure) => (staleRecordOf(failure) || isChangedSincePreview(failure) ? false : { message: failure?.message || t('notifications.error'), type: 'error' }),
      });
      onClose();
    } catch (failure) {
      if (await previewer.onSaveRefused(failure, change)) return;
      // A stale save shows both sides; otherwise the server's message is shown. The choice stays for another try.
      versions.onRefused(failure, { permissionIds });
    }
  };

  const ready = !isLoading && !error;
  return (
    <FormDialog
      isDirty={() => touched !== undefined}
      open={open}
      width={640}
      title={t('role.grant.title', { name: String(record.name ?? '') })}
      okText={previewer.preview ? grantPreviewTexts.saveAfterPreview[locale] : grantPreviewTexts.preview[locale]}
      okButtonProps={{ disabled: !ready || tree.length === 0, hidden: isFixed }}
      cancelText={isFixed ? t('buttons.close') : t('buttons.cancel')}
      confirmLoading={mutation.isPending || previewer.isPreviewing}
      onOk={save}
      onCancel={onClose}
      afterClose={afterClose}
      destroyOnHidden
    >
      <Space style={{ width: '100%', justifyContent: 'space-between', margin: '8px 0 12px' }} wrap>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          value={text}
          aria-label={t('role.grant.search')}
          placeholder={t('role.grant.search')}
          style={{ width: 260 }}
          onChange={(event) => setText(event.target.value)}
        />
        <Space size={4}>
          <Button size="small" onClick={() => setExpanded(parentKeys(tree))}>
            {t('role.grant.expandAll')}
          </Button>
          <Button size="small" onClick={() => setExpanded([])}>
            {t('role.grant.collapseAll')}
          </Button>
        </Space>
      </Space>
      {versions.notice}
      {previewer.preview ? <LazyGrantPreviewPanel preview={previewer.preview} notice={previewer.notice} /> : null}
      {isFixed ? <Alert type="info" showIcon message={SUPER_ADMIN_GRANTS_FIXED[locale]} style={{ marginBottom: 12 }} /> : null}
      {error ? <Alert type="error" showIcon message={t('role.tree.loadFailed', { message: error.message })} /> : null}
      {isLoading ? (
        <div style={{ textAlign: 'center', padding: 32 }}>
          <Spin />
        </div>
      ) : null}
      {ready && tree.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('role.grant.empty')} /> : null}
      {ready && search?.visible.size === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('role.grant.noMatch')} /> : null}
      {ready && tree.length > 0 ? (
        <div style={{ maxHeight: '60vh', overflow: 'auto' }} tabIndex={0}>
          <Tree
            checkable
            disabled={isFixed}
            selectable={false}
            treeData={data}
            checkedKeys={current.checked}
            expandedKeys={expandedKeys}
            autoExpandParent={autoExpandParent}
            onExpand={(keys) => {
              setExpanded(keys);
              setAutoExpandParent(false);
            }}
            onCheck={(keys, info) => {
              setTouched({ checked: Array.isArray(keys) ? keys : keys.checked, halfChecked: info.halfCheckedKeys ?? [] });
              // What was previewed is no longer what would be saved.
              previewer.clear();
            }}
          />
        </div>
      ) : null}
    </FormDialog>
  );
}
