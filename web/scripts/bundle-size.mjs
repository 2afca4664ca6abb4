// Reports the gzipped JS and CSS each key route downloads on first load, from
// Vite's manifest, and fails when the public store page passes its budget
// (DESIGN.md section 12: ≤ 130 KB JS, ≤ 15 KB CSS, gzipped).
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist')
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'))

// Loaded on every page.
const everyPage = ['index.html']
// Loaded right after the entry on every page but the customer's (app/routes/root-layout.tsx):
// the toaster is lazy so sonner stays out of the entry chunk.
const toaster = 'src/components/ui/toaster.tsx'

const routes = [
  { name: '/login', modules: ['src/app/routes/auth/login.tsx', toaster] },
  { name: '/store/{slug}', modules: ['src/app/routes/public/store.tsx', 'src/app/routes/public/loaders.ts'], budget: { js: 130 * 1024, css: 15 * 1024 } },
  { name: '/dashboard', modules: ['src/app/routes/dashboard/layout.tsx', 'src/app/routes/dashboard/home.tsx', toaster] },
  // The charts (recharts) load with this page only.
  { name: '/dashboard/reports', modules: ['src/app/routes/dashboard/layout.tsx', 'src/app/routes/dashboard/reports.tsx', toaster] },
]

/** Every file a manifest entry pulls in through static imports. */
function closure(keys) {
  const files = new Set()
  const seen = new Set()
  const visit = (key) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk) throw new Error(`bundle-size: ${key} is not in the Vite manifest`)
    files.add(chunk.file)
    for (const css of chunk.css ?? []) files.add(css)
    for (const dep of chunk.imports ?? []) visit(dep)
  }
  keys.forEach(visit)
  return files
}

const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length
const kb = (n) => `${(n / 1024).toFixed(1)} KB`

let failed = false
console.log('route               JS (gzip)   CSS (gzip)')
for (const r of routes) {
  const files = closure([...everyPage, ...r.modules])
  let js = 0
  let css = 0
  for (const f of files) {
    if (f.endsWith('.js')) js += gz(f)
    else if (f.endsWith('.css')) css += gz(f)
  }
  let note = ''
  if (r.budget) {
    const over = []
    if (js > r.budget.js) over.push(`JS over ${kb(r.budget.js)}`)
    if (css > r.budget.css) over.push(`CSS over ${kb(r.budget.css)}`)
    note = over.length ? `  FAIL: ${over.join(', ')}` : `  (budget ${kb(r.budget.js)} / ${kb(r.budget.css)})`
    failed ||= over.length > 0
  }
  console.log(`${r.name.padEnd(19)} ${kb(js).padStart(9)}  ${kb(css).padStart(10)}${note}`)
}
if (failed) process.exit(1)
