/**
 * Menu/permission management (SPEC §2.9–2.11): the directory tree of a sub-system, the page
 * elements of the chosen directory, the API elements of the chosen page element; add, edit and
 * delete in each column. The sub-system is kept in the address (`?appId=`).
 */
import { useTranslate } from '@refinedev/core';
import { Col, Row } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { PermissionNode } from '../../contract/menu';
import { useLocale } from '../../providers/locale';
import type { PageProps } from '../../src/routing/pageProps';
import { useResourceAccess } from '../generic/useResourceAccess';
import { deleteQuestion, type DeleteTarget } from './confirmations';
import { DirectoryPanel } from './DirectoryPanel';
import type { ElementKind, ElementRow } from './elements';
import { ElementPanel } from './ElementPanel';
import type { ElementPlace } from './payload';
import { canAddApi, chosenAppId, pageElementBlocker, type DialogAction } from './selection';
import { findNode } from './tree';
import { DIRECTORY_RESOURCE, ELEMENT_RESOURCE, readingOfApp, useApps, useDeleteNode, useDirectoryTree, useElements } from './usePermissionData';
import './permission.css';

// The dialogs (Modal, Form, TreeSelect, Radio) load on first use; pointing at a button that opens
// one starts the download.
const loadDirectoryDialog = () => import('./DirectoryDialog');
const loadElementDialog = () => import('./ElementDialog');
const loadConfirm = () => import('../generic/DeleteConfirm');
const DirectoryDialog = lazy(() => loadDirectoryDialog().then((m) => ({ default: m.DirectoryDialog })));
const ElementDialog = lazy(() => loadElementDialog().then((m) => ({ default: m.ElementDialog })));
const DeleteConfirm = lazy(() => loadConfirm().then((m) => ({ default: m.DeleteConfirm })));
const prefetchDialogs = () => {
  void loadDirectoryDialog();
  void loadElementDialog();
  void loadConfirm();
};

/** Access control asks about this resource: page elements `permission:create|edit|delete`. */
export const PERMISSION_RESOURCE = 'permission';

type Dialog =
  | { kind: 'directory'; action: DialogAction; node?: PermissionNode; open: boolean }
  | { kind: 'element'; element: ElementKind; action: DialogAction; place: ElementPlace; record?: ElementRow; open: boolean }
  | { kind: 'delete'; target: DeleteTarget; open: boolean };

/** What the user picked, remembered with the app it was picked in (another app starts afresh). */
interface Picked {
  appId?: number;
  directoryId?: number;
  pageElementId?: number;
}

export default function PermissionPage({ route }: PageProps) {
  const t = useTranslate();
  const locale = useLocale();
  const access = useResourceAccess({ name: PERMISSION_RESOURCE });
  const [searchParams, setSearchParams] = useSearchParams();
  const [picked, setPicked] = useState<Picked>({});
  const [dialog, setDialog] = useState<Dialog>();

  // Sub-system: from the address, else the first; written back so a reload or a shared link keeps it.
  const { apps, isLoading: appsLoading, isError: appsFailed } = useApps();
  const queryAppId = searchParams.get('appId');
  const appId = chosenAppId(appsLoading || appsFailed ? undefined : apps, queryAppId);
  const showApp = useCallback(
    (id: number) =>
      setSearchParams(
        (params) => {
          params.set('appId', String(id));
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  useEffect(() => {
    if (appId !== undefined && queryAppId !== String(appId)) showApp(appId);
  }, [appId, queryAppId, showApp]);

  // Types, buttons and radios follow the reading of the sub-system's tree (contract/menu.ts).
  const reading = readingOfApp(apps, appId);
  // The selection follows the data: a deleted directory or row simply is no longer found.
  const directoryTree = useDirectoryTree(appId, reading);
  const current = picked.appId === appId ? picked : {};
  const directory = findNode(directoryTree.tree, current.directoryId);
  const pages = useElements('page', directory?.id);
  const pageElement = directory ? pages.rows.find((row) => row.id === current.pageElementId) : undefined;
  const apis = useElements('api', pageElement?.id);

  const removeDirectory = useDeleteNode(DIRECTORY_RESOURCE);
  const removeElement = useDeleteNode(ELEMENT_RESOURCE);

  const closeDialog = () => setDialog((shown) => shown && { ...shown, open: false });
  const forgetDialog = () => setDialog(undefined);

  const pageBlocker = pageElementBlocker(directory, reading);
  const elementPlace = (kind: ElementKind): ElementPlace | undefined => {
    const parent = kind === 'page' ? directory : pageElement;
    if (!parent || appId === undefined) return undefined;
    return { appId: Number(parent.appId) || appId, parentId: parent.id };
  };
  const openElementDialog = (kind: ElementKind, action: DialogAction, record?: ElementRow) => {
    const place = elementPlace(kind);
    if (place) setDialog({ kind: 'element', element: kind, action, place, record, open: true });
  };
  const reloadElements = (kind: ElementKind) => (kind === 'page' ? pages.refetch() : apis.refetch());

  /** Deletes what the confirmation names, then reloads its column ('删除成功' comes with the call). */
  const remove = async (target: DeleteTarget) => {
    if (target.kind === 'directory') {
      await removeDirectory(target.node.id);
      await directoryTree.refetch();
    } else {
      await removeElement(target.row.id);
      await reloadElements(target.element);
    }
  };
  const question = dialog?.kind === 'delete' ? deleteQuestion(dialog.target) : undefined;

  return (
    <div className="permission-page" aria-label={route.title} role="region">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8} xxl={6}>
          <DirectoryPanel
            locale={locale}
            reading={reading}
            access={access}
            apps={apps}
            appsLoading={appsLoading}
            appId={appId}
            onAppChange={(id) => {
              setPicked({ appId: id });
              showApp(id);
            }}
            tree={directoryTree.tree}
            treeLoading={directoryTree.isFetching}
            treeError={directoryTree.isError ? directoryTree.error?.message || t('notifications.error') : undefined}
            selected={directory}
            onSelect={(id) => setPicked({ appId, directoryId: id })}
            onAdd={() => setDialog({ kind: 'directory', action: 'create', node: directory, open: true })}
            onEdit={(node) => setDialog({ kind: 'directory', action: 'edit', node, open: true })}
            onDelete={(node) => setDialog({ kind: 'delete', target: { kind: 'directory', node }, open: true })}
            onIntent={prefetchDialogs}
          />
        </Col>
        <Col xs={24} lg={16} xxl={8}>
          <ElementPanel
            kind="page"
            locale={locale}
            reading={reading}
            access={access}
            context={directory ? t('permission.pages.of', { name: directory.name }) : undefined}
            addBlocker={pageBlocker && t(pageBlocker === 'topLevel' ? 'permission.pages.topLevel' : 'permission.pages.noDirectory')}
            rows={directory ? pages.rows : []}
            loading={!!directory && pages.isFetching}
            error={pages.isError ? pages.error?.message : undefined}
            selectedId={pageElement?.id}
            onSelect={(id) => setPicked({ ...current, appId, pageElementId: id })}
            onAdd={() => openElementDialog('page', 'create')}
            onEdit={(row) => openElementDialog('page', 'edit', row)}
            onDelete={(row) => setDialog({ kind: 'delete', target: { kind: 'element', element: 'page', row }, open: true })}
            onIntent={prefetchDialogs}
          />
        </Col>
        <Col xs={24} xxl={10}>
          <ElementPanel
            kind="api"
            locale={locale}
            reading={reading}
            access={access}
            context={pageElement ? t('permission.apis.of', { name: pageElement.name }) : undefined}
            addBlocker={canAddApi(pageElement) ? undefined : t('permission.apis.noPage')}
            rows={pageElement ? apis.rows : []}
            loading={!!pageElement && apis.isFetching}
            error={apis.isError ? apis.error?.message : undefined}
            onAdd={() => openElementDialog('api', 'create')}
            onEdit={(row) => openElementDialog('api', 'edit', row)}
            onDelete={(row) => setDialog({ kind: 'delete', target: { kind: 'element', element: 'api', row }, open: true })}
            onIntent={prefetchDialogs}
          />
        </Col>
      </Row>
      <Suspense fallback={null}>
        {dialog?.kind === 'directory' && appId !== undefined ? (
          <DirectoryDialog
            action={dialog.action}
            appId={appId}
            apps={apps}
            node={dialog.node}
            open={dialog.open}
            onClose={closeDialog}
            afterClose={forgetDialog}
            onSaved={(savedApp) => {
              if (savedApp !== appId) showApp(savedApp);
              else void directoryTree.refetch();
            }}
          />
        ) : null}
        {dialog?.kind === 'element' ? (
          <ElementDialog
            kind={dialog.element}
            action={dialog.action}
            place={dialog.place}
            record={dialog.record}
            open={dialog.open}
            onClose={closeDialog}
            afterClose={forgetDialog}
            onSaved={() => void reloadElements(dialog.element)}
          />
        ) : null}
        {dialog?.kind === 'delete' && question ? (
          <DeleteConfirm
            open={dialog.open}
            content={t(question.key, question.params)}
            onConfirm={() => remove(dialog.target)}
            onClose={closeDialog}
            afterClose={forgetDialog}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
