import { mkdirSync } from 'node:fs'

import type { Page } from '@playwright/test'

import { axe } from './audit'
import { openStore } from './store-fixture'
import { call, screenshot, storeDate } from './support'
import { expect, test } from './traffic'

// The installed app copes with a weak signal (issue 28): Juliana opens Agendo in the metro and
// still sees today's agenda, marked 'Sem conexão, atualizado às …'; what she cannot do offline
// says so and sends nothing. A deploy is never hidden behind the worker's copy of the page.

test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

const shots = 'test-results/screens/offline'

/** installed waits for the service worker to control the page and to hold the app's files. */
async function installed(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 })
  await page.waitForFunction(
    async () => {
      const shell = await (await caches.open('agendo-shell-v1')).match('/dashboard')
      const files = await (await caches.open('agendo-assets-v1')).keys()
      return shell !== undefined && files.some((r) => r.url.includes('/assets/') && r.url.endsWith('.js'))
    },
    undefined,
    { timeout: 20_000 },
  )
}

test('the installed app shows today’s agenda offline, refuses changes, and never hides a deploy', async ({ page, context }) => {
  test.setTimeout(120_000)
  const owner = await openStore(page)
  const today = storeDate(0)
  await call(page.request, owner.token, 'POST', '/appointments', {
    clientName: 'Helena Vasconcelos de Albuquerque',
    clientPhone: '(19) 99876-1234',
    serviceId: owner.corte,
    professionalId: owner.professionals[0],
    date: today,
    time: '23:00',
    force: true,
  })

  // Online: the agenda of the day is read (and kept), and the app installs itself.
  await page.goto(`/dashboard/appointments?view=day&date=${today}`)
  const card = page.getByRole('button', { name: /Helena Vasconcelos de Albuquerque/ }).first()
  await expect(card).toBeVisible()
  await installed(page)
  await page.waitForTimeout(1_500) // the agenda's answers are saved a second after they arrive

  // A new deploy: the page the network gives wins over the worker's copy, and replaces it.
  await context.route('**/dashboard/appointments*', async (route) => {
    const response = await route.fetch()
    const html = (await response.text()).replace('<head>', '<head><meta name="agendo-build" content="nova-versao">')
    return route.fulfill({ response, body: html })
  })
  await page.reload()
  await expect(page.locator('meta[name="agendo-build"]')).toHaveAttribute('content', 'nova-versao')
  await expect(card).toBeVisible()
  await context.unroute('**/dashboard/appointments*')

  // A proxy answering 502 while the server restarts: the worker's copy of the app opens instead.
  await context.route('**/dashboard/appointments*', (route) =>
    route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>502 Bad Gateway</h1>' }),
  )
  await page.reload()
  await expect(card).toBeVisible()
  await expect(page.getByText('502 Bad Gateway')).toBeHidden()
  await context.unroute('**/dashboard/appointments*')

  // The metro: no signal. The app opens from the worker with the agenda kept on the phone.
  await context.setOffline(true)
  await page.reload()
  await expect(page.locator('meta[name="agendo-build"]')).toHaveAttribute('content', 'nova-versao')
  const notice = page.getByRole('status').filter({ hasText: 'Sem conexão' })
  await expect(notice).toContainText(/Sem conexão, atualizado às \d{1,2}:\d\d/)
  await expect(card).toBeVisible()
  mkdirSync(shots, { recursive: true })
  await screenshot(page, { path: `${shots}/agenda-offline-390.png`, fullPage: true })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  expect(await axe(page)).toEqual([])
  for (const [width, height] of [[360, 740], [1280, 800]] as const) {
    await page.setViewportSize({ width, height })
    await expect(notice).toBeVisible()
    await screenshot(page, { path: `${shots}/agenda-offline-${width}.png` })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
  }
  await page.setViewportSize({ width: 390, height: 844 })

  // A change is refused at once, saying nothing was sent.
  const sent: string[] = []
  page.on('request', (r) => {
    if (r.method() !== 'GET' && r.url().includes('/api/v1/appointments')) sent.push(r.url())
  })
  await card.click()
  const details = page.getByRole('dialog')
  await details.getByRole('group', { name: 'Mudar status' }).getByRole('button', { name: 'Confirmar' }).click()
  await expect(page.getByText('Sem conexão: nada foi enviado. Tente de novo quando a internet voltar.')).toBeVisible()
  await page.keyboard.press('Escape')

  // The signal returns: the notice goes, and the appointment was never changed.
  await context.setOffline(false)
  await expect(notice).toBeHidden({ timeout: 20_000 })
  expect(sent).toEqual([])
  const list = await call<{ items: { clientName: string; status: string }[] }>(
    page.request,
    owner.token,
    'GET',
    `/appointments?from=${today}&to=${today}`,
  )
  expect(list.items.find((a) => a.clientName === 'Helena Vasconcelos de Albuquerque')?.status).toBe('scheduled')
})

test('signing out erases the agenda kept on the phone', async ({ page }) => {
  await openStore(page)
  await page.goto('/dashboard')
  await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.startsWith('agendo:offline:')), undefined, { timeout: 15_000 })
  await page.getByRole('button', { name: 'Abrir menu' }).click()
  await page.getByRole('button', { name: 'Sair' }).click()
  await expect(page).toHaveURL(/\/login/)
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('agendo:offline:')))).toEqual([])
})
