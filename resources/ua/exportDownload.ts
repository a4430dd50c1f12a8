/** Downloads the rule set as uap-core's regexes.yaml (GET /v2/ua/export: a file, not an envelope). */
import { callUrl, UA_CALLS } from '../../contract/paths';
import { TOKEN_HEADER } from '../../contract/session';
import { readToken } from '../../providers/session';

export async function exportRegexesYaml(): Promise<void> {
  const answer = await fetch(callUrl(UA_CALLS.export), { headers: { [TOKEN_HEADER]: readToken() ?? '' } });
  if (!answer.ok) return;
  const url = URL.createObjectURL(await answer.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: 'regexes.yaml' });
  link.click();
  URL.revokeObjectURL(url);
}
