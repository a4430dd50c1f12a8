/** The rule set as uap-core's regexes.yaml: published rules first (newest first), then uap-core's own. */
import { dump } from 'js-yaml';
import type { UapRule } from '../../contract/ua';
import type { PublishedRule } from './repository';
import { readBaseYaml, RULE_KINDS, YAML_KEYS, type RegexesYaml } from './ruleSet';

export function exportRegexesYaml(published: readonly PublishedRule[]): string {
  const base = readBaseYaml();
  const ours = (kind: PublishedRule['kind']): UapRule[] => published.filter((r) => r.kind === kind).map((r) => r.rule);
  const yaml = Object.fromEntries(RULE_KINDS.map((kind) => [YAML_KEYS[kind], [...ours(kind), ...base[YAML_KEYS[kind]]]])) as unknown as RegexesYaml;
  return dump(yaml, { lineWidth: -1 });
}
