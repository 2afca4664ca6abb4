// Writes a .br and a .gz beside every compressible file of the build, so the
// Go server sends compressed bytes without compressing per request
// (internal/httpapi/spa.go picks the variant the browser accepts).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { extname, join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const dist = join(import.meta.dirname, '..', 'dist')
const compressible = new Set(['.js', '.css', '.svg', '.json', '.webmanifest', '.txt'])
const minBytes = 1024 // below this the headers cost more than the saving

let before = 0
let after = 0
for (const name of readdirSync(dist, { recursive: true })) {
  const file = join(dist, name)
  if (name.startsWith('.vite') || !compressible.has(extname(file)) || !statSync(file).isFile()) continue
  const raw = readFileSync(file)
  if (raw.length < minBytes) continue
  const br = brotliCompressSync(raw, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
  })
  writeFileSync(`${file}.br`, br)
  writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }))
  before += raw.length
  after += br.length
}
console.log(`precompress: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`)
