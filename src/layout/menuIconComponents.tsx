/**
 * Menu icons by the name a menu stores (`setting`, `appstore`, …; `SettingOutlined`,
 * `el-icon-setting` are read too). The names are the contract's (contract/menuIcons.ts: the menu
 * dialog's picker and the server's check read the same list); each icon is imported from its own
 * file, never the icon set.
 */
import ApartmentOutlined from '@ant-design/icons/es/icons/ApartmentOutlined';
import AppstoreOutlined from '@ant-design/icons/es/icons/AppstoreOutlined';
import BarChartOutlined from '@ant-design/icons/es/icons/BarChartOutlined';
import BookOutlined from '@ant-design/icons/es/icons/BookOutlined';
import ClusterOutlined from '@ant-design/icons/es/icons/ClusterOutlined';
import DashboardOutlined from '@ant-design/icons/es/icons/DashboardOutlined';
import DollarOutlined from '@ant-design/icons/es/icons/DollarOutlined';
import ExperimentOutlined from '@ant-design/icons/es/icons/ExperimentOutlined';
import EyeOutlined from '@ant-design/icons/es/icons/EyeOutlined';
import FileTextOutlined from '@ant-design/icons/es/icons/FileTextOutlined';
import HomeOutlined from '@ant-design/icons/es/icons/HomeOutlined';
import IdcardOutlined from '@ant-design/icons/es/icons/IdcardOutlined';
import MenuOutlined from '@ant-design/icons/es/icons/MenuOutlined';
import MobileOutlined from '@ant-design/icons/es/icons/MobileOutlined';
import PartitionOutlined from '@ant-design/icons/es/icons/PartitionOutlined';
import SafetyOutlined from '@ant-design/icons/es/icons/SafetyOutlined';
import SettingOutlined from '@ant-design/icons/es/icons/SettingOutlined';
import TableOutlined from '@ant-design/icons/es/icons/TableOutlined';
import TeamOutlined from '@ant-design/icons/es/icons/TeamOutlined';
import ToolOutlined from '@ant-design/icons/es/icons/ToolOutlined';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import type { ComponentType } from 'react';
import { menuIconName, type MenuIconName } from '../../contract/menuIcons';

/** A component for every name of the contract's list, and for nothing else. */
const ICONS: Readonly<Record<MenuIconName, ComponentType>> = {
  apartment: ApartmentOutlined,
  appstore: AppstoreOutlined,
  barchart: BarChartOutlined,
  book: BookOutlined,
  chart: BarChartOutlined,
  cluster: ClusterOutlined,
  dashboard: DashboardOutlined,
  dictionary: BookOutlined,
  dollar: DollarOutlined,
  experiment: ExperimentOutlined,
  eye: EyeOutlined,
  filetext: FileTextOutlined,
  home: HomeOutlined,
  idcard: IdcardOutlined,
  menu: MenuOutlined,
  mobile: MobileOutlined,
  organization: ApartmentOutlined,
  partition: PartitionOutlined,
  peoples: TeamOutlined,
  role: SafetyOutlined,
  safety: SafetyOutlined,
  setting: SettingOutlined,
  system: SettingOutlined,
  table: TableOutlined,
  team: TeamOutlined,
  tool: ToolOutlined,
  tree: ClusterOutlined,
  user: UserOutlined,
};

/** The icon a menu names, or nothing when the name is unknown. */
export function MenuIcon({ name }: { name: string | null | undefined }) {
  const known = menuIconName(name);
  const Icon = known && ICONS[known];
  return Icon ? <Icon /> : null;
}

/** For antd Menu items: the icon element, or undefined so the item renders without one. */
export function menuIcon(name: string | null | undefined) {
  const known = menuIconName(name);
  const Icon = known && ICONS[known];
  return Icon ? <Icon /> : undefined;
}
