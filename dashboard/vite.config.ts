// Vite build of the dashboard: `npm run build` (vite build --config dashboard/vite.config.ts)
// writes dashboard/dist, which the server serves at /dashboard (src/http/routes/dashboard.ts).
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const root = decodeURIComponent(new URL('.', import.meta.url).pathname)

export default defineConfig({
  root,
  base: '/dashboard/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  // `npx vite --config dashboard/vite.config.ts` next to `npm run dev`: the API is proxied.
  server: { proxy: { '/v1': 'http://127.0.0.1:8080' } },
})
