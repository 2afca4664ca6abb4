import { mkdirSync } from 'node:fs'

import { axe } from './audit'
import { openStore } from './store-fixture'
import { call, screenshot, settled, storeDate } from './support'
import { expect, test } from './traffic'

// The waitlist (issue 29): a customer finds a day full and joins its line from the store page;
// a cancellation offers her the freed time, held for 30 minutes; the salon sees the offer with
// its WhatsApp message; her link books it.

const shots = 'test-results/screens/waitlist'
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
const weekdays = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']

test('a customer waits for a full day and books the time a cancellation frees', async ({ page, browser }) => {
  test.setTimeout(120_000)
  const owner = await openStore(page)
  const store = await call<{ workingHours: Record<string, { isOpen: boolean }> }>(page.request, owner.token, 'GET', '/store')
  // An open day a few days on, made full: Bruno blocked all day, Ana all but 10:00, which a
  // client takes.
  let day = ''
  for (let n = 2; n < 9 && !day; n++) {
    const d = storeDate(n)
    if (store.workingHours[weekdays[new Date(`${d}T12:00:00Z`).getUTCDay()]]?.isOpen) day = d
  }
  const [ana, bruno] = owner.professionals
  for (const [pro, start, end] of [
    [bruno, '00:00', '23:59'],
    [ana, '00:00', '10:00'],
    [ana, '10:45', '23:59'],
  ] as const) {
    await call(page.request, owner.token, 'POST', '/blocked-times', { professionalId: pro, date: day, startTime: start, endTime: end, reason: 'Curso' })
  }
  const taken = await call<{ id: string }>(page.request, owner.token, 'POST', '/appointments', {
    clientName: 'Helena Vasconcelos de Albuquerque',
    clientPhone: '(19) 99876-1234',
    serviceId: owner.corte,
    professionalId: ana,
    date: day,
    time: '10:00',
    force: true,
  })

  // The customer: the day is full, and she joins its line.
  const customer = await browser.newContext({ ...phone, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' })
  const shop = await customer.newPage()
  await shop.goto(`/store/${owner.slug}`)
  await shop.getByRole('button', { name: 'Agendar horário' }).first().click()
  const sheet = shop.getByRole('dialog')
  await sheet.getByRole('button', { name: /Corte/ }).first().click()
  await sheet.getByRole('button', { name: /Qualquer profissional/ }).click()
  if (day.slice(0, 7) !== storeDate(0).slice(0, 7)) await sheet.getByRole('button', { name: 'Próximo mês' }).click()
  await sheet.getByRole('button', { name: 'Dia lotado? Entrar na lista de espera' }).click()
  const form = sheet.getByRole('form', { name: 'Lista de espera' })
  await form.getByLabel('Dia').selectOption(day)
  await form.getByLabel('Seu nome').fill('Yasmin Carvalho de Albuquerque Figueiredo')
  await form.getByLabel('Celular (WhatsApp)').fill('11966661111')
  await form.getByLabel(/E-mail/).fill('yasmin@example.com')
  mkdirSync(shots, { recursive: true })
  await screenshot(shop, { path: `${shots}/join-390.png` })
  expect(await axe(shop)).toEqual([])
  await form.getByRole('button', { name: 'Entrar na lista de espera' }).click()
  await expect(sheet.getByRole('status')).toContainText('Você é a 1ª pessoa da fila')
  await screenshot(shop, { path: `${shots}/joined-390.png` })

  // The client cancels: the time is offered to Yasmin, and the salon sees it.
  await call(page.request, owner.token, 'PATCH', `/appointments/${taken.id}/status`, { status: 'cancelled' })
  await page.goto('/dashboard/appointments?view=list')
  await page.getByRole('button', { name: 'Lista de espera (1)' }).click()
  const line = page.getByRole('dialog', { name: 'Lista de espera' })
  await expect(line).toContainText('Yasmin Carvalho de Albuquerque Figueiredo')
  await expect(line).toContainText('Horário oferecido: 10:00')
  await expect(line.getByRole('link', { name: 'Enviar pelo WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\/5511966661111\?text=/)
  for (const [width, height] of [[390, 844], [360, 740], [1280, 800]] as const) {
    await page.setViewportSize({ width, height })
    await settled(page) // the sidebar's padding moves as the width changes
    await screenshot(page, { path: `${shots}/salon-${width}.png` })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
  }
  expect(await axe(page)).toEqual([])

  // Her link: one tap books the time held for her.
  const list = await call<{ items: { offerLink: string }[] }>(page.request, owner.token, 'GET', '/waitlist')
  const link = new URL(list.items[0].offerLink)
  await shop.goto(link.pathname)
  await expect(shop.getByRole('heading', { name: 'Yasmin, abriu um horário para você' })).toBeVisible()
  await expect(shop.getByText(/Reservado para você até as \d\d:\d\d/)).toBeVisible()
  for (const [width, height] of [[390, 844], [360, 740]] as const) {
    await shop.setViewportSize({ width, height })
    await settled(shop)
    await screenshot(shop, { path: `${shots}/offer-${width}.png` })
    expect(await shop.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
  }
  expect(await axe(shop)).toEqual([])
  await shop.getByRole('button', { name: 'Confirmar horário' }).click()
  await expect(shop).toHaveURL(/\/agendamento\//)
  await expect(shop.getByText('10:00').first()).toBeVisible()

  const booked = await call<{ items: { clientName: string; time: string; status: string }[] }>(
    page.request,
    owner.token,
    'GET',
    `/appointments?from=${day}&to=${day}`,
  )
  expect(booked.items.filter((a) => a.clientName === 'Yasmin Carvalho de Albuquerque Figueiredo').map((a) => a.time)).toEqual(['10:00'])

  // The link books once.
  await shop.goto(link.pathname)
  await expect(shop.getByRole('heading', { name: 'Horário agendado' })).toBeVisible()
  await customer.close()
})
