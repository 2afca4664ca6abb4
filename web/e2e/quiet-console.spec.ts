import { type Page, type Request } from '@playwright/test'

import { openStore } from './store-fixture'
import { expect, test } from './traffic'

// Nothing a visitor or an owner does in these flows makes a request fail: a failed request is
// logged in the browser's console as an error, and a 404 for an id the app itself just
// removed is a request it should never have made.

/** failures records every failed response and console error of a page. */
function failures(page: Page) {
  const seen: string[] = []
  page.on('response', (r) => {
    if (r.status() >= 400) seen.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`)
  })
  page.on('console', (m) => {
    if (m.type() === 'error') seen.push(`console: ${m.text()}`)
  })
  return seen
}

/** The store's wall-clock date `days` from today, moved off Sunday (the store is closed then). */
function openDay(days: number) {
  for (let d = days; ; d++) {
    const date = new Date(Date.now() + d * 86_400_000)
    const weekday = date.toLocaleDateString('en-US', { timeZone: 'America/Sao_Paulo', weekday: 'short' })
    if (weekday !== 'Sun') return date.toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' })
  }
}

/**
 * inFlight follows the page's requests (the event stream aside). `idle` waits until none is in
 * flight: the refetches a change sets off leave before the screen shows the change, so once they
 * are all back, any request for what was just removed would have been among them.
 */
function inFlight(page: Page) {
  const open = new Set<Request>()
  /** Every request seen, "GET /api/v1/…" (the event stream aside). */
  const seen: string[] = []
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname
    if (path.startsWith('/api/v1/events')) return
    open.add(r)
    seen.push(`${r.method()} ${path}`)
  })
  page.on('requestfinished', (r) => open.delete(r))
  page.on('requestfailed', (r) => open.delete(r))
  return { seen, idle: () => expect.poll(() => open.size, { timeout: 10_000 }).toBe(0) }
}

test('visitor pages and an owner’s deletes and phone edits make no failed request', async ({ page, browser }) => {
  const owner = await openStore(page)
  const date = openDay(2)
  const book = async (clientName: string, clientPhone: string, time: string) => {
    const r = await page.request.post('/api/v1/appointments', {
      headers: owner.headers,
      data: {
        clientName,
        clientPhone,
        serviceId: owner.corte,
        professionalId: owner.professionals[0],
        date,
        time,
        status: 'scheduled',
        paymentMethod: null,
        notes: '',
        force: false,
      },
    })
    expect(r.ok(), await r.text()).toBeTruthy()
  }
  await book('Carla Dias', '+5511955554444', '10:00')
  await book('Beatriz Nunes', '+5511944443333', '11:00')
  const booked = await page.request.post(`/api/v1/public/stores/${owner.slug}/bookings`, {
    data: { serviceId: owner.corte, professionalId: 'any', date, time: '15:00', clientName: 'Maria Souza', clientPhone: '+5511933332222', notes: '' },
  })
  expect(booked.ok(), await booked.text()).toBeTruthy()
  const manage = `/agendamento/${((await booked.json()) as { token: string }).token}`

  // A visitor who never signed in, on every page meant for them.
  const visitor = await browser.newContext()
  const v = await visitor.newPage()
  const visitorFailures = failures(v)
  const pages: [string, RegExp | string][] = [
    [`/store/${owner.slug}`, /Studio Bela/],
    [`/profissional/${owner.professionals[0]}`, 'Ana Lima'],
    [manage, 'Detalhes'],
    ['/login', 'Entrar'],
    // A protected address sends the visitor to sign in; the start-up refresh finds no session quietly.
    ['/dashboard', 'Entrar'],
    ['/register', 'Criar conta'],
  ]
  for (const [path, heading] of pages) {
    await v.goto(path)
    await expect(v.getByRole('heading', { name: heading }).first()).toBeVisible()
  }
  await v.waitForLoadState('networkidle')
  expect(visitorFailures).toEqual([])
  await visitor.close()

  // The owner deletes an appointment and changes a client's phone.
  const ownerFailures = failures(page)
  const requests = inFlight(page)
  await page.goto(`/dashboard/appointments?view=day&date=${date}`)
  await page.getByRole('button', { name: /Carla Dias/ }).first().click()
  await page.getByRole('dialog').getByRole('button', { name: 'Editar' }).click()
  await page.getByRole('dialog', { name: 'Editar agendamento' }).getByRole('button', { name: 'Cancelar' }).click()
  await page.getByRole('button', { name: /Carla Dias/ }).first().click()
  await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click()
  await expect(page.getByRole('button', { name: /Carla Dias/ })).toBeHidden({ timeout: 5_000 })
  await requests.idle()

  await page.goto('/dashboard/clients/5511944443333')
  await page.getByRole('button', { name: 'Editar' }).click()
  const dialog = page.getByRole('dialog', { name: 'Editar cliente' })
  await dialog.getByLabel('Telefone (WhatsApp)').fill('11977776666')
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(page).toHaveURL(/\/dashboard\/clients\/5511977776666$/)
  await expect(page.getByText('(11) 97777-6666').first()).toBeVisible()
  // The refetches the edit set off have all come back (the event stream aside, which never
  // lets the page idle), the new client's page among them.
  await requests.idle()
  expect(requests.seen).toContain('GET /api/v1/clients/5511977776666')
  expect(ownerFailures).toEqual([])
})

test('deleting a service or a professional and anonymising a client ask nothing more of them', async ({ page }) => {
  const owner = await openStore(page)
  const escova = await page.request.post('/api/v1/services', {
    headers: owner.headers,
    data: { name: 'Escova', description: '', duration: 30, price: 3500, professionalIds: owner.professionals },
  })
  expect(escova.ok(), await escova.text()).toBeTruthy()
  const booked = await page.request.post('/api/v1/appointments', {
    headers: owner.headers,
    data: {
      clientName: 'Carla Dias',
      clientPhone: '+5511955554444',
      serviceId: owner.corte,
      professionalId: owner.professionals[0],
      date: openDay(2),
      time: '10:00',
      status: 'scheduled',
      paymentMethod: null,
      notes: '',
      force: false,
    },
  })
  expect(booked.ok(), await booked.text()).toBeTruthy()
  const seen = failures(page)
  const requests = inFlight(page)

  await page.goto('/dashboard/clients/5511955554444')
  await page.getByRole('button', { name: 'Anonimizar cliente' }).click()
  await page.getByRole('alertdialog', { name: 'Anonimizar Carla Dias?' }).getByRole('button', { name: 'Anonimizar' }).click()
  await expect(page).toHaveURL(/\/dashboard\/clients\/anon-[a-z]{12}$/)
  await expect(page.getByRole('heading', { name: 'Cliente removido' })).toBeVisible()
  await requests.idle()

  await page.goto('/dashboard/services')
  await page.getByRole('button', { name: 'Excluir Escova' }).click()
  const service = page.getByRole('alertdialog', { name: 'Excluir Escova?' })
  await expect(service).toContainText('Nenhum agendamento será excluído.')
  await service.getByRole('button', { name: 'Excluir' }).click()
  await expect(page.getByRole('button', { name: 'Excluir Escova' })).toHaveCount(0)
  await requests.idle()

  await page.goto('/dashboard/professionals')
  await page.getByRole('button', { name: 'Excluir Bruno Alves' }).click()
  const professional = page.getByRole('alertdialog', { name: 'Excluir Bruno Alves?' })
  await expect(professional).toContainText('Nenhum agendamento ou bloqueio de horário será excluído.')
  await professional.getByRole('button', { name: 'Excluir' }).click()
  await expect(page.getByRole('button', { name: 'Excluir Bruno Alves' })).toHaveCount(0)
  await requests.idle()

  expect(seen).toEqual([])
})
