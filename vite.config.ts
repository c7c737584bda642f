import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import type { PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { VitePWA } from 'vite-plugin-pwa';

const BRIDGE_URL = process.env.BRIDGE_URL ?? 'http://localhost:8080';
const isVitest = process.env.VITEST !== undefined;

// Theme colour of the browser chrome and the PWA splash (docs/product-rules.md §2: #f3f5f9).
const THEME_COLOR = '#f3f5f9';

function pwa(): PluginOption {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    // A new deployment asks the buyer before switching (an open cart or checkout must not vanish).
    registerType: 'prompt',
    injectRegister: false,
    injectManifest: {
      // The plugin adds manifest.webmanifest itself; listing it here too would precache it twice.
      globPatterns: ['**/*.{js,css,html,svg,png,ico,txt,woff2}'],
    },
    manifest: {
      name: 'Χονδρική Αγορά — B2B Marketplace',
      short_name: 'Χονδρική Αγορά',
      description: 'Wholesale ordering for companies in Greece',
      lang: 'el',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: THEME_COLOR,
      background_color: THEME_COLOR,
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
      ],
    },
    devOptions: { enabled: false, type: 'module' },
  });
}

/**
 * Build-only replacement of the `unload` package (broadcast-channel's leader election): it listens to the
 * deprecated `unload` event, which also keeps pages out of the back/forward cache. See src/db/vendor/unload.ts.
 */
const pageLifecycleAliases = isVitest
  ? []
  : [{ find: /^unload$/, replacement: fileURLToPath(new URL('./src/db/vendor/unload.ts', import.meta.url)) }];

/**
 * The built index.html carries its own stylesheets inline (`<style data-href="/assets/…css">`, the file
 * they come from) instead of linking them: a linked stylesheet holds back every paint until it arrives,
 * behind the modulepreloaded scripts on a slow connection, and the static shell in #root should appear
 * with the page itself. They stay in <head> where the links were, so the styles of lazy chunks (appended
 * to <head> later) still come after them in the cascade. The bridge allows these <style> elements by
 * their hashes (server/http/static-site.ts). The files are still emitted and precached.
 */
function inlineEntryStyles(): PluginOption {
  return {
    name: 'inline-entry-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        return html.replace(/<link rel="stylesheet"[^>]*\bhref="\/([^"]+\.css)"[^>]*>/g, (link, file: string) => {
          const asset = bundle[file];
          if (asset?.type !== 'asset') throw new Error(`index.html links ${file}, which is not in the bundle`);
          return `<style data-href="/${file}">${String(asset.source).trim()}</style>`;
        });
      },
    },
  };
}

export default defineConfig({
  resolve: { alias: pageLifecycleAliases },
  // The catalogue page worker (src/replication/catalog-page-worker.ts) is a module worker.
  worker: { format: 'es' },
  plugins: [
    react(),
    // Lingui macros (`t`, `<Trans>`, `msg`) are a Babel plugin; plugin-react 6 compiles with oxc, so Babel
    // runs separately and only over our UI sources.
    babel({
      include: [/[\\/]src[\\/]ui[\\/].*\.[jt]sx?$/],
      plugins: ['@lingui/babel-plugin-lingui-macro'],
    }),
    lingui(),
    isVitest ? null : pwa(),
    inlineEntryStyles(),
  ],
  css: {
    // Lightning CSS (a Vite dependency already) instead of PostCSS: it resolves the custom media of
    // src/ui/styles/media.css, so breakpoints are named once (decision 019). CSS Modules keep the class
    // names as written (camelCase), with a hash.
    transformer: 'lightningcss',
    lightningcss: { drafts: { customMedia: true } },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: BRIDGE_URL, changeOrigin: false },
      '/media': { target: BRIDGE_URL, changeOrigin: false },
    },
  },
  preview: { port: 4173 },
  build: {
    target: 'es2022',
    // Maps are written for our own debugging but not referenced from the bundles, and the bridge refuses
    // to serve *.map (server/http/static-site.ts): the published storefront carries no original sources.
    sourcemap: 'hidden',
    // dist/.vite/manifest.json: which chunks and styles each entry and lazy route loads, read by the bundle
    // report (bench/bundle.ts) and the size budget (tests/e2e/bundle-budget.spec.ts). The bridge does not
    // serve it (server/http/static-site.ts) and the service worker does not precache it.
    manifest: true,
    rollupOptions: {
      output: {
        // zod and the module that switches it to jitless form one chunk, which the entry imports first: zod
        // decides at schema construction whether to compile parsers with `new Function` (blocked by the CSP),
        // so no schema may be built before src/ui/csp-safe-zod.ts has run.
        manualChunks: (id) => (/[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]ui[\\/]csp-safe-zod\.ts$/.test(id) ? 'zod' : undefined),
      },
    },
  },
});
