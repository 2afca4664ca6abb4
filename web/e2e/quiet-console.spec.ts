import { type Page } from '@playwright/test'

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
  await page.goto(`/dashboard/appointments?view=day&date=${date}`)
  await page.getByRole('button', { name: /Carla Dias/ }).first().click()
  await page.getByRole('dialog').getByRole('button', { name: 'Editar' }).click()
  await page.getByRole('dialog', { name: 'Editar agendamento' }).getByRole('button', { name: 'Cancelar' }).click()
  await page.getByRole('button', { name: /Carla Dias/ }).first().click()
  await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click()
  await expect(page.getByRole('button', { name: /Carla Dias/ })).toBeHidden({ timeout: 5_000 })

  await page.goto('/dashboard/clients/5511944443333')
  await page.getByRole('button', { name: 'Editar' }).click()
  const dialog = page.getByRole('dialog', { name: 'Editar cliente' })
  await dialog.getByLabel('Telefone (WhatsApp)').fill('11977776666')
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(page).toHaveURL(/\/dashboard\/clients\/5511977776666$/)
  await expect(page.getByText('(11) 97777-6666').first()).toBeVisible()
  // The refetches an edit sets off leave at once; the event stream never lets the page idle.
  await page.waitForTimeout(1_000)
  expect(ownerFailures).toEqual([])
})
