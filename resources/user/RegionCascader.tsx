/**
 * Province / city / district picker over the bundled region tree. The tree (a few hundred KB) is
 * its own chunk, fetched the first time a picker mounts and shared by every picker after that.
 */
import { Cascader, Spin } from 'antd';
import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { text, type Locale } from '../../contract/i18n';
import { loadRegions, type RegionNode } from '../../contract/regions';
import { useLocale } from '../../providers/locale';

export interface RegionCascaderProps {
  /** Codes of province, city, district; a shorter path is a partial choice. */
  value?: readonly (string | null | undefined)[] | null;
  onChange?: (codes: string[]) => void;
  placeholder?: string;
  id?: string;
  disabled?: boolean;
  style?: CSSProperties;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-required'?: boolean | 'true' | 'false';
}

interface RegionOption {
  value: string;
  label: string;
  /** Chinese and English names, lower case: search finds 杭州 by "hangzhou" in either language. */
  search: string;
  children?: RegionOption[];
}

const PLACEHOLDER = text('请选择省 / 市 / 区', 'Province / City / District');
const LOAD_FAILED = text('地区数据加载失败，请重新打开', 'Could not load the regions; open the list again to retry');

let shared: Promise<RegionNode[]> | null = null;

// One fetch for all pickers; a failed one is forgotten so the next attempt fetches again.
function regions(): Promise<RegionNode[]> {
  shared ??= loadRegions().catch((error: unknown) => {
    shared = null;
    throw error;
  });
  return shared;
}

function toOptions(nodes: readonly RegionNode[], locale: Locale): RegionOption[] {
  return nodes.map((node) => ({
    value: node.region_code,
    label: locale === 'en-US' && node.region_name_en ? node.region_name_en : node.region_name,
    search: `${node.region_name} ${node.region_name_en}`.toLowerCase(),
    children: node.children.length > 0 ? toOptions(node.children, locale) : undefined,
  }));
}

// The leading codes that are set: [p, '', ''] is the province alone.
function pathOf(value: RegionCascaderProps['value']): string[] {
  const path: string[] = [];
  for (const code of value ?? []) {
    if (!code) break;
    path.push(code);
  }
  return path;
}

const searchFilter = (input: string, path: RegionOption[]) => {
  const needle = input.trim().toLowerCase();
  return path.some((option) => option.search.includes(needle));
};

export function RegionCascader({ value, onChange, placeholder, disabled, style, ...rest }: RegionCascaderProps) {
  const locale = useLocale();
  const [tree, setTree] = useState<RegionNode[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    regions().then(
      (data) => live && setTree(data),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  const options = useMemo(() => (tree ? toOptions(tree, locale) : []), [tree, locale]);
  const loading = !tree && !failed;

  return (
    <Cascader<RegionOption>
      {...rest}
      // Allowed on no role its plain root div has (axe: aria-allowed-attr); its label's mark says it.
      aria-required={undefined}
      style={{ width: '100%', ...style }}
      options={options}
      // Codes are meaningless until the tree is there: show the placeholder, not "330000 / 330100".
      value={tree ? pathOf(value) : []}
      onChange={(codes) => onChange?.((codes ?? []).map(String))}
      changeOnSelect
      showSearch={{ filter: searchFilter }}
      allowClear
      disabled={disabled}
      loading={loading}
      placeholder={placeholder ?? PLACEHOLDER[locale]}
      notFoundContent={loading ? <Spin size="small" /> : failed ? LOAD_FAILED[locale] : undefined}
      onOpenChange={(open) => {
        if (open && failed) {
          setFailed(false);
          setAttempt((n) => n + 1);
        }
      }}
    />
  );
}
