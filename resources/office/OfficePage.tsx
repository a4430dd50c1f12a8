/**
 * Organisation management (SPEC §2.7): the tree on the left with add, edit and delete of the
 * chosen node; on the right the chosen node read-only, or the form while adding or editing.
 * Whatever replaces a form with typed work (another node, another add or edit, 取消) asks first.
 */
import { useTranslate } from '@refinedev/core';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/es/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import { Button, Col, Empty, Row, Space } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { OfficeType, type OfficeNode } from '../../contract/entities/office';
import { useLocale } from '../../providers/locale';
import type { PageProps } from '../../src/routing/pageProps';
import { useResourceAccess } from '../generic/useResourceAccess';
import { UnsavedWorkScope, useLeaveGuard } from '../../src/unsavedWork/useUnsavedWork';
import { deleteOfficeQuestion } from './confirmations';
import { OfficeDetails } from './OfficeDetails';
import { OfficeForm } from './OfficeForm';
import { OfficeSection } from './OfficeSection';
import { defaultParentOf, findOffice } from './officeTree';
import { OfficeTreePanel } from './OfficeTreePanel';
import { newOfficeValues } from './payload';
import { OFFICE_RESOURCE, useDeleteOffice, useOfficeTree } from './useOfficeData';
import './office.css';

const loadConfirm = () => import('../generic/DeleteConfirm');
const DeleteConfirm = lazy(() => loadConfirm().then((m) => ({ default: m.DeleteConfirm })));
const prefetchConfirm = () => void loadConfirm();

type Panel = { mode: 'view' } | { mode: 'create'; type: number; parentId?: number } | { mode: 'edit'; node: OfficeNode };

/** The unsaved-work scope of the right-hand form. */
const FORM_SCOPE = 'office-form';

export default function OfficePage({ route }: PageProps) {
  const t = useTranslate();
  const locale = useLocale();
  const access = useResourceAccess({ name: OFFICE_RESOURCE });
  const tree = useOfficeTree();
  const removeOffice = useDeleteOffice();
  const [chosenId, setChosenId] = useState<number>();
  const [panel, setPanel] = useState<Panel>({ mode: 'view' });
  // Counts the panels shown: a form asked for again (after its work was let go) starts empty.
  const [panelCount, setPanelCount] = useState(0);
  const [doomed, setDoomed] = useState<{ node: OfficeNode; open: boolean }>();
  const leave = useLeaveGuard();
  // The form gives way to another panel only once typed work is saved or let go.
  const showPanel = (next: Panel, then?: () => void) =>
    void leave(() => {
      then?.();
      setPanel(next);
      setPanelCount((count) => count + 1);
    }, FORM_SCOPE);
  // The choice follows the data: a deleted node is simply no longer found.
  const chosen = findOffice(tree.tree, chosenId);
  const groupParent = defaultParentOf(tree.tree, chosen);

  const remove = async (node: OfficeNode) => {
    await removeOffice(node.id);
    setPanel({ mode: 'view' });
    await tree.refetch();
  };

  const toolbar =
    access.canCreate || access.canEdit || access.canDelete ? (
      <Space size={8} wrap className="office-toolbar">
        {access.canCreate ? (
          <>
            <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => showPanel({ mode: 'create', type: OfficeType.DEPARTMENT })}>
              {t('office.manage.addDepartment')}
            </Button>
            <Button
              size="small"
              icon={<PlusOutlined />}
              disabled={groupParent === undefined}
              onClick={() => showPanel({ mode: 'create', type: OfficeType.GROUP, parentId: groupParent })}
            >
              {t('office.manage.addGroup')}
            </Button>
          </>
        ) : null}
        {access.canEdit ? (
          <Button size="small" icon={<EditOutlined />} disabled={!chosen} onClick={() => chosen && showPanel({ mode: 'edit', node: chosen })}>
            {t('buttons.edit')}
          </Button>
        ) : null}
        {access.canDelete ? (
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            disabled={!chosen}
            onMouseEnter={prefetchConfirm}
            onFocus={prefetchConfirm}
            onClick={() => chosen && setDoomed({ node: chosen, open: true })}
          >
            {t('buttons.delete')}
          </Button>
        ) : null}
      </Space>
    ) : null;

  const panelTitle =
    panel.mode === 'create' ? t(`office.manage.create.${panel.type}`) : panel.mode === 'edit' ? t('office.manage.edit') : t('office.manage.details');
  const question = doomed ? deleteOfficeQuestion(doomed.node) : undefined;

  return (
    <div className="office-page" aria-label={route.title} role="region">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10} xxl={8}>
          <OfficeTreePanel
            locale={locale}
            tree={tree.tree}
            loading={tree.isFetching}
            error={tree.isError ? tree.error?.message || t('notifications.error') : undefined}
            selectedId={chosen?.id}
            onSelect={(id) => showPanel({ mode: 'view' }, () => setChosenId(id))}
            toolbar={toolbar}
          />
        </Col>
        <Col xs={24} lg={14} xxl={16}>
          <OfficeSection title={panelTitle}>
            {panel.mode === 'view' ? (
              chosen ? (
                <OfficeDetails node={chosen} tree={tree.tree} locale={locale} />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('office.manage.pick')} />
              )
            ) : (
              <UnsavedWorkScope name={FORM_SCOPE}>
                <OfficeForm
                  key={panelCount}
                  action={panel.mode}
                  tree={tree.tree}
                  node={panel.mode === 'edit' ? panel.node : undefined}
                  initialValues={panel.mode === 'create' ? newOfficeValues(panel.type, panel.parentId) : undefined}
                  onSaved={(id) => {
                    if (id !== undefined) setChosenId(id);
                    setPanel({ mode: 'view' });
                    void tree.refetch();
                  }}
                  onCancel={() => showPanel({ mode: 'view' })}
                />
              </UnsavedWorkScope>
            )}
          </OfficeSection>
        </Col>
      </Row>
      <Suspense fallback={null}>
        {doomed && question ? (
          <DeleteConfirm
            open={doomed.open}
            content={t(question.key, question.params)}
            onConfirm={() => remove(doomed.node)}
            onClose={() => setDoomed({ ...doomed, open: false })}
            afterClose={() => setDoomed(undefined)}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
