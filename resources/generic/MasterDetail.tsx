import { useTranslate } from '@refinedev/core';
import { Empty } from 'antd';
import { useMemo, useState } from 'react';
import { useLocale } from '../../providers/locale';
import type { ResourceDefinition } from '../define';
import { ResourceList, type Selection } from './ResourceList';
import type { DialogRegistry } from './rowActions';
import type { Row } from './rowTypes';

interface Props {
  master: ResourceDefinition;
  /** A resource whose `parent` names the master. */
  detail: ResourceDefinition;
  /** The menu's title. */
  title: string;
  dialogs?: DialogRegistry;
}

/**
 * Master–detail, from two definitions: the master's list on the left (a row selected, the first
 * once loaded), the selected record's detail rows on the right, added to that record.
 */
export function MasterDetail({ master, detail, title, dialogs }: Props) {
  const t = useTranslate();
  const locale = useLocale();
  const [selected, setSelected] = useState<Row>();
  const selection: Selection = useMemo(() => ({ selected, onSelect: setSelected }), [selected]);
  const masterName = selected && master.labelField ? String(selected[master.labelField] ?? '') : '';
  const detailTitle = masterName ? `${masterName} · ${detail.title[locale]}` : detail.title[locale];

  return (
    <div className="console-page generic-master-detail">
      <div className="generic-master-detail__master">
        <ResourceList definition={master} title={title} dialogs={dialogs} selection={selection} />
      </div>
      <div className="generic-master-detail__detail">
        {selected ? (
          <ResourceList
            // Another master starts its detail list afresh (page 1, no search).
            key={String(selected.id)}
            definition={detail}
            title={detailTitle}
            dialogs={dialogs}
            master={{ field: detail.parent!.field, id: selected.id }}
            heading={<h2 className="generic-master-detail__heading">{detailTitle}</h2>}
          />
        ) : (
          <Empty className="generic-master-detail__empty" description={t('resources.detail.choose', { detail: detail.title[locale] })} />
        )}
      </div>
    </div>
  );
}
