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

type Node = { type: string; start: number; [key: string]: unknown };
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** Where each call of an expression starts, outside the functions it defines (their calls run later, if ever). */
function callStarts(node: Node, starts: Set<number>): void {
  if (/Function|Class/.test(node.type)) return;
  if (node.type === 'CallExpression' || node.type === 'NewExpression') starts.add(node.start);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type') continue;
    for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) callStarts(child, starts);
  }
}

/**
 * main/common files define zod schemas beside the constants and helpers the renderer uses, and a schema is
 * often built from another (`addressSchema.nullish()`), a call the bundler cannot tell is free of effects.
 * Nothing in main/common acts when it loads (its top-level declarations only build values), so the calls of
 * each top-level declaration are marked pure: a declaration the renderer never reads is dropped, and with
 * the last schema a view uses, zod itself. A schema used on a boundary (a lazily loaded check) stays.
 */
function pureCommonDeclarations(): Plugin {
  return {
    name: 'cow-desk-pure-common-declarations',
    transform: {
      filter: { id: /[\\/]main[\\/]common[\\/].*\.ts$/ },
      handler(code) {
        const starts = new Set<number>();
        for (const statement of (this.parse(code) as unknown as { body: Node[] }).body) {
          const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
          if (isNode(declaration) && declaration.type === 'VariableDeclaration') callStarts(declaration, starts);
        }
        if (starts.size === 0) return null;
        let marked = code;
        for (const start of [...starts].sort((a, b) => b - a)) marked = `${marked.slice(0, start)}/* @__PURE__ */ ${marked.slice(start)}`;
        // The marks shift columns on their own lines only (map: null keeps the map); the renderer ships no source maps.
        return { code: marked, map: null };
      },
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
    plugins: [svelte(), cspMeta(), pureCommonDeclarations()],
    build: {
      outDir: 'out/renderer',
      // Minified with oxc, Vite's own minifier (the first view's JS: 5 KB gzip less than esbuild's); each view is its
      // own chunk (renderer/src/shell/views.ts imports them on first show, or when idle).
      minify: 'oxc',
      cssMinify: true,
      rollupOptions: {
        input: { index: resolve('renderer/index.html'), preview: resolve('renderer/preview.html') },
      },
    },
  },
});
