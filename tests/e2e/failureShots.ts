/**
 * When a browser test fails, every page it left open is photographed into .e2e/failures/, and its
 * dialogs, messages and unanswered calls are written to the output and to summary.txt: a failure
 * on a loaded CI machine can then be read afterwards instead of guessed.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { afterEach } from 'vitest';
import { openPages, pendingCalls } from './browser';

const DIR = '.e2e/failures';

afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  mkdirSync(DIR, { recursive: true });
  const name = task.name.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 80);
  let index = 0;
  for (const page of openPages) {
    index += 1;
    try {
      const dialogs = await page.locator('.ant-modal-wrap:visible .ant-modal-content').allInnerTexts();
      const toasts = await page.locator('.ant-message-notice:visible, .ant-notification-notice:visible').allInnerTexts();
      const now = Date.now();
      const unanswered = [...(pendingCalls.get(page) ?? [])].map(([request, sent]) => `${request.method()} ${request.url()} (${Math.round((now - sent) / 1000)} s)`);
      const line = `[failure] ${task.name} · page ${index} ${page.url()} · dialogs: ${JSON.stringify(dialogs)} · messages: ${JSON.stringify(toasts)} · unanswered calls: ${JSON.stringify(unanswered)}`;
      console.error(line);
      // scripts/e2e.sh prints this file after a failed suite, where the end of CI's output shows it.
      appendFileSync(`${DIR}/summary.txt`, `${line}\n`);
      await page.screenshot({ path: `${DIR}/${name}-${index}.png`, fullPage: true, timeout: 5000 });
    } catch {
      // A page that cannot answer any more has nothing to show.
    }
  }
});
