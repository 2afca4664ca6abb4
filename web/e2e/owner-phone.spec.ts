import { type Browser, type Locator, type Page, request } from '@playwright/test'
import { mkdirSync } from 'node:fs'

import { crowdedCancels, overflow } from './audit'
import {
  call,
  professionalBody,
  register,
  screenshot,
  settled,
  signIn,
  sizedContext,
  storeDate,
  storeTime,
  strongPassword,
  TERMS_VERSION,
  uniqueEmail,
} from './support'
import { expect, test } from './traffic'

// The salon owner on a phone (issue 10 and 9b): a client calls, and the booking is made from the
// dashboard home in at most 6 taps besides typing the name and the phone; today's suggested
// times start from now; a half-filled form asks before Escape throws it away. Real salons'
// long names throughout.

const PHONE = { width: 390, height: 844 }

const NAMES = {
  owner: 'Maria Aparecida dos Santos Oliveira',
  store: 'Espaço de Beleza Maria Aparecida dos Santos Cabeleireiros',
  maria: 'Maria Aparecida dos Santos Oliveira',
  fernanda: 'Fernanda Cristina Rodrigues do Nascimento',
  long: 'Coloração completa com hidratação profunda e escova modelada',
  escova: 'Escova modelada',
  client: 'Ana Carolina Ferreira de Albuquerque Cavalcanti',
}

type Seed = { email: string; token: string }

/** An owner whose store opens every day 06:00–23:00 with two professionals and three services. */
async function seed(baseURL: string): Promise<Seed> {
  const api = await request.newContext({ baseURL })
  const email = uniqueEmail('telefone')
  const signup = await api.post('/api/v1/auth/signup', { data: { name: NAMES.owner, email, password: strongPassword, acceptedTerms: TERMS_VERSION } })
  expect(signup.ok(), await signup.text()).toBeTruthy()
  const token = ((await signup.json()) as { session: { accessToken: string } }).session.accessToken

  type Store = Record<string, unknown>
  const store = await call<Store>(api, token, 'GET', '/store')
  const week = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']
  await call(api, token, 'PUT', '/store', {
    ...Object.fromEntries(['description', 'phone', 'logo', 'bookingFlow', 'heroGradient', 'socialMedia'].map((k) => [k, store[k]])),
    paymentSettings: store.paymentSettings,
    name: NAMES.store,
    address: 'Avenida Presidente Juscelino Kubitschek de Oliveira, 1.234 - Jardim Esplanada',
    workingHours: Object.fromEntries(week.map((d) => [d, { open: '06:00', close: '23:00', isOpen: true }])),
    timeZone: 'America/Sao_Paulo',
    minNoticeMin: 0,
    horizonDays: 60,
  })
  const maria = await call<{ id: string }>(api, token, 'POST', '/professionals', professionalBody(NAMES.maria))
  const fernanda = await call<{ id: string }>(api, token, 'POST', '/professionals', professionalBody(NAMES.fernanda, 'Colorista'))
  for (const [name, duration, price] of [
    [NAMES.long, 180, 28990],
    [NAMES.escova, 60, 8000],
    ['Manicure e pedicure', 90, 7500],
  ] as const) {
    await call(api, token, 'POST', '/services', {
      name,
      description: '',
      duration,
      price,
      professionalIds: [maria.id, fernanda.id],
    })
  }
  await api.dispose()
  return { email, token }
}

/** A phone, signed in as the owner, on the dashboard home; every trusted tap on it is counted. */
async function phone(browser: Browser, baseURL: string, s: Seed, size = PHONE) {
  const context = await browser.newContext({
    baseURL,
    viewport: size,
    isMobile: true,
    hasTouch: true,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  })
  await context.addInitScript(() => {
    const w = window as unknown as { taps: number }
    w.taps = 0
    window.addEventListener('pointerdown', (event) => event.isTrusted && w.taps++, true)
  })
  const page = await context.newPage()
  // React's warnings (a radio switching between controlled and not, a missing key) are errors.
  const errors: string[] = []
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
  page.on('pageerror', (e) => errors.push(e.message))
  await signIn(page, s.email)
  await expect(page).toHaveURL(/\/dashboard$/)
  return { context, page, errors }
}

const pageTaps = (page: Page) => page.evaluate(() => (window as unknown as { taps: number }).taps)

let seeded: Seed

test.beforeAll(async ({ baseURL }) => {
  seeded = await seed(baseURL ?? '')
})

test('a phoned-in booking from the home page takes 6 taps besides the name and the phone', async ({ browser, baseURL }) => {
  const { context, page, errors } = await phone(browser, baseURL ?? '', seeded)
  const quick = page.getByRole('button', { name: 'Novo agendamento', exact: true })
  await expect(quick).toBeInViewport()
  await page.evaluate(() => ((window as unknown as { taps: number }).taps = 0))

  let taps = 0
  const tap = async (target: Locator) => {
    await target.tap()
    taps++
  }

  await tap(quick)
  const dialog = page.getByRole('dialog', { name: 'Novo agendamento' })
  // The name is ready for typing without a tap; the phone comes next (the keyboard's 'next').
  await expect(dialog.getByLabel('Cliente', { exact: true })).toBeFocused()
  await dialog.getByLabel('Cliente', { exact: true }).fill(NAMES.client)
  await dialog.getByLabel('Telefone (WhatsApp)').fill('11987654321')
  await expect(dialog.getByLabel('Telefone (WhatsApp)')).toHaveValue('(11) 98765-4321')
  await tap(dialog.getByRole('radio', { name: NAMES.escova, exact: true }))
  await tap(dialog.getByRole('radio', { name: NAMES.fernanda, exact: true }))

  // Today is already chosen: the suggested times start from now, never from opening.
  await expect(dialog.getByRole('button', { name: 'Hoje', pressed: true })).toBeVisible()
  const free = dialog.getByRole('group', { name: 'Horários livres' })
  const before = storeTime()
  await expect(free.getByRole('button').first().or(free.getByText(/Não há mais horários livres hoje|Nenhum horário livre/))).toBeVisible()
  const today = (await free.getByRole('button', { name: /^\d\d:\d\d$/ }).allTextContents()).map((t) => t.trim())
  expect(today.filter((t) => t < before), `times before ${before} offered today`).toEqual([])

  // Tomorrow, from opening: the first free time.
  await tap(dialog.getByRole('button', { name: 'Amanhã' }))
  const first = free.getByRole('button', { name: /^\d\d:\d\d$/ }).first()
  await expect(first).toHaveText('06:00')
  await tap(first)
  await tap(dialog.getByRole('button', { name: 'Salvar' }))

  await expect(page.getByText('Agendamento criado', { exact: true }).filter({ visible: true }).first()).toBeVisible()
  await expect(dialog).toBeHidden()
  expect(taps, 'taps').toBeLessThanOrEqual(6)
  expect(await pageTaps(page), 'taps the page felt').toBe(taps)

  // On the home page at once, among tomorrow's reminders; and saved as asked.
  await expect(page.getByRole('listitem', { name: NAMES.client })).toBeVisible()
  const tomorrow = storeDate(1)
  const { items } = await call<{ items: { clientName: string; clientPhone: string; date: string; time: string }[] }>(
    page.request,
    seeded.token,
    'GET',
    `/appointments?from=${tomorrow}&to=${tomorrow}`,
  )
  expect(items.map(({ clientName, clientPhone, date, time }) => ({ clientName, clientPhone, date, time }))).toEqual([
    { clientName: NAMES.client, clientPhone: '+5511987654321', date: tomorrow, time: '06:00' },
  ])
  expect(errors, 'console errors').toEqual([])
  await context.close()
})

test("Escape on a half-filled booking asks 'Descartar alterações?'; an untouched one just closes", async ({
  browser,
  baseURL,
}) => {
  const { context, page, errors } = await phone(browser, baseURL ?? '', seeded)
  const quick = page.getByRole('button', { name: 'Novo agendamento', exact: true })
  const dialog = page.getByRole('dialog', { name: 'Novo agendamento' })
  const ask = page.getByRole('alertdialog', { name: 'Descartar alterações?' })

  // Untouched: Escape closes at once.
  await quick.tap()
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(ask).toHaveCount(0)

  // Half filled: Escape asks, and 'Continuar editando' keeps everything.
  await quick.tap()
  await dialog.getByLabel('Cliente', { exact: true }).fill(NAMES.client)
  await dialog.getByRole('radio', { name: NAMES.long, exact: true }).tap()
  await page.keyboard.press('Escape')
  await expect(ask).toBeVisible()
  await expect(ask).toContainText('O que você preencheu ainda não foi salvo e será perdido.')
  await expect(ask.getByRole('button', { name: 'Continuar editando' })).toBeFocused()
  await ask.getByRole('button', { name: 'Continuar editando' }).tap()
  await expect(ask).toBeHidden()
  await expect(dialog.getByLabel('Cliente', { exact: true })).toHaveValue(NAMES.client)
  await expect(dialog.getByRole('radio', { name: NAMES.long, exact: true })).toBeChecked()

  // The X asks too; 'Descartar' closes and gives focus back to the button.
  await dialog.getByRole('button', { name: 'Fechar' }).tap()
  await expect(ask).toBeVisible()
  await ask.getByRole('button', { name: 'Descartar' }).tap()
  await expect(dialog).toBeHidden()
  await expect(quick).toBeFocused()

  // Nothing was kept: the next one starts empty.
  await quick.tap()
  await expect(dialog.getByLabel('Cliente', { exact: true })).toHaveValue('')
  expect(errors, 'console errors').toEqual([])
  await context.close()
})

test('screens of the quick booking: home, dialog and prompt, at two phones and a computer', async ({ browser, baseURL }) => {
  test.setTimeout(120_000)
  for (const size of [
    { name: '390', width: 390, height: 844, phone: true },
    { name: '360', width: 360, height: 800, phone: true },
    { name: '1280', width: 1280, height: 800, phone: false },
  ]) {
    const dir = `test-results/screens/owner-phone-${size.name}`
    mkdirSync(dir, { recursive: true })
    const context = await sizedContext(browser, baseURL, size)
    const page = await context.newPage()
    await signIn(page, seeded.email)
    await expect(page).toHaveURL(/\/dashboard$/)
    const shot = async (name: string, fullPage = false) => {
      await settled(page) // the opening animation
      const o = await overflow(page, size.width)
      expect(o.offenders, `${name} at ${size.name}`).toEqual([])
      expect(o.scrollWidth, `${name} at ${size.name}`).toBeLessThanOrEqual(size.width)
      await screenshot(page, { path: `${dir}/${name}.png`, fullPage })
    }
    const quick = page.getByRole('button', { name: 'Novo agendamento', exact: true })
    await expect(quick).toBeInViewport()
    await shot('home')
    await quick.click()
    const dialog = page.getByRole('dialog', { name: 'Novo agendamento' })
    await dialog.getByLabel('Cliente', { exact: true }).fill(NAMES.client)
    await dialog.getByLabel('Telefone (WhatsApp)').fill('11987654321')
    await dialog.getByRole('radio', { name: NAMES.long, exact: true }).check()
    await dialog.getByRole('radio', { name: NAMES.fernanda, exact: true }).check()
    await dialog.getByRole('button', { name: 'Amanhã' }).click()
    await dialog.getByRole('group', { name: 'Horários livres' }).getByRole('button').nth(2).click()
    await shot('quick-booking')
    await dialog.getByLabel('Telefone (WhatsApp)').focus()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('alertdialog', { name: 'Descartar alterações?' })).toBeVisible()
    await shot('discard-prompt')
    await context.close()
  }
})

const SIZES = [
  { name: '390', width: 390, height: 844, phone: true },
  { name: '360', width: 360, height: 800, phone: true },
  { name: '1280', width: 1280, height: 800, phone: false },
]

/** Saves a PNG of the screen after checking nothing is wider than it. */
async function screen(page: Page, dir: string, name: string, width: number, fullPage = false) {
  mkdirSync(dir, { recursive: true })
  await settled(page)
  const o = await overflow(page, width)
  expect(o.offenders, `${name} at ${width}`).toEqual([])
  expect(o.scrollWidth, `${name} at ${width}`).toBeLessThanOrEqual(width)
  await screenshot(page, { path: `${dir}/${name}.png`, fullPage })
}

for (const size of SIZES) {
  test(`a new owner's home at ${size.name} leads with the first steps, once, and no zeros`, async ({ browser, baseURL }) => {
    const context = await sizedContext(browser, baseURL, size)
    const page = await context.newPage()
    await register(page, NAMES.owner, uniqueEmail('nova'))
    const steps = page.getByRole('region', { name: 'Primeiros passos' })
    await expect(steps).toBeVisible()
    // No booking before there is a professional and a service: the missing step instead.
    const next = page.getByRole('link', { name: 'Cadastre um profissional' }).first()
    await expect(next).toBeInViewport()
    await expect(page.getByRole('button', { name: 'Novo agendamento' })).toHaveCount(0)
    await expect(page.getByText('Configure sua loja', { exact: true })).toHaveCount(1)
    await expect(page.getByText('Taxa de conclusão')).toHaveCount(0)
    await expect(page.getByText('0%', { exact: true })).toHaveCount(0)
    await screen(page, `test-results/screens/owner-phone-${size.name}`, 'new-owner-home', size.width, true)

    // A professional but no service: the hero asks for the service.
    await page.getByRole('link', { name: 'Cadastre um profissional' }).first().click()
    await expect(page).toHaveURL(/\/dashboard\/professionals/)
    await context.close()
  })
}

/** An owner with the default hours (Sunday closed), a long service and a loyal client. */
async function loyalSeed(baseURL: string) {
  const api = await request.newContext({ baseURL })
  const email = uniqueEmail('fiel')
  const signup = await api.post('/api/v1/auth/signup', { data: { name: NAMES.owner, email, password: strongPassword, acceptedTerms: TERMS_VERSION } })
  expect(signup.ok(), await signup.text()).toBeTruthy()
  const token = ((await signup.json()) as { session: { accessToken: string } }).session.accessToken
  const store = await call<Record<string, unknown>>(api, token, 'GET', '/store')
  await call(api, token, 'PUT', '/store', {
    ...Object.fromEntries(['description', 'phone', 'logo', 'bookingFlow', 'heroGradient', 'socialMedia', 'workingHours'].map((k) => [k, store[k]])),
    paymentSettings: store.paymentSettings,
    name: NAMES.store,
    address: 'Rua Doutor Cândido Espinheira, 560 - Perdizes',
    timeZone: 'America/Sao_Paulo',
    minNoticeMin: 0,
    horizonDays: 60,
  })
  const maria = await call<{ id: string }>(api, token, 'POST', '/professionals', professionalBody(NAMES.maria))
  const service = await call<{ id: string }>(api, token, 'POST', '/services', {
    name: 'Corte feminino com lavagem e escova modelada',
    description: '',
    duration: 60,
    price: 12000,
    professionalIds: [maria.id],
  })
  await call(api, token, 'POST', '/promotions', {
    name: 'Cartão fidelidade do corte',
    type: 'count',
    targetCount: 5,
    serviceId: service.id,
    reward: 'Corte feminino com lavagem e escova modelada grátis',
  })
  const book = (date: string, time: string, status: string) =>
    call(api, token, 'POST', '/appointments', {
      clientName: NAMES.client,
      clientPhone: '+5511987650000',
      serviceId: service.id,
      professionalId: maria.id,
      date,
      time,
      status,
      paymentMethod: status === 'completed' ? 'pix' : null,
      notes: '',
      force: true,
    })
  // Six kept visits and one still to come: a client who never missed.
  for (let i = 1; i <= 6; i++) await book(storeDate(-7 * i - 1), '10:00', 'completed')
  await book(storeDate(8), '10:00', 'scheduled')
  await book(storeDate(0), '21:00', 'scheduled')
  await api.dispose()
  return { email, token }
}

test('numbers that mislead: completion, loyalty cards and the week view say what is true', async ({ browser, baseURL }) => {
  test.setTimeout(120_000)
  const s = await loyalSeed(baseURL ?? '')
  for (const size of SIZES) {
    const dir = `test-results/screens/owner-phone-${size.name}`
    const context = await sizedContext(browser, baseURL, size)
    const page = await context.newPage()
    await signIn(page, s.email)
    await expect(page).toHaveURL(/\/dashboard$/)

    // Today's row: the whole name, and actions that say what they do.
    const row = page.getByRole('listitem', { name: NAMES.client })
    await expect(row.getByText(NAMES.client, { exact: true })).toBeVisible()
    const name = row.getByText(NAMES.client, { exact: true })
    expect(await name.evaluate((el) => el.scrollHeight <= el.clientHeight + 1), 'the name is cut').toBe(true)
    for (const label of ['Confirmar', 'Concluir', 'Cancelar', 'Não compareceu']) {
      await expect(row.getByRole('button', { name: label, exact: true })).toContainText(label)
    }
    // 'Cancelar' keeps 16 px from 'Confirmar' and 'Concluir' however the actions wrap.
    expect(await crowdedCancels(page), `crowded at ${size.name}`).toEqual([])
    await screen(page, dir, 'home-today', size.width, true)

    // The client: 100 %, not 86 % for the visit still to come.
    await page.goto(`/dashboard/clients/${encodeURIComponent('+5511987650000')}`)
    await expect(page.getByText('Taxa de conclusão')).toBeVisible()
    await expect(page.getByText('100%', { exact: true }).first()).toBeVisible()
    await expect(page.getByText('86%')).toHaveCount(0)
    await screen(page, dir, 'client', size.width, true)

    // The loyalty card: the service named once, and 'Completo', never '6 de 5 visitas'.
    await page.goto('/dashboard/promotions')
    await expect(page.getByText('5 visitas de Corte feminino com lavagem e escova modelada = 1 grátis').first()).toBeVisible()
    await expect(page.getByText(/6 de 5 visitas/)).toHaveCount(0)
    await screen(page, dir, 'promotions', size.width, true)
    await page.getByRole('button', { name: /1 cliente ganhou/ }).or(page.getByRole('link', { name: /1 cliente ganhou/ })).first().click()
    const card = page.getByRole('listitem').filter({ hasText: NAMES.client }).first()
    await expect(card).toContainText('Completo')
    await expect(card).not.toContainText('de 5 visitas')
    await screen(page, dir, 'loyalty-card', size.width, true)

    // The week: 'Fechado' on Sunday (the store's default hours), nothing on past empty days.
    // (On a Sunday, today's appointments are on it: next week's says it.)
    const onSunday = new Date(`${storeDate(0)}T12:00:00Z`).getUTCDay() === 0
    await page.goto(`/dashboard/appointments?view=week&date=${storeDate(onSunday ? 7 : 0)}`)
    const sunday = page.getByRole('region', { name: /^Dom / })
    await expect(sunday).toContainText('Fechado')
    await expect(sunday).not.toContainText('Livre')
    await screen(page, dir, 'week', size.width, true)
    await context.close()
  }
})
