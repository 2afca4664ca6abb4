// Lints the API's OpenAPI document with Redocly's recommended rules (the
// validator openapi-typescript itself uses): any error fails; warnings are
// printed and counted.
//
//	node scripts/openapi-lint.mjs ../docs/openapi.json
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

import { createConfig, lintFromString } from '@redocly/openapi-core'

const file = resolve(process.argv[2] ?? '../docs/openapi.json')
const config = await createConfig({ extends: ['recommended'] })
const problems = await lintFromString({ source: readFileSync(file, 'utf8'), absoluteRef: file, config })
let errors = 0
for (const p of problems) {
  if (p.severity === 'error') errors++
  const where = p.location.map((l) => l.pointer).join(', ')
  console.log(`${p.severity}: ${p.ruleId}: ${p.message} (${where})`)
}
console.log(`openapi-lint: ${errors} errors, ${problems.length - errors} warnings in ${file}`)
process.exit(errors > 0 ? 1 : 0)
