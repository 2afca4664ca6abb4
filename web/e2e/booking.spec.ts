import { type Page } from '@playwright/test'
import { mkdirSync } from 'node:fs'

import { openStore } from './store-fixture'
import { screenshot } from './support'
import { expect, test } from './traffic'

// A customer books online (issue 5), on a phone, with 'Qualquer profissional'; the owner's
// dashboard, open in another browser, shows the booking live; the customer cancels through the
// manage link and the time is offered again.

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
const shots = 'test-results/screens/phone'
const desktopShots = 'test-results/screens/desktop'

/** A screenshot for review; the booking sheet is a fixed overlay, so it is taken at screen size. */
async function shoot(page: Page, name: string, fullPage = false) {
  mkdirSync(shots, { recursive: true })
  await screenshot(page, { path: `${shots}/${name}.png`, fullPage })
}

test('a customer books with any professional, the owner sees it live, the customer cancels', async ({ page, browser }) => {
  test.setTimeout(120_000)
  const owner = await openStore(page)
  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { name: /Olá/ })).toBeVisible()

  const customer = await browser.newContext({ ...phone, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' })
  const shop = await customer.newPage()
  await shop.goto(`/store/${owner.slug}`)
  await expect(shop.getByRole('heading', { name: /Studio Bela/ })).toBeVisible()
  await expect(shop.getByText('R$ 45,90').first()).toBeVisible()
  await shoot(shop, 'store', true)

  await shop.getByRole('button', { name: 'Agendar horário' }).first().click()
  const sheet = shop.getByRole('dialog')
  await sheet.getByRole('button', { name: /Corte/ }).first().click()
  await sheet.getByRole('button', { name: /Qualquer profissional/ }).click()
  await shoot(shop, 'booking-day')
  await sheet.getByRole('button', { name: /horários? livres?$/ }).first().click()
  const time = sheet.getByRole('button', { name: /^\d\d:\d\d$/ }).first()
  const chosen = (await time.textContent())?.trim() ?? ''
  await shoot(shop, 'booking-time')
  await time.click()
  await sheet.getByLabel('Seu nome').fill('Maria Souza')
  await sheet.getByLabel('Telefone (WhatsApp)').fill('11955554444')
  await shoot(shop, 'booking-details')
  await sheet.getByRole('button', { name: 'Confirmar agendamento' }).click()

  await expect(sheet.getByRole('heading', { name: 'Agendamento confirmado' })).toBeVisible()
  await expect(sheet.getByRole('button', { name: 'Copiar código Pix' })).toBeVisible()
  await expect(sheet.getByRole('link', { name: /Adicionar à agenda|\.ics|Google/ }).first()).toBeVisible()
  await shoot(shop, 'booking-confirmed')

  // The owner's dashboard, open all along, announces it.
  await expect(page.getByText(new RegExp(`Novo agendamento: Maria Souza — Corte`))).toBeVisible({ timeout: 5_000 })

  // The manage link cancels it, and the time is offered again.
  await sheet.getByRole('link', { name: 'Ver, remarcar ou cancelar' }).click()
  await expect(shop).toHaveURL(/\/agendamento\//)
  await shoot(shop, 'manage', true)
  await shop.getByRole('button', { name: 'Cancelar agendamento' }).click()
  await shop.getByRole('button', { name: 'Sim, cancelar' }).click()
  await expect(shop.getByText('Agendamento cancelado').first()).toBeVisible()
  await shoot(shop, 'manage-cancelled', true)

  const token = shop.url().split('/agendamento/')[1]
  const booking = (await (await shop.request.get(`/api/v1/public/bookings/${token}`)).json()) as { date: string }
  const free = await shop.request.get(
    `/api/v1/public/stores/${owner.slug}/availability?serviceId=${owner.corte}&professionalId=any&from=${booking.date}&days=1`,
  )
  const days = ((await free.json()) as { days: { date: string; times: string[] }[] }).days
  expect(days[0].times).toContain(chosen)
  await customer.close()
})

test('on a desktop, a customer books with a chosen professional from her page, then moves it', async ({ page, browser }) => {
  test.setTimeout(120_000)
  const owner = await openStore(page)
  const customer = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' })
  const shop = await customer.newPage()
  const desk = (name: string, fullPage = false) => {
    mkdirSync(desktopShots, { recursive: true })
    return screenshot(shop, { path: `${desktopShots}/${name}.png`, fullPage })
  }
  await shop.goto(`/store/${owner.slug}`)
  await expect(shop.getByRole('heading', { name: /Studio Bela/ })).toBeVisible()
  await desk('store', true)

  // The professional's own page books straight with her.
  await shop.getByRole('link', { name: 'Ver perfil de Ana Lima' }).click()
  await expect(shop.getByRole('heading', { level: 1, name: 'Ana Lima' })).toBeVisible()
  await desk('professional', true)
  await shop.getByRole('button', { name: /^Agendar com Ana/ }).first().click()
  const sheet = shop.getByRole('dialog')
  await sheet.getByRole('button', { name: /Corte/ }).first().click()
  await desk('booking-day')
  await sheet.getByRole('button', { name: /horários? livres?$/ }).first().click()
  await sheet.getByRole('button', { name: /^\d\d:\d\d$/ }).first().click()
  await sheet.getByLabel('Seu nome').fill('Joana Prado')
  await sheet.getByLabel('Telefone (WhatsApp)').fill('11944443333')
  await sheet.getByRole('button', { name: 'Confirmar agendamento' }).click()
  await expect(sheet.getByRole('heading', { name: 'Agendamento confirmado' })).toBeVisible()
  await expect(sheet.getByText('Ana Lima').first()).toBeVisible()
  await desk('booking-confirmed')

  // The manage link moves it to the last free time of another day.
  await sheet.getByRole('link', { name: 'Ver, remarcar ou cancelar' }).click()
  await expect(shop).toHaveURL(/\/agendamento\//)
  const token = shop.url().split('/agendamento/')[1]
  const before = (await (await shop.request.get(`/api/v1/public/bookings/${token}`)).json()) as { date: string; time: string }
  await shop.getByRole('button', { name: 'Remarcar' }).click()
  const days = shop.getByRole('button', { name: /horários? livres?$/ })
  // Another day with free times: near a month's end it may be in the next month.
  await expect(days.first()).toBeVisible()
  if ((await days.count()) < 2) {
    await shop.getByRole('button', { name: 'Próximo mês' }).click()
    await expect(days.first()).toBeVisible()
    await days.first().click()
  } else {
    await days.nth(1).click()
  }
  const time = shop.getByRole('button', { name: /^\d\d:\d\d$/ }).last()
  const chosen = (await time.textContent())?.trim() ?? ''
  await time.click()
  await desk('manage-move', true)
  await shop.getByRole('button', { name: 'Confirmar' }).click()
  await expect(shop.getByText(new RegExp(`Agendamento remarcado para .*, às ${chosen}`))).toBeVisible()
  await desk('manage-moved', true)
  const after = (await (await shop.request.get(`/api/v1/public/bookings/${token}`)).json()) as { date: string; time: string }
  expect(after.time).toBe(chosen)
  expect(after.date).not.toBe(before.date)
  await customer.close()
})

test('the store page paints its hero before the app runs', async ({ page, browser }) => {
  const owner = await openStore(page)
  const noScript = await browser.newContext({ ...phone, javaScriptEnabled: false })
  const shop = await noScript.newPage()
  await shop.goto(`/store/${owner.slug}`)
  await expect(shop.getByRole('heading', { level: 1, name: /Studio Bela/ })).toBeVisible()
  await expect(shop.getByText('Cortes, cor e cuidado no centro de Campinas.')).toBeVisible()
  await expect(shop).toHaveTitle(/Studio Bela .* · Agende seu horário/)
  await noScript.close()
})

test('an unknown store and a forged manage link get friendly pages', async ({ page }) => {
  await page.goto('/store/loja-que-nao-existe')
  await expect(page.getByText('Loja não encontrada').first()).toBeVisible()
  await page.goto('/agendamento/forjado.AAAA')
  await expect(page.getByText('Link inválido').first()).toBeVisible()
})
