import { Menu, type MenuProps } from 'antd';
import { Link } from 'react-router';
import type { SideItem } from '../routing/navigation';
import { menuIcon } from './menuIconComponents';

type Item = Required<MenuProps>['items'][number];

function toItem(item: SideItem): Item {
  // The full title on hover: long ones ('Organisation management') end in an ellipsis at 210 px.
  const link = item.path ? (
    <Link to={item.path} title={item.title}>
      {item.title}
    </Link>
  ) : (
    <span title={item.title}>{item.title}</span>
  );
  if (item.children.length === 0) return { key: item.key, icon: menuIcon(item.icon), label: link };
  // A page that also has sub-pages opens as a group whose first entry is the page itself.
  const children = item.children.map(toItem);
  if (item.path) children.unshift({ key: item.path, label: link });
  return { key: `group:${item.key}`, icon: menuIcon(item.icon), label: item.title, children };
}

/** Group keys on the way to the selected page, so its group starts open. */
function ancestorsOf(items: readonly SideItem[], selected: string | undefined, trail: string[] = []): string[] {
  for (const item of items) {
    if (item.path === selected && trail.length) return trail;
    const found = ancestorsOf(item.children, selected, [...trail, `group:${item.key}`]);
    if (found.length) return found;
  }
  return [];
}

interface Props {
  items: readonly SideItem[];
  selectedKey: string | undefined;
}

/** The sidebar: the menus of the selected top-bar entry. */
export function SideMenu({ items, selectedKey }: Props) {
  return (
    <Menu
      mode="inline"
      className="console-sider__menu"
      selectedKeys={selectedKey ? [selectedKey] : []}
      defaultOpenKeys={ancestorsOf(items, selectedKey)}
      items={items.map(toItem)}
    />
  );
}
