import { type Browser, type BrowserContext, type Page } from '@playwright/test'
import { mkdirSync } from 'node:fs'

import { openStore, type Owner } from './store-fixture'
import { screenshot, storeDate } from './support'
import { expect, test } from './traffic'

// The customer's booking on a phone (issue 23): a store at its free limit says so before the
// first tap and the owner hears how many were turned away; the step's action stays on screen,
// with a long note and with the keyboard open; a booking sent without a connection goes by itself
// when it returns, and a retry after a lost answer books once; after cancelling on the manage
// link the consent box still says what it consents to.

const sizes = [
  { name: '360', width: 360, height: 800 },
  { name: '390', width: 390, height: 844 },
] as const
const shots = 'test-results/screens/phone-public'

function phone(browser: Browser, size: { width: number; height: number }) {
  return browser.newContext({
    viewport: { width: size.width, height: size.height },
    isMobile: true,
    hasTouch: true,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  })
}

async function shoot(page: Page, name: string, fullPage = false) {
  mkdirSync(shots, { recursive: true })
  await screenshot(page, { path: `${shots}/${name}.png`, fullPage })
}

const step = (page: Page, question: string) => expect(page.getByRole('dialog').getByRole('heading', { level: 2, name: question })).toBeVisible()

/** Opens the flow on the store page and goes to 'Seus dados' with the first free time. */
async function toDetails(context: BrowserContext, owner: Owner) {
  const shop = await context.newPage()
  await shop.goto(`/store/${owner.slug}`)
  const sheet = shop.getByRole('dialog')
  await shop.getByRole('button', { name: 'Agendar Corte' }).click()
  await sheet.getByRole('button', { name: /^Ana Lima/ }).click()
  await sheet.getByRole('button', { name: /horários? livres?$/ }).first().click()
  await sheet.getByRole('button', { name: /^\d\d:\d\d$/ }).first().click()
  await step(shop, 'Seus dados')
  return { shop, sheet }
}

/** The owner's appointments of a client, by name. */
async function appointmentsOf(page: Page, owner: Owner, name: string) {
  const list = await page.request.get(`/api/v1/appointments?q=${encodeURIComponent(name)}`, { headers: owner.headers })
  expect(list.ok(), await list.text()).toBeTruthy()
  return ((await list.json()) as { items: { clientName: string }[] }).items.filter((a) => a.clientName === name)
}

test('a store at its free limit says so before the first tap, and the owner hears a customer was turned away', async ({ page, browser }) => {
  test.setTimeout(120_000)
  const owner = await openStore(page)
  // A phone to call and a WhatsApp: the notice offers both.
  const current = (await (await page.request.get('/api/v1/store', { headers: owner.headers })).json()) as Record<string, unknown>
  const keep = ['name', 'description', 'address', 'logo', 'bookingFlow', 'heroGradient', 'workingHours', 'paymentSettings', 'timeZone', 'minNoticeMin', 'horizonDays']
  const saved = await page.request.put('/api/v1/store', {
    headers: owner.headers,
    data: { ...Object.fromEntries(keep.map((k) => [k, current[k]])), phone: '1932345678', socialMedia: { instagram: '', facebook: '', whatsapp: '19987654321' } },
  })
  expect(saved.ok(), await saved.text()).toBeTruthy()
  for (let i = 0; i < 10; i++) {
    const made = await page.request.post('/api/v1/appointments', {
      headers: owner.headers,
      data: {
        clientName: 'Maria das Graças Nascimento',
        clientPhone: '11955550000',
        serviceId: owner.corte,
        professionalId: owner.professionals[0],
        date: storeDate(-20 + i),
        time: '10:00',
        status: 'completed',
        force: true,
      },
    })
    expect(made.ok(), await made.text()).toBeTruthy()
  }
  for (const size of [...sizes, { name: '1280', width: 1280, height: 800 }]) {
    const context = await phone(browser, size)
    const shop = await context.newPage()
    await shop.goto(`/store/${owner.slug}`)
    const notice = shop.getByRole('region', { name: 'Agendamento online indisponível no momento' })
    await expect(notice).toBeVisible()
    await expect(notice.getByRole('link', { name: 'Ligar para (19) 3234-5678' })).toHaveAttribute('href', 'tel:+551932345678')
    await expect(notice.getByRole('link', { name: 'Chamar no WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\/5519987654321\?text=/)
    await expect(shop.getByRole('button', { name: /^Agendar/ })).toHaveCount(0)
    await shoot(shop, `store-full-${size.name}`)
    await context.close()
  }
  // The owner, sent to Planos by the limit, reads it first thing.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/dashboard/plans')
  const told = page.getByRole('region', { name: /^\d+ clientes? não (conseguiu|conseguiram) agendar pela sua página este mês$/ })
  await expect(told).toBeInViewport()
  await shoot(page, 'owner-plans-390')
  await page.setViewportSize({ width: 1280, height: 800 })
  await shoot(page, 'owner-plans-1280')
})

for (const size of sizes) {
  test(`at ${size.width}×${size.height} 'Confirmar agendamento' stays on screen, with a long note and with the keyboard open`, async ({ page, browser }) => {
    test.setTimeout(90_000)
    const owner = await openStore(page)
    const context = await phone(browser, size)
    const { shop, sheet } = await toDetails(context, owner)
    const confirm = sheet.getByRole('button', { name: 'Confirmar agendamento' })
    await expect(confirm).toBeInViewport({ ratio: 1 })
    await sheet.getByLabel('Seu nome').fill('Maria Aparecida dos Santos Oliveira')
    await sheet.getByLabel('Telefone (WhatsApp)').fill('11987654321')
    await sheet.getByLabel(/Observação/).fill('Tenho alergia a produtos com amônia; prefiro água com gás. '.repeat(9).slice(0, 500))
    await sheet.getByRole('checkbox').check()
    await expect(confirm).toBeInViewport({ ratio: 1 })
    await shoot(shop, `details-${size.name}`)
    // The keyboard open: the viewport resizes with it (interactive-widget=resizes-content).
    await sheet.getByLabel(/Observação/).focus()
    await shop.setViewportSize({ width: size.width, height: size.height - 320 })
    await expect(confirm).toBeInViewport({ ratio: 1 })
    await shoot(shop, `details-keyboard-${size.name}`)
    await context.close()
  })
}

test('offline at Confirmar it says it was not sent and sends it by itself when back; a lost answer books once', async ({ page, browser }) => {
  test.setTimeout(120_000)
  const owner = await openStore(page)
  const context = await phone(browser, sizes[1])
  const { shop, sheet } = await toDetails(context, owner)
  await sheet.getByLabel('Seu nome').fill('Joana Darc Ferreira Lima')
  await sheet.getByLabel('Telefone (WhatsApp)').fill('11976543210')

  await context.setOffline(true)
  await sheet.getByRole('button', { name: 'Confirmar agendamento' }).click()
  await expect(sheet.getByText('Sem internet: o agendamento ainda não foi enviado.')).toBeVisible()
  await expect(sheet.getByText('Ele será enviado sozinho assim que a conexão voltar. Seus dados continuam aqui.')).toBeVisible()
  await expect(sheet.getByText('Tentando de novo')).toHaveCount(0)
  await shoot(shop, 'offline-390')
  await context.setOffline(false)
  await step(shop, 'Agendamento confirmado')
  expect(await appointmentsOf(page, owner, 'Joana Darc Ferreira Lima')).toHaveLength(1)
  await context.close()

  // The answer lost on the way back: the booking reached the store, the phone saw a failure.
  const second = await phone(browser, sizes[1])
  const again = await toDetails(second, owner)
  await again.sheet.getByLabel('Seu nome').fill('Luzia Helena Cavalcanti')
  await again.sheet.getByLabel('Telefone (WhatsApp)').fill('11965432109')
  let lost = false
  await again.shop.route(/\/api\/v1\/public\/stores\/[^/]+\/bookings$/, async (route) => {
    if (lost) return route.continue()
    lost = true
    await route.fetch() // the server books it…
    await route.abort('connectionreset') // …and the answer never arrives
  })
  await again.sheet.getByRole('button', { name: 'Confirmar agendamento' }).click()
  await expect(again.sheet.getByText('A conexão falhou e o agendamento não foi confirmado.')).toBeVisible()
  await expect(again.sheet.getByText('Toque em Tentar de novo. Se ele já tiver chegado à loja, não será feito duas vezes.')).toBeVisible()
  await shoot(again.shop, 'lost-answer-390')
  await again.sheet.getByRole('button', { name: 'Tentar de novo' }).click()
  await step(again.shop, 'Agendamento confirmado')
  expect(await appointmentsOf(page, owner, 'Luzia Helena Cavalcanti')).toHaveLength(1)
  await second.close()
})

test('after cancelling on the manage link, the consent box still says what it consents to', async ({ page, browser }) => {
  test.setTimeout(90_000)
  const owner = await openStore(page)
  const day = storeDate(3)
  const free = await page.request.get(
    `/api/v1/public/stores/${owner.slug}/availability?serviceId=${owner.corte}&professionalId=${owner.professionals[0]}&from=${day}&days=1`,
  )
  const times = ((await free.json()) as { days: { times: string[] }[] }).days[0]?.times ?? []
  const booked = await page.request.post(`/api/v1/public/stores/${owner.slug}/bookings`, {
    data: {
      serviceId: owner.corte,
      professionalId: owner.professionals[0],
      date: day,
      time: times[0],
      clientName: 'Beatriz Helena Guimarães de Vasconcelos',
      clientPhone: '21998877665',
    },
  })
  expect(booked.ok(), await booked.text()).toBeTruthy()
  const token = ((await booked.json()) as { token: string }).token
  const context = await phone(browser, sizes[0])
  const shop = await context.newPage()
  await shop.goto(`/agendamento/${token}`)
  const consent = shop.getByRole('checkbox', { name: /^Quero receber novidades de Studio Bela .+ pelo WhatsApp/ })
  await expect(consent).toBeVisible()
  await shop.getByRole('button', { name: 'Cancelar agendamento' }).click()
  await shop.getByRole('button', { name: 'Sim, cancelar' }).click()
  await expect(shop.getByRole('status')).toHaveText('Agendamento cancelado.')
  await expect(consent).toBeVisible()
  await shoot(shop, 'manage-cancelled-360', true)
  await context.close()
})
