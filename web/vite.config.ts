import { fileURLToPath, URL } from 'node:url'

import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const api = 'http://127.0.0.1:8080'

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      // Rules whose one home is the server's domain package, read by both (e.g. status_changes.json).
      '@domain': fileURLToPath(new URL('../internal/domain', import.meta.url)),
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    // dist/.gitkeep must survive: the Go binary embeds dist/ and the placeholder keeps
    // `go build` working before the first web build. scripts/clean-dist.js empties the rest.
    emptyOutDir: false,
    // dist/.vite/manifest.json feeds scripts/bundle-size.mjs (make bundle-size).
    manifest: true,
    target: 'es2022',
    sourcemap: false,
  },
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/files': { target: api, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/files': { target: api, changeOrigin: false },
    },
  },
})
