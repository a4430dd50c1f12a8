/**
 * The code of the README's "Add a resource", as a developer would copy it: every ```ts block whose
 * first line names its file (`// contract/entities/notice.ts`) is written to a scratch folder and
 * imported, so a test runs exactly what the README says. A relative import resolves as it would
 * from the named file: to another block of the same step, else to the repository's own module.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface Snippet {
  /** The file the block says it is, from the repository's root. */
  path: string;
  code: string;
  /** The README heading the block sits under (`### …`), to tell the steps apart. */
  step: string;
}

/** The named ```ts blocks of the README section `heading`, in order. */
export function readmeSnippets(heading = '## Add a resource'): Snippet[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`README has no section ${heading}`);
  const end = readme.indexOf('\n## ', start + heading.length + 2);
  const section = readme.slice(start, end < 0 ? undefined : end);
  const snippets: Snippet[] = [];
  let step = '';
  const lines = section.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('### ')) step = line.slice(4).trim();
    const fence = /^(\s*)```ts\s*$/.exec(line);
    if (!fence) continue;
    const indent = fence[1]!.length;
    const body: string[] = [];
    for (i++; i < lines.length && lines[i]!.trim() !== '```'; i++) body.push(lines[i]!.slice(indent));
    const named = /^\/\/ ([\w./-]+\.ts)\s*$/.exec(body[0] ?? '');
    if (named) snippets.push({ path: named[1]!, code: body.slice(1).join('\n'), step });
  }
  return snippets;
}

/**
 * Writes `snippets` below a scratch folder of the repository (vitest compiles what is inside it)
 * and imports each; answers the modules by path and a cleanup.
 */
export async function importSnippets(snippets: readonly Snippet[]): Promise<{ modules: Map<string, Record<string, unknown>>; dispose(): void }> {
  const scratch = join(ROOT, 'tests', '.readme', `${process.pid}-${Math.random().toString(36).slice(2)}`);
  const own = new Set(snippets.map((s) => s.path.replace(/\.ts$/, '')));
  for (const snippet of snippets) {
    const code = snippet.code.replace(/(from\s+['"])(\.{1,2}\/[^'"]+)(['"])/g, (_match, head: string, spec: string, tail: string) => {
      const target = relative(ROOT, resolve(ROOT, dirname(snippet.path), spec));
      const file = own.has(target) ? join(scratch, target) : join(ROOT, target);
      return `${head}${file}${tail}`;
    });
    const file = join(scratch, snippet.path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, code);
  }
  const modules = new Map<string, Record<string, unknown>>();
  for (const snippet of snippets) modules.set(snippet.path, (await import(join(scratch, snippet.path))) as Record<string, unknown>);
  return { modules, dispose: () => rmSync(scratch, { recursive: true, force: true }) };
}
