import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 8080}`;

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1024,
    rollupOptions: {
      // Refine core imports these for CSV export and inflection, which the console does not use.
      treeshake: { moduleSideEffects: (id: string) => (/node_modules\/(papaparse|pluralize)\//.test(id) ? false : undefined) },
    },
  },
  server: {
    port: 5173,
    proxy: { '/base': apiTarget, '/healthz': apiTarget },
  },
});
