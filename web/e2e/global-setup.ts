import type { FullConfig } from '@playwright/test'
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, openSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { startSMTP } from './smtp-listener'
import { ADMIN_EMAILS, WEBHOOK_SECRET } from './support'

/**
 * Starts the real agendo binary, one per worker, each on a fresh SQLite database of its own
 * (so the workers share no accounts, no admin settings and no rate limits: every request comes
 * from 127.0.0.1), with one real SMTP listener for all; stops them when the run ends. Worker i
 * (its parallelIndex) talks to port E2E_PORT + i (traffic.ts sets its baseURL).
 */
export default async function globalSetup(config: FullConfig) {
  const bin = process.env.AGENDO_BIN
  if (!bin) throw new Error('AGENDO_BIN must point at the built agendo binary (make e2e sets it)')
  const dir = mkdtempSync(join(tmpdir(), 'agendo-e2e-'))
  const mailDir = join(dir, 'mail')
  const smtp = await startSMTP(mailDir)
  process.env.E2E_MAIL_DIR = mailDir

  const first = Number(process.env.E2E_PORT)
  const servers = await Promise.all(
    Array.from({ length: Math.max(1, config.workers) }, (_, i) => startServer(bin, join(dir, `server-${i}`), first + i, smtp.port)),
  )
  console.log(`e2e: ${servers.length} agendo servers from http://127.0.0.1:${first}, data in ${dir}`)

  return async () => {
    for (const server of servers) server.kill('SIGTERM')
    smtp.server.close()
  }
}

/** startServer starts one agendo on `port` with its database and log in `dir`, and waits until it is ready. */
async function startServer(bin: string, dir: string, port: number, smtpPort: number) {
  mkdirSync(dir, { recursive: true })
  const base = `http://127.0.0.1:${port}`
  const log = openSync(join(dir, 'server.log'), 'a')
  const server = spawn(bin, ['serve'], {
    env: {
      ...process.env,
      AGENDO_ADDR: `127.0.0.1:${port}`,
      AGENDO_DATABASE_URL: join(dir, 'agendo.db'),
      AGENDO_BASE_URL: base,
      AGENDO_SMTP_URL: `smtp://127.0.0.1:${smtpPort}?from=Agendo%20%3Cnao-responda@agendo.test%3E`,
      AGENDO_PUSH_LOCAL: '1', // the push service double (push-double.ts) is plain http on loopback
      AGENDO_ADMIN_EMAILS: ADMIN_EMAILS.join(','),
      // Stripe's side of billing (support.ts signs webhooks with the same secret).
      AGENDO_BILLING_WEBHOOK_SECRET: WEBHOOK_SECRET,
      AGENDO_CHECKOUT_URL: 'https://buy.stripe.com/test_agendo_e2e',
      AGENDO_BILLING_PORTAL_URL: 'https://billing.stripe.com/p/login/test_agendo_e2e',
    },
    stdio: ['ignore', log, log],
  })
  const exited = new Promise<never>((_, reject) =>
    server.once('exit', (code) => reject(new Error(`agendo exited with ${code}; see ${join(dir, 'server.log')}`))),
  )
  exited.catch(() => {}) // after a clean start, the exit at the end of the run is expected
  const deadline = Date.now() + 30_000
  for (;;) {
    try {
      const res = await Promise.race([fetch(`${base}/readyz`), exited])
      if (res.ok) break
    } catch (err) {
      if (String(err).includes('agendo exited')) throw err
    }
    if (Date.now() > deadline) throw new Error(`agendo did not become ready; see ${join(dir, 'server.log')}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  return server
}
