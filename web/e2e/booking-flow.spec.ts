import { type BrowserContext, type Page } from '@playwright/test'
import { mkdirSync } from 'node:fs'

import { openStore, type Owner } from './store-fixture'
import { screenshot } from './support'
import { expect, test } from './traffic'

// The booking flow on a phone, as a demanding customer uses it (issue 9): the browser's Back
// and Forward move between the steps with the choices kept, a reload stays put, closing does
// not come back on Back; without a connection the month and 'Confirmar' say so and keep what
// was typed, and the booking goes by itself when the connection returns; the confirmation
// leads with 'Copiar código Pix' and shows the QR code on request.

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' }
const shots = 'test-results/screens/booking-flow'

async function shoot(page: Page, name: string) {
  mkdirSync(shots, { recursive: true })
  await screenshot(page, { path: `${shots}/${name}.png` })
}

/** A customer's phone on the store page, with the login page behind it in history. */
async function customerAt(context: BrowserContext, owner: Owner) {
  const shop = await context.newPage()
  await shop.goto('/login')
  await shop.goto(`/store/${owner.slug}`)
  await expect(shop.getByRole('heading', { level: 1, name: /Studio Bela/ })).toBeVisible()
  return shop
}

const step = (page: Page, question: string) => expect(page.getByRole('dialog').getByRole('heading', { level: 2, name: question })).toBeVisible()

test('on a phone, Back and Forward move between the steps, and a booking made offline is kept until it is sent', async ({ page, browser }) => {
  test.setTimeout(120_000)
  const owner = await openStore(page)
  const context = await browser.newContext({ ...phone, permissions: ['clipboard-read', 'clipboard-write'] })
  const shop = await customerAt(context, owner)
  const sheet = shop.getByRole('dialog')

  await shop.getByRole('button', { name: 'Agendar horário' }).click()
  await step(shop, 'Escolha o serviço')
  await expect(shop).toHaveURL(/\?etapa=servico$/)
  await sheet.getByRole('button', { name: /^Corte/ }).click()
  await step(shop, 'Escolha o profissional')
  await sheet.getByRole('button', { name: /^Ana Lima/ }).click()
  await step(shop, 'Escolha o dia')
  // A day the store does not open says so, and today is marked.
  // (The word sits over the day's button, in its cell: the button's text stays the number.)
  await expect(sheet.getByRole('button', { name: /, hoje(,|$)/ }).locator('..')).toContainText('Hoje')
  // Today, when closed, says 'Hoje': another closed day says 'Fechado' (next month's, on the last
  // Sunday of one).
  const closed = sheet.getByRole('button', { name: /^(?!.*, hoje,).*, fechado$/ })
  const nextMonth = (await closed.count()) === 0
  if (nextMonth) await sheet.getByRole('button', { name: 'Próximo mês' }).click()
  await expect(closed.first().locator('..')).toContainText('Fechado')
  if (nextMonth) await sheet.getByRole('button', { name: 'Mês anterior' }).click()
  const day = sheet.getByRole('button', { name: /horários? livres?$/ }).first()
  const dayName = ((await day.getAttribute('aria-label')) ?? '').split(',').slice(0, 2).join(',')
  await day.click()
  await step(shop, 'Escolha o horário')
  await expect(shop).toHaveURL(/\?etapa=horario$/)

  // Back: the day, still chosen; Back again: Ana, still chosen.
  await shop.goBack()
  await step(shop, 'Escolha o dia')
  await expect(sheet.getByRole('button', { name: new RegExp(`^${dayName}`) })).toHaveAttribute('aria-pressed', 'true')
  await shop.goBack()
  await step(shop, 'Escolha o profissional')
  await expect(sheet.getByRole('button', { name: /^Ana Lima/ })).toHaveAttribute('aria-pressed', 'true')
  // Forward twice: that day's times again.
  await shop.goForward()
  await step(shop, 'Escolha o dia')
  await shop.goForward()
  await step(shop, 'Escolha o horário')
  await expect(sheet.getByText(dayName.split(', ')[1] ?? dayName)).toBeVisible()

  // A reload stays on the step, with the choices.
  await shop.reload()
  await step(shop, 'Escolha o horário')
  const time = sheet.getByRole('button', { name: /^\d\d:\d\d$/ }).first()
  const chosen = ((await time.textContent()) ?? '').trim()
  await time.click()
  await step(shop, 'Seus dados')
  await sheet.getByLabel('Seu nome').fill('Maria Aparecida Souza')
  await sheet.getByLabel('Telefone (WhatsApp)').fill('11955554444')

  // Offline at 'Confirmar': it says so at once, truthfully, keeps what was typed, and does not spin.
  await context.setOffline(true)
  await sheet.getByRole('button', { name: 'Confirmar agendamento' }).click()
  await expect(sheet.getByText('Sem internet: o agendamento ainda não foi enviado.')).toBeVisible()
  await expect(sheet.getByText('Ele será enviado sozinho assim que a conexão voltar. Seus dados continuam aqui.')).toBeVisible()
  await expect(sheet.getByRole('button', { name: /Agendando/ })).toHaveCount(0)
  await expect(sheet.getByLabel('Seu nome')).toHaveValue('Maria Aparecida Souza')
  await expect(sheet.getByLabel('Telefone (WhatsApp)')).toHaveValue('(11) 95555-4444')
  await shoot(shop, 'offline-confirm')

  // Back online, it is sent by itself, as the notice said.
  await context.setOffline(false)
  await step(shop, 'Agendamento confirmado')
  await expect(shop).toHaveURL(/\?etapa=confirmado$/)
  await expect(sheet.getByText(chosen).first()).toBeVisible()

  // Pix: copy first; the QR only on request.
  const pix = sheet.getByRole('region', { name: 'Pagamento via Pix' })
  await expect(pix.getByRole('button', { name: 'Copiar código Pix' })).toBeVisible()
  await expect(pix).toContainText('Pagar agora é opcional')
  await expect(sheet.getByRole('img', { name: 'QR Code do Pix' })).toHaveCount(0)
  await shoot(shop, 'confirmation')
  await pix.getByRole('button', { name: 'Copiar código Pix' }).click()
  await expect(pix.getByRole('button', { name: 'Código copiado' })).toBeVisible()
  expect(await shop.evaluate(() => navigator.clipboard.readText())).toMatch(/^000201/)
  await pix.getByRole('button', { name: 'Mostrar QR Code' }).click()
  await expect(pix.getByRole('img', { name: 'QR Code do Pix' })).toBeVisible()
  await shoot(shop, 'confirmation-qr')

  // One booking, with what was typed.
  const token = decodeURIComponent((await sheet.getByRole('link', { name: 'Ver, remarcar ou cancelar' }).getAttribute('href'))?.split('/agendamento/')[1] ?? '')
  const made = (await (await shop.request.get(`/api/v1/public/bookings/${token}`)).json()) as { clientName: string; time: string }
  expect(made).toMatchObject({ clientName: 'Maria Aparecida Souza', time: chosen })
  const list = await page.request.get(`/api/v1/appointments?q=${encodeURIComponent('Maria Aparecida')}`, { headers: owner.headers })
  expect(list.ok(), await list.text()).toBeTruthy()
  const appointments = ((await list.json()) as { items: { clientName: string }[] }).items
  expect(appointments.filter((a) => a.clientName === 'Maria Aparecida Souza')).toHaveLength(1)

  // Back from the confirmation leaves the flow for the page; Back again leaves the page
  // instead of reopening the flow.
  await shop.goBack()
  await expect(sheet).toHaveCount(0)
  await expect(shop).toHaveURL(new RegExp(`/store/${owner.slug}$`))
  await shop.goBack()
  await expect(shop).toHaveURL(/\/login$/)
  await context.close()
})

test('on a phone, the month says it is loading, or that there is no connection, never "nothing free"', async ({ page, browser }) => {
  test.setTimeout(90_000)
  const owner = await openStore(page)
  const context = await browser.newContext(phone)
  const shop = await customerAt(context, owner)
  const sheet = shop.getByRole('dialog')

  // A slow answer: 'Carregando horários…', no day marked as full.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await shop.route(/\/availability\?/, async (route) => {
    await held
    await route.continue()
  })
  await shop.getByRole('button', { name: 'Agendar Corte' }).click()
  await sheet.getByRole('button', { name: /^Bruno Alves/ }).click()
  await step(shop, 'Escolha o dia')
  await expect(sheet.getByRole('status').filter({ hasText: 'Carregando horários…' })).toBeVisible()
  await expect(sheet.getByRole('button', { name: /sem horários/ })).toHaveCount(0)
  await shoot(shop, 'month-loading')
  release()
  await expect(sheet.getByRole('button', { name: /horários? livres?$/ }).first()).toBeVisible()
  await shop.unroute(/\/availability\?/)

  // Offline, the next month says so instead of showing grey days, and fills in once back.
  await context.setOffline(true)
  await sheet.getByRole('button', { name: 'Próximo mês' }).click()
  const notice = sheet.getByRole('alert').filter({ hasText: 'Sem conexão. Tentando de novo…' })
  await expect(notice).toBeVisible()
  await expect(notice.getByRole('button', { name: 'Tentar de novo' })).toBeVisible()
  await expect(sheet.getByRole('button', { name: /sem horários|horários? livres?$/ })).toHaveCount(0)
  await shoot(shop, 'month-offline')
  await context.setOffline(false)
  await expect(notice).toHaveCount(0)
  await expect(sheet.getByRole('button', { name: /horários? livres?$/ }).first()).toBeVisible()

  // Closing goes back past every step: Back afterwards does not reopen the flow.
  await sheet.getByRole('button', { name: 'Fechar' }).click()
  await expect(sheet).toHaveCount(0)
  await expect(shop.getByRole('button', { name: 'Agendar Corte' })).toBeFocused()
  await shop.goBack()
  await expect(shop).toHaveURL(/\/login$/)
  await context.close()
})
