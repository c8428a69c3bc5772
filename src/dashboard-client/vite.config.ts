import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

/** Built by `npm run build` into the repository's dist/dashboard, served at /dashboard. */
export default defineConfig({
  base: '/dashboard/',
  build: {
    outDir: '../../dist/dashboard',
    emptyOutDir: true,
    target: 'es2022',
    // Everything as files of its own: the Content-Security-Policy allows no inline code.
    assetsInlineLimit: 0,
    rolldownOptions: {
      // React Server Components' "use client" marks mean nothing in a client-only bundle.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  plugins: [precompress()],
  // `npm run dev -w src/dashboard-client` beside `npm start`: the dev server forwards the API.
  server: { proxy: { '/graphql': 'http://127.0.0.1:3000' } },
});
