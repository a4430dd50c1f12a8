/**
 * When a browser test fails, every page it left open is photographed into .e2e/failures/ and the
 * dialogs on screen are named in the output: a failure on a loaded CI machine can then be read
 * afterwards instead of guessed.
 */
import { mkdirSync } from 'node:fs';
import { afterEach } from 'vitest';
import { openPages } from './browser';

const DIR = '.e2e/failures';

afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  mkdirSync(DIR, { recursive: true });
  const name = task.name.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 80);
  let index = 0;
  for (const page of openPages) {
    index += 1;
    try {
      const dialogs = await page.locator('.ant-modal-wrap:visible .ant-modal-title').allTextContents();
      console.error(`[failure] ${task.name} · page ${index} ${page.url()} · dialogs on screen: ${JSON.stringify(dialogs)}`);
      await page.screenshot({ path: `${DIR}/${name}-${index}.png`, fullPage: true, timeout: 5000 });
    } catch {
      // A page that cannot answer any more has nothing to show.
    }
  }
});
