/**
 * Function info of a role (SPEC §2.12): what the role can do in its app, read only: the
 * directories, buttons and APIs it holds, in the tree's shape, with a button that opens the role
 * authorisation dialog (when the caller may use it).
 */
import { useTranslate } from '@refinedev/core';
import SafetyCertificateOutlined from '@ant-design/icons/es/icons/SafetyCertificateOutlined';
import { Alert, Button, Empty, Modal, Spin, Tree, Typography, type TreeDataNode } from 'antd';
import { useMemo } from 'react';
import type { MenuReading, PermissionNode } from '../../contract/menu';
import type { RowActionDialogProps } from '../generic/rowActions';
import { countKinds, grantedTree, keyOf } from './grantTree';
import { PermissionNodeTitle } from './PermissionNodeTitle';
import { usePermissionTree } from './usePermissionTree';

/** The row action that opens the authorisation dialog (the role definition's `rowActions`). */
export const AUTHORIZE_ACTION = 'authorize';

function treeData(nodes: readonly PermissionNode[], reading: MenuReading): TreeDataNode[] {
  return nodes.map((node) => ({ key: keyOf(node), title: <PermissionNodeTitle node={node} reading={reading} />, children: treeData(node.children, reading) }));
}

export default function RoleFunctionInfoDialog({ record, open, onClose, afterClose, openAction, canOpen }: RowActionDialogProps) {
  const t = useTranslate();
  const { tree, reading, isLoading, error } = usePermissionTree(record);
  const granted = useMemo(() => grantedTree(tree), [tree]);
  const data = useMemo(() => treeData(granted, reading), [granted, reading]);
  const counts = useMemo(() => countKinds(granted), [granted]);
  const ready = !isLoading && !error;

  const footer = [
    canOpen(AUTHORIZE_ACTION) ? (
      <Button key="authorize" type="primary" icon={<SafetyCertificateOutlined />} onClick={() => openAction(AUTHORIZE_ACTION)}>
        {t('role.info.authorize')}
      </Button>
    ) : null,
    <Button key="close" onClick={onClose}>
      {t('role.info.close')}
    </Button>,
  ];

  return (
    <Modal
      open={open}
      width={640}
      title={t('role.info.title', { name: String(record.name ?? '') })}
      footer={footer}
      onCancel={onClose}
      afterClose={afterClose}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon message={t('role.tree.loadFailed', { message: error.message })} /> : null}
      {isLoading ? (
        <div style={{ textAlign: 'center', padding: 32 }}>
          <Spin />
        </div>
      ) : null}
      {ready && granted.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('role.info.empty')} /> : null}
      {ready && granted.length > 0 ? (
        <>
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 12px' }}>
            {t('role.info.counts', { ...counts })}
          </Typography.Paragraph>
          <div style={{ maxHeight: '60vh', overflow: 'auto' }} tabIndex={0}>
            <Tree selectable={false} defaultExpandAll showLine treeData={data} />
          </div>
        </>
      ) : null}
    </Modal>
  );
}
