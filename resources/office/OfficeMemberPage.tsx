/**
 * Organisation directory (SPEC §2.5–2.6): the department tree with its groups on the left, the
 * members of the chosen node on the right with add, remove and the supervisor flag.
 */
import { useTranslate } from '@refinedev/core';
import { Col, Row } from 'antd';
import { useState } from 'react';
import { useLocale } from '../../providers/locale';
import type { PageProps } from '../../src/routing/pageProps';
import { MemberPanel } from './MemberPanel';
import { findOffice } from './officeTree';
import { OfficeTreePanel } from './OfficeTreePanel';
import { useMemberAccess } from './useMemberAccess';
import { useOfficeTree } from './useOfficeData';
import './office.css';

export default function OfficeMemberPage({ route }: PageProps) {
  const t = useTranslate();
  const locale = useLocale();
  const access = useMemberAccess();
  const tree = useOfficeTree();
  const [chosenId, setChosenId] = useState<number>();
  // The choice follows the data: a node deleted elsewhere is simply no longer found.
  const office = findOffice(tree.tree, chosenId);

  return (
    <div className="office-page" aria-label={route.title} role="region">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8} xxl={6}>
          <OfficeTreePanel
            locale={locale}
            tree={tree.tree}
            loading={tree.isFetching}
            error={tree.isError ? tree.error?.message || t('notifications.error') : undefined}
            selectedId={office?.id}
            // Clicking the chosen node again keeps it: the members stay on screen.
            onSelect={setChosenId}
          />
        </Col>
        <Col xs={24} lg={16} xxl={18}>
          <MemberPanel key={office?.id ?? 'none'} office={office} locale={locale} access={access} />
        </Col>
      </Row>
    </div>
  );
}
