import { useTranslate } from '@refinedev/core';
import { Descriptions } from 'antd';
import { officeEntity, OfficeType, type OfficeNode } from '../../contract/entities/office';
import type { Locale } from '../../contract/i18n';
import { officeTypeLabel, parentName } from './officeTree';

interface Props {
  node: OfficeNode;
  tree: readonly OfficeNode[];
  locale: Locale;
}

/** A node, read-only (SPEC §2.7: clicking a node shows it). */
export function OfficeDetails({ node, tree, locale }: Props) {
  const t = useTranslate();
  const { type, parentId, name, remark } = officeEntity.fields;
  const empty = t('common.empty');
  const items = [
    { key: 'type', label: type.label[locale], children: officeTypeLabel(node.type, locale) },
    {
      key: 'parentId',
      label: parentId.label[locale],
      children: node.type === OfficeType.GROUP ? (parentName(tree, node) ?? empty) : t('office.manage.topLevel'),
    },
    { key: 'name', label: name.label[locale], children: node.name },
    { key: 'remark', label: remark.label[locale], children: node.remark || empty },
  ];
  return <Descriptions className="office-details" column={1} bordered size="small" items={items} />;
}
