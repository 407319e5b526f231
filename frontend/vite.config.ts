import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: {
    // X's counting (shared/platforms/xTextParser.ts) imports twitter-text; in the browser its
    // stand-in loads the library on demand, when the wizard counts for X (docs/decisions.md).
    alias: [{ find: /^.*\/xTextParser$/, replacement: fileURLToPath(new URL('../shared/platforms/xTextParser.onDemand.ts', import.meta.url)) }],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        // zod and the module that configures it (plain messages, no eval probe, which the CSP
        // would report) share one chunk, so the configuration runs before any other chunk
        // defines or parses a schema, whatever order the lazy pages load in.
        codeSplitting: { groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]|shared[\\/]api[\\/]plainMessages\.ts/ }] },
      },
    },
  },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
