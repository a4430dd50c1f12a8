/**
 * The version a new version of a template is suggested to take: the last number in the version
 * raised by one (`1.0.9` → `1.0.10`, `v2` → `v3`, `2026.11-rc1` → `2026.11-rc2`); none when the
 * version holds no number. Only a suggestion: the publisher types or takes it, and the server still
 * refuses a version the template already has.
 */
export function nextVersion(version: string): string | undefined {
  const match = /^(.*?)(\d+)(\D*)$/.exec(version.trim());
  if (!match) return undefined;
  const [, head, digits, tail] = match;
  const raised = String(BigInt(digits!) + 1n).padStart(digits!.length, '0');
  return `${head}${raised}${tail}`;
}
