import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The dashboard: `vite build web` writes web/dist, which `lookout serve` serves at `/`
 * (hashed files under /assets/ with a year-long cache). For development, `npx vite web`
 * serves it with hot reload and passes /api to a server on LOOKOUT_API (default :3000).
 * JSX is compiled by esbuild (the automatic runtime); no React plugin is needed to build.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  esbuild: { jsx: 'automatic' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    target: 'es2022',
    chunkSizeWarningLimit: 400,
  },
  server: {
    proxy: { '/api': { target: process.env.LOOKOUT_API ?? 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});
