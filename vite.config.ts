import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 8080}`;

/**
 * @refinedev/antd's MarkdownField imports react-markdown and remark-gfm at the top of its bundle.
 * The console never renders markdown, but those packages do not declare themselves free of side
 * effects, so the bundler would keep their whole module graph (about 45 KB gzipped) in every
 * screen that uses a @refinedev/antd hook. Everything reached from them is declared side-effect
 * free, so an unused import of them drops out entirely (a used one would still be bundled).
 */
function markdownWithoutSideEffects(): Plugin {
  const roots = new Set(['react-markdown', 'remark-gfm']);
  const marked = new Set<string>();
  return {
    name: 'markdown-without-side-effects',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!roots.has(source) && !(importer && marked.has(importer))) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external) return resolved;
      marked.add(resolved.id);
      return { ...resolved, moduleSideEffects: false };
    },
  };
}

export default defineConfig({
  plugins: [react(), markdownWithoutSideEffects()],
  build: {
    outDir: 'dist',
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1024,
    rollupOptions: {
      // Refine core imports these for CSV export and inflection, which the console does not use;
      // @refinedev/antd's DateField imports dayjs with a plugin (the staff dialog's dates still
      // bundle dayjs where they use it: none of these has side effects).
      treeshake: { moduleSideEffects: (id: string) => (/node_modules\/(papaparse|pluralize|dayjs)\//.test(id) ? false : undefined) },
    },
  },
  server: {
    port: 5173,
    proxy: { '/base': apiTarget, '/healthz': apiTarget, '/v2': apiTarget, '/admin': apiTarget, '/siteuser': apiTarget },
  },
});
