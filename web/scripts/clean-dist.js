// Empties dist/ before a build while keeping dist/.gitkeep, the committed placeholder
// that lets the Go binary embed dist/ (//go:embed all:dist) on a fresh clone.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const dist = join(import.meta.dirname, '..', 'dist')
mkdirSync(dist, { recursive: true })
for (const name of readdirSync(dist)) {
  if (name !== '.gitkeep') rmSync(join(dist, name), { recursive: true, force: true })
}
writeFileSync(join(dist, '.gitkeep'), '')
