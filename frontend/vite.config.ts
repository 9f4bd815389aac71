import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appShellList, precompress } from './vite-precompress';

// The backend serves the API and Socket.IO on one origin; in development Vite proxies both to it.
const backendOrigin = process.env.TREBLE_BACKEND_ORIGIN ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    // The router plugin must run before the React plugin: it generates src/routeTree.gen.ts from
    // src/routes and rewrites each route file so its components load as separate chunks.
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      autoCodeSplitting: true,
    }),
    react(),
    // Brotli and gzip copies of the built files, which the server sends as they are.
    // The list of built files the service worker keeps for offline use.
    appShellList(),
    precompress(),
  ],
  resolve: {
    // Consume the shared contracts from source so the web app needs no contracts build.
    alias: {
      '@treble/contracts': fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url)),
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backendOrigin, changeOrigin: true },
      '/socket.io': { target: backendOrigin, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: backendOrigin, changeOrigin: true },
      '/socket.io': { target: backendOrigin, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What the entry loads before its first render in one file, not some thirty small ones
          // (each a request with its own headers on a phone's first visit); the pages' own code
          // stays in chunks loaded on demand.
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
});
