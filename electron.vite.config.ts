import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'electron-vite';
import { basename, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { contentSecurityPolicy } from './main/common/security/csp';

/**
 * Writes the CSP into each page as a <meta> as well, from the same function the
 * app:// protocol and the loopback bridge use for the header: defence in depth,
 * and visible to anyone (or any scanner) reading the shipped HTML. Only the
 * loopback preview page may connect, to the origin that served it.
 */
function cspMeta(): Plugin {
  return {
    name: 'cow-desk-csp-meta',
    transformIndexHtml(html, context) {
      const policy = contentSecurityPolicy(basename(context.filename) === 'preview.html' ? "'self'" : "'none'", 'meta');
      return html.replace('<head>', `<head>\n    <meta http-equiv="Content-Security-Policy" content="${policy}" />`);
    },
  };
}

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // viem and zod (and what they pull in, TypeScript included) are bundled, tree-shaken, into
      // out/main; electron-builder.yml leaves their node_modules folders out of the package.
      externalizeDeps: { exclude: ['viem', 'zod'] },
      // The store's writer thread is its own entry: main/core/store/store-writer.ts starts it from out/main/writer-thread.js;
      // so is the signer process, which main/electron/signer-launcher.ts starts from out/main/signer-process.js.
      rollupOptions: {
        input: {
          index: resolve('main/electron/index.ts'),
          'writer-thread': resolve('main/core/store/writer-thread.ts'),
          'signer-process': resolve('main/core/signer/process/signer-process.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve('preload/index.ts') },
        // A sandboxed preload cannot be an ES module.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'renderer',
    plugins: [svelte(), cspMeta()],
    build: {
      outDir: 'out/renderer',
      // Minified; each view is its own chunk (renderer/src/shell/views.ts imports them on first show, or when idle).
      minify: 'esbuild',
      cssMinify: true,
      rollupOptions: {
        input: { index: resolve('renderer/index.html'), preview: resolve('renderer/preview.html') },
        // Building a zod schema has no effect beyond the schema: one the renderer never uses is dropped with
        // the rest of its module's unused code (main/common files define schemas beside helpers and constants).
        treeshake: { manualPureFunctions: ['z'] },
      },
    },
  },
});
