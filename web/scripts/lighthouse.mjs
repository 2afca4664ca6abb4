// Lighthouse (mobile: emulated mid-range phone, simulated slow 4G) on the public store page,
// against the targets of DESIGN.md section 12. It starts the built binary on a scratch
// SQLite database, opens a store the way an owner would (logo, three professionals with
// photos, six services, Pix) through the API, audits /store/{slug} and prints the scores.
//
//   make build && node web/scripts/lighthouse.mjs [runs]
//
// Lighthouse is a pinned dev dependency (web/package.json). CHROME_PATH picks the browser
// (Debian's Chromium by default); LIGHTHOUSE_SUMMARY=file.json also writes the figures there
// (e2e/lighthouse.spec.ts runs it that way in make test).
import { spawn, execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'

const LIGHTHOUSE_CLI = join(import.meta.dirname, '..', 'node_modules', 'lighthouse', 'cli', 'index.js')
const LIGHTHOUSE_VERSION = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'node_modules', 'lighthouse', 'package.json'), 'utf8')).version
const root = join(import.meta.dirname, '..', '..')
const runs = Number(process.argv[2] ?? 3)
const port = 20000 + Math.floor(Math.random() * 20000)
const base = `http://127.0.0.1:${port}`
const dir = mkdtempSync(join(tmpdir(), 'agendo-lighthouse-'))
// The terms an owner accepts at sign-up: the only value the server's document allows.
const TERMS_VERSION = JSON.parse(readFileSync(join(root, 'docs', 'openapi.json'), 'utf8')).components.schemas.SignUpInput.properties
  .acceptedTerms.enum?.[0]
if (!TERMS_VERSION) throw new Error('lighthouse: docs/openapi.json names no terms version (SignUpInput.acceptedTerms)')

// A 8×8 PNG: the server decodes and re-encodes it like any photo.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAgklEQVR4nAXBEQIAIAxA0Z1rHMdxHEfBIByG4TDctf4dek+WshVXjnKVUJ6SiqzCLnjhFG4hCq+QBVmVXfHKqdxKVF4lK7Iau+GN07iNaLxGNmR1dsc7p3M70Xmd7Mga7IEPzuAOYvAGOZA12ROfnMmdxORNciLL2IYbx7hGGM9I4wOYi3iByhBHhAAAAABJRU5ErkJggg==',
  'base64',
)

// Only what the server needs: no SMTP settings from the caller's shell, so no email leaves.
const server = spawn(process.env.AGENDO_BIN ?? join(root, 'bin', 'agendo'), ['serve'], {
  env: { PATH: process.env.PATH, HOME: process.env.HOME, AGENDO_DATABASE_URL: join(dir, 'agendo.db'), AGENDO_ADDR: `127.0.0.1:${port}` },
  stdio: 'ignore',
})
const keepReports = process.env.KEEP_REPORTS === '1' // leave the JSON reports in the temp folder
process.on('exit', () => {
  server.kill()
  if (!keepReports) rmSync(dir, { recursive: true, force: true })
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130))

async function api(method, path, token, body) {
  const init = { method, headers: token ? { Authorization: `Bearer ${token}` } : {} }
  if (body instanceof FormData) init.body = body
  else if (body !== undefined) {
    init.body = JSON.stringify(body)
    init.headers['Content-Type'] = 'application/json'
  }
  const res = await fetch(base + path, init)
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return res.status === 204 ? null : res.json()
}

async function upload(token, kind) {
  const form = new FormData()
  form.set('kind', kind)
  form.set('file', new Blob([PNG], { type: 'image/png' }), `${kind}.png`)
  return (await api('POST', '/api/v1/files', token, form)).url
}

async function openStore() {
  for (let i = 0; ; i++) {
    const ready = await fetch(`${base}/readyz`).then(
      (res) => res.ok,
      () => false,
    )
    if (ready) break
    if (i > 100) throw new Error(`agendo did not become ready at ${base}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  const { session } = await api('POST', '/api/v1/auth/signup', null, {
    name: 'Paula Reis',
    email: 'paula@example.com',
    password: 'corte-e-escova-2026',
    acceptedTerms: TERMS_VERSION,
  })
  const token = session.accessToken
  const store = await api('GET', '/api/v1/store', token)
  const keep = ['phone', 'bookingFlow', 'heroGradient', 'workingHours', 'socialMedia']
  const saved = await api('PUT', '/api/v1/store', token, {
    ...Object.fromEntries(keep.map((k) => [k, store[k]])),
    name: 'Studio Bela Vida',
    description: 'Cortes, coloração e cuidados com a pele no centro de Campinas. Atendimento com hora marcada.',
    address: 'Rua das Flores, 10 - Centro, Campinas - SP',
    logo: await upload(token, 'logo'),
    timeZone: 'America/Sao_Paulo',
    minNoticeMin: 60,
    horizonDays: 60,
    paymentSettings: {
      acceptedMethods: ['pix', 'cash', 'credit_card', 'debit_card'],
      pixKey: 'pix@studiobela.com.br',
      pixKeyType: 'email',
      pixReceiverName: 'Paula Reis',
      pixCity: 'Campinas',
    },
  })
  const ids = []
  for (const [name, role, specialties] of [
    ['Ana Lima', 'Cabeleireira', ['Corte', 'Coloração']],
    ['Bruno Alves', 'Barbeiro', ['Barba', 'Corte masculino']],
    ['Carla Souza', 'Esteticista', ['Limpeza de pele']],
  ]) {
    const photos = [await upload(token, 'photo'), await upload(token, 'photo')]
    const p = await api('POST', '/api/v1/professionals', token, {
      name,
      role,
      specialties,
      calendarType: 'app',
      workingHours: null,
      bookingInterval: 30,
      googleCalendarEmbed: null,
      photos,
      commissionPct: 0,
    })
    ids.push(p.id)
  }
  for (const [name, duration, price] of [
    ['Corte feminino', 60, 8900],
    ['Corte masculino', 30, 4500],
    ['Barba', 30, 3500],
    ['Coloração', 120, 18000],
    ['Escova', 45, 6000],
    ['Limpeza de pele', 90, 15000],
  ]) {
    await api('POST', '/api/v1/services', token, { name, description: '', duration, price, professionalIds: ids })
  }
  return saved.slug
}

console.log('lighthouse: opening a store on', base)
const slug = await openStore()
console.log('lighthouse: auditing', slug)
const url = `${base}/store/${slug}`
const results = []

/** runLighthouse runs Lighthouse once on the store page, writing its report to out. */
function runLighthouse(out) {
  execFileSync(
    process.execPath,
    [
      LIGHTHOUSE_CLI,
      url,
      '--quiet',
      ...(process.env.LIGHTHOUSE_THROTTLING ? [`--throttling-method=${process.env.LIGHTHOUSE_THROTTLING}`] : []),
      '--only-categories=performance,accessibility,best-practices,seo',
      '--output=json',
      `--output-path=${out}`,
      '--chrome-flags=--headless=new --no-sandbox',
    ],
    { stdio: 'inherit', env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' } },
  )
}

for (let i = 0; i < runs; i++) {
  const out = join(dir, `report-${i}.json`)
  // Lighthouse sometimes fails to record the page load's trace (NO_NAVSTART) on a busy machine:
  // such a run is tried again, twice at most, before the audit fails.
  for (let attempt = 1; ; attempt++) {
    try {
      runLighthouse(out)
      break
    } catch (error) {
      if (attempt === 3) throw error
      console.log(`lighthouse: run ${attempt} failed to record the page, trying again`)
    }
  }
  const report = JSON.parse(readFileSync(out, 'utf8'))
  const a = report.audits
  results.push({
    performance: Math.round(report.categories.performance.score * 100),
    accessibility: Math.round(report.categories.accessibility.score * 100),
    'best-practices': Math.round(report.categories['best-practices'].score * 100),
    seo: Math.round(report.categories.seo.score * 100),
    'FCP s': (a['first-contentful-paint'].numericValue / 1000).toFixed(2),
    'LCP s': (a['largest-contentful-paint'].numericValue / 1000).toFixed(2),
    'TBT ms': Math.round(a['total-blocking-time'].numericValue),
    CLS: a['cumulative-layout-shift'].numericValue.toFixed(3),
    'bytes KB': (a['total-byte-weight'].numericValue / 1024).toFixed(0),
  })
  for (const [id, audit] of Object.entries(a)) {
    if (audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && i === runs - 1) {
      console.log(`  below 90: ${id} — ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`)
    }
  }
}
console.log(`Lighthouse ${LIGHTHOUSE_VERSION}, mobile, ${url}, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`)
console.table(results)
if (process.env.LIGHTHOUSE_SUMMARY) {
  writeFileSync(process.env.LIGHTHOUSE_SUMMARY, JSON.stringify({ version: LIGHTHOUSE_VERSION, loadavg: loadavg(), runs: results }, null, 2))
}
if (keepReports) console.log(`reports in ${dir}`)
process.exit(0) // the server child would keep the event loop alive
