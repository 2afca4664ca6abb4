import { type APIRequestContext, type Browser, type Locator, type Page, request } from '@playwright/test'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'

import { axe, type AxeFinding, consentsWithoutSentence, crowdedCancels, overflow, primaryActions, smallTargets } from './audit'
import {
  ADMIN_EMAILS,
  call,
  dismissEach,
  professionalBody,
  screenshot,
  sendStripeEvent,
  settled,
  signIn,
  sizedContext,
  storeDate,
  stripeId,
  stripeSignature,
  strongPassword,
  subscribePremium,
  TERMS_VERSION,
  userIdOf,
} from './support'
import { expect, test } from './traffic'

// The sizes read the seed and write nothing another size reads, so they spread over both workers;
// each worker seeds its own server once (beforeAll below).
test.describe.configure({ mode: 'parallel' })

// Every page and every dialog, with a real salon's long names in every field, at two phone
// sizes and a computer's: the page never gets wider than the screen (a phone's booking button
// and bottom bar stay on it), axe-core finds nothing serious or critical, every control is at
// least 44 × 44 px on a phone, and focus returns to the control that opened a dialog. On a phone
// every booking step's primary action (and a dashboard dialog's submit) is on screen without
// scrolling, and no checkbox or switch is named by a hint alone, without the sentence it
// consents to.
// A summary of each run goes to test-results/every-screen-<size>.json.

const sizes = [
  { name: '360', width: 360, height: 800, phone: true },
  { name: '390', width: 390, height: 844, phone: true },
  { name: '1280', width: 1280, height: 800, phone: false },
] as const
type Size = (typeof sizes)[number]

const LONG = {
  owner: 'Maria Aparecida dos Santos Oliveira',
  store: 'Espaço de Beleza Maria Aparecida dos Santos Cabeleireiros',
  description:
    'Há mais de vinte anos cuidando da beleza de São José dos Campos: cortes femininos e masculinos, coloração, mechas, tratamentos capilares, manicure, pedicure, design de sobrancelhas e maquiagem para noivas e formaturas.',
  address:
    'Avenida Presidente Juscelino Kubitschek de Oliveira, 1.234, Sala 56 - Jardim Esplanada, São José dos Campos - SP, 12242-000',
  professional: 'Maria Aparecida dos Santos Oliveira',
  role: 'Manicure e designer de sobrancelhas',
  specialties: ['Alongamento de unhas em gel', 'Design de sobrancelhas com henna', 'Spa dos pés e das mãos', 'Esmaltação em gel'],
  second: 'Fernanda Cristina Rodrigues do Nascimento',
  secondRole: 'Cabeleireira, colorista e especialista em mechas',
  service: 'Coloração completa com hidratação profunda e escova modelada',
  serviceDescription:
    'Coloração da raiz às pontas com produtos sem amônia, hidratação profunda com máscara de queratina e escova modelada para finalizar. Leve fotos de referência, se quiser.',
  short: 'Manicure e pedicure',
  client: 'Ana Carolina Ferreira de Albuquerque Cavalcanti',
  clientPhone: '11987654321',
  reason: 'Curso de aperfeiçoamento em colorimetria avançada no centro de São Paulo',
  notes: 'Cliente prefere água com gás e tem alergia a produtos com amônia; confirmar pelo WhatsApp na véspera.',
  // The customer of the manage link, and her loyalty cards.
  customer: 'Beatriz Helena Guimarães de Vasconcelos Sampaio',
  customerPhone: '21998877665',
  countCard: 'Cartão fidelidade de coloração com hidratação profunda e escova',
  countReward: 'Hidratação profunda com máscara de queratina e escova modelada grátis',
  valueCard: 'Clube da beleza: a cada R$ 500,00 em serviços, um mimo da casa',
  valueReward: 'Escova modelada com babyliss e finalização com óleo de argan grátis',
  welcomeCard: 'Boas-vindas da casa na sua primeira visita concluída com a gente',
  welcomeReward: 'Design de sobrancelhas com henna e spa das mãos grátis',
  client2: 'Maria Aparecida dos Santos Albuquerque',
  client2Phone: '21987651234',
  promotion: 'Cartão Fidelidade Escova Progressiva Premium',
  reward: 'Escova progressiva grátis com hidratação',
  valuePromotion: 'Clube da Hidratação Profunda com Queratina e Óleo de Argan',
  pausedPromotion: 'Indique uma Amiga e Ganhe Manicure e Pedicure Completas',
}

type Seed = {
  email: string
  slug: string
  /** A free store whose limit is used up: its page takes no online bookings. */
  fullSlug: string
  professionalId: string
  clientPath: string
  manageToken: string
  today: string
  valuePromotionId: string
  /** Fernanda's own login: a profissional of the salon's team (issue 26). */
  memberEmail: string
  /** A manager's and a receptionist's logins on the same team. */
  staffEmails: { gerente: string; recepcao: string }
  /** An invitation still waiting to be accepted, for its page. */
  inviteToken: string
}

/** An owner whose store has the longest names a real salon uses, in every field. */
async function seed(baseURL: string): Promise<Seed> {
  const api = await request.newContext({ baseURL })
  // An admin too, for Admin Planos and Admin Webhooks (AGENDO_ADMIN_EMAILS in global-setup.ts).
  const email = ADMIN_EMAILS[1] ?? ''
  const signup = await api.post('/api/v1/auth/signup', { data: { name: LONG.owner, email, password: strongPassword, acceptedTerms: TERMS_VERSION } })
  expect(signup.ok(), await signup.text()).toBeTruthy()
  const token = ((await signup.json()) as { session: { accessToken: string } }).session.accessToken
  // Premium: the walk books at each size (and the loyalty cards need visits), past the free
  // plan's 10 appointments; plans.spec.ts covers the limit.
  await subscribePremium(api, await userIdOf(api, token))

  const open = { open: '08:00', close: '20:00', isOpen: true }
  const week = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']
  const current = await call<{ bookingFlow: string; heroGradient: string }>(api, token, 'GET', '/store')
  const store = await call<{ slug: string }>(api, token, 'PUT', '/store', {
    name: LONG.store,
    description: LONG.description,
    phone: '12988776655',
    address: LONG.address,
    logo: null,
    bookingFlow: current.bookingFlow,
    heroGradient: current.heroGradient,
    workingHours: Object.fromEntries(week.map((d) => [d, open])),
    socialMedia: {
      instagram: '@espacodebelezamariaaparecida',
      facebook: 'facebook.com/espacodebelezamariaaparecidadossantoscabeleireiros',
      whatsapp: '12988776655',
    },
    paymentSettings: {
      acceptedMethods: ['pix', 'cash', 'credit_card', 'debit_card'],
      pixKey: 'financeiro@espacodebelezamariaaparecida.com.br',
      pixKeyType: 'email',
      pixReceiverName: 'Maria Aparecida Oliveira',
      pixCity: 'S. J. Campos',
    },
    timeZone: 'America/Sao_Paulo',
    minNoticeMin: 0,
    horizonDays: 60,
  })
  const maria = await call<{ id: string }>(api, token, 'POST', '/professionals', {
    ...professionalBody(LONG.professional, LONG.role),
    specialties: LONG.specialties,
  })
  const fernanda = await call<{ id: string }>(api, token, 'POST', '/professionals', {
    ...professionalBody(LONG.second, LONG.secondRole),
    specialties: ['Mechas e luzes', 'Coloração', 'Escova progressiva sem formol'],
  })
  const long = await call<{ id: string }>(api, token, 'POST', '/services', {
    name: LONG.service,
    description: LONG.serviceDescription,
    duration: 180,
    price: 28990,
    professionalIds: [maria.id, fernanda.id],
    // Every part of a service's timing, so each screen that shows it does (issue 27).
    bufferBefore: 10,
    bufferAfter: 15,
    processingStart: 60,
    processingMin: 45,
  })
  await call(api, token, 'POST', '/services', {
    name: LONG.short,
    description: 'Cutilagem, esmaltação e hidratação das mãos e dos pés.',
    duration: 90,
    price: 7500,
    professionalIds: [maria.id],
  })
  await call(api, token, 'POST', '/blocked-times', {
    professionalId: maria.id,
    date: storeDate(3),
    startTime: '13:00',
    endTime: '18:00',
    reason: LONG.reason,
  })
  const book = (date: string, time: string, status: string, professionalId = maria.id) =>
    call<{ id: string }>(api, token, 'POST', '/appointments', {
      clientName: LONG.client,
      clientPhone: LONG.clientPhone,
      serviceId: long.id,
      professionalId,
      date,
      time,
      status,
      paymentMethod: 'credit_card',
      notes: LONG.notes,
      force: true,
    })
  // The loyalty programme, all of it shown: three cards (visits, money, and one the customer has
  // earned) and her first completed visit.
  const gamification = await call<Record<string, unknown>>(api, token, 'GET', '/gamification')
  await call(api, token, 'PUT', '/gamification', { ...gamification, enabled: true, showTotalSpent: true, showCompletionRate: true })
  await call(api, token, 'POST', '/promotions', {
    name: LONG.countCard,
    type: 'count',
    targetCount: 10,
    serviceId: long.id,
    reward: LONG.countReward,
  })
  await call(api, token, 'POST', '/promotions', { name: LONG.valueCard, type: 'value', targetValue: 50000, reward: LONG.valueReward })
  await call(api, token, 'POST', '/promotions', {
    name: LONG.welcomeCard,
    type: 'count',
    targetCount: 1,
    reward: LONG.welcomeReward,
    validDays: 30,
  })
  await call(api, token, 'POST', '/appointments', {
    clientName: LONG.customer,
    clientPhone: LONG.customerPhone,
    serviceId: long.id,
    professionalId: maria.id,
    date: storeDate(-14),
    time: '10:00',
    status: 'completed',
    paymentMethod: 'pix',
    force: true,
  })

  const today = storeDate(0)
  await book(today, '09:00', 'scheduled')
  await book(today, '13:00', 'confirmed', fernanda.id)
  await book(storeDate(1), '10:00', 'scheduled')
  await book(storeDate(-7), '10:00', 'completed')
  const gone = await book(storeDate(2), '16:00', 'scheduled')
  await call(api, token, 'DELETE', `/appointments/${gone.id}`)
  // Loyalty cards: a second client's completed visit, a card by visits one visit from the
  // reward, one by value both clients earned, and a paused one.
  await call(api, token, 'POST', '/appointments', {
    clientName: LONG.client2,
    clientPhone: LONG.client2Phone,
    serviceId: long.id,
    professionalId: fernanda.id,
    date: storeDate(-10),
    time: '15:00',
    status: 'completed',
    paymentMethod: 'pix',
    notes: '',
    force: true,
  })
  await call(api, token, 'POST', '/promotions', {
    name: LONG.pausedPromotion,
    type: 'count',
    targetCount: 1,
    reward: 'Manicure e pedicure completas',
    isActive: false,
  })
  const valuePromotion = await call<{ id: string }>(api, token, 'POST', '/promotions', {
    name: LONG.valuePromotion,
    type: 'value',
    targetValue: 25000,
    reward: 'Hidratação profunda com queratina',
    startDate: storeDate(-60),
    endDate: storeDate(60),
    validDays: 60,
  })
  await call(api, token, 'POST', '/promotions', {
    name: LONG.promotion,
    type: 'count',
    targetCount: 2,
    serviceId: long.id,
    reward: LONG.reward,
    validDays: 30,
  })

  // A customer's own booking, for the manage link.
  const day = storeDate(5)
  const free = await api.get(
    `/api/v1/public/stores/${store.slug}/availability?serviceId=${long.id}&professionalId=${maria.id}&from=${day}&days=1`,
  )
  const times = ((await free.json()) as { days: { times: string[] }[] }).days[0]?.times ?? []
  expect(times.length, 'a free time for the customer').toBeGreaterThan(0)
  const booked = await api.post(`/api/v1/public/stores/${store.slug}/bookings`, {
    data: {
      serviceId: long.id,
      professionalId: maria.id,
      date: day,
      time: times[0],
      clientName: LONG.customer,
      clientPhone: LONG.customerPhone,
      notes: LONG.notes,
    },
  })
  expect(booked.ok(), await booked.text()).toBeTruthy()
  const manageToken = ((await booked.json()) as { token: string }).token

  // Both clients said yes to news on WhatsApp at the counter: the WhatsApp lists hold only them.
  for (const phone of [LONG.clientPhone, LONG.customerPhone]) {
    await call(api, token, 'POST', `/clients/55${phone}/consent`, { granted: true, source: 'in_person' })
  }

  // Webhook deliveries for Admin Webhooks' log: one Stripe sends that Agendo does not use, and
  // one with a signature that does not match.
  await sendStripeEvent(api, 'charge.refunded', { id: stripeId('ch'), object: 'charge', customer: stripeId('cus') })
  const forged = JSON.stringify({ id: stripeId('evt'), object: 'event', type: 'invoice.paid', data: { object: {} } })
  const refused = await api.post('/api/v1/webhooks/billing', {
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': stripeSignature(forged, undefined, 'whsec_outro') },
    data: forged,
  })
  expect(refused.status()).toBe(400)
  // The team: Fernanda has her own login, and a receptionist's invitation waits.
  const tokenOf = (link: string) => link.slice(link.lastIndexOf('/') + 1)
  const memberInvite = await call<{ link: string }>(api, token, 'POST', '/team/invitations', {
    role: 'profissional',
    professionalId: fernanda.id,
    name: LONG.second,
  })
  const memberEmail = `fernanda-${Date.now().toString(36)}@agendo.test`
  const joined = await api.post('/api/v1/auth/signup', {
    data: { name: LONG.second, email: memberEmail, password: strongPassword, acceptedTerms: TERMS_VERSION, invitation: tokenOf(memberInvite.link) },
  })
  expect(joined.ok(), await joined.text()).toBeTruthy()
  const staffEmails = { gerente: '', recepcao: '' }
  for (const role of ['gerente', 'recepcao'] as const) {
    const invite = await call<{ link: string }>(api, token, 'POST', '/team/invitations', { role })
    staffEmails[role] = `${role}-${Date.now().toString(36)}@agendo.test`
    const staff = await api.post('/api/v1/auth/signup', {
      data: { name: role === 'gerente' ? LONG.client2 : LONG.customer, email: staffEmails[role], password: strongPassword, acceptedTerms: TERMS_VERSION, invitation: tokenOf(invite.link) },
    })
    expect(staff.ok(), await staff.text()).toBeTruthy()
  }
  const waiting = await call<{ link: string }>(api, token, 'POST', '/team/invitations', { role: 'recepcao', name: LONG.customer })
  const fullSlug = await seedFullStore(api)
  await api.dispose()
  return {
    email,
    slug: store.slug,
    fullSlug,
    professionalId: maria.id,
    clientPath: `/dashboard/clients/55${LONG.clientPhone}`,
    manageToken,
    today,
    valuePromotionId: valuePromotion.id,
    memberEmail,
    staffEmails,
    inviteToken: tokenOf(waiting.link),
  }
}

/** A free salon whose 10 appointments are used up, with long names and no WhatsApp (only a phone). */
async function seedFullStore(api: APIRequestContext): Promise<string> {
  const signup = await api.post('/api/v1/auth/signup', {
    data: { name: LONG.second, email: `lotado-${Date.now().toString(36)}@agendo.test`, password: strongPassword, acceptedTerms: TERMS_VERSION },
  })
  expect(signup.ok(), await signup.text()).toBeTruthy()
  const token = ((await signup.json()) as { session: { accessToken: string } }).session.accessToken
  const current = await call<Record<string, unknown>>(api, token, 'GET', '/store')
  const keep = ['description', 'logo', 'bookingFlow', 'heroGradient', 'workingHours', 'paymentSettings']
  const store = await call<{ slug: string }>(api, token, 'PUT', '/store', {
    ...Object.fromEntries(keep.map((k) => [k, current[k]])),
    name: `${LONG.store} Lotado`,
    phone: '1233445566',
    address: LONG.address,
    socialMedia: { instagram: '', facebook: '', whatsapp: '' },
    timeZone: 'America/Sao_Paulo',
    minNoticeMin: 0,
    horizonDays: 60,
  })
  const pro = await call<{ id: string }>(api, token, 'POST', '/professionals', professionalBody(LONG.second, LONG.secondRole))
  const svc = await call<{ id: string }>(api, token, 'POST', '/services', {
    name: LONG.service,
    description: LONG.serviceDescription,
    duration: 30,
    price: 28990,
    professionalIds: [pro.id],
  })
  for (let i = 0; i < 10; i++) {
    await call(api, token, 'POST', '/appointments', {
      clientName: LONG.client,
      clientPhone: LONG.clientPhone,
      serviceId: svc.id,
      professionalId: pro.id,
      date: storeDate(-20 + i),
      time: '10:00',
      status: 'completed',
      force: true,
    })
  }
  return store.slug
}

type Report = {
  screen: string
  scrollWidth: number
  offenders: string[]
  axe: AxeFinding[]
  smallest: number
  small: string[]
  crowded: string[]
  /** Primary actions outside the viewport (phone), or that the screen should have and lacks. */
  primary: string[]
  consents: string[]
  ms: number[]
}

/** Checks one screen and records what it found; the test fails at the end with all of it. */
async function check(page: Page, size: Size, screen: string, reports: Report[], needsPrimary = false) {
  await settled(page) // a dialog's or a toast's opening animation
  // An answer that lands just now (a delete dialog's impact enabling its button) starts a
  // transition of its own: let it start, and finish, before axe measures colours.
  await page.waitForTimeout(150)
  await settled(page)
  const t0 = Date.now()
  const o = await overflow(page, size.width)
  const t1 = Date.now()
  const found = await axe(page)
  const t2 = Date.now()
  const targets = size.phone ? await smallTargets(page) : { small: [], smallest: 0 }
  const t3 = Date.now()
  const crowded = await crowdedCancels(page)
  const primary: string[] = []
  if (size.phone) {
    const actions = await primaryActions(page)
    primary.push(...actions.offscreen.map((o) => `off screen: ${o}`))
    if (needsPrimary && actions.found === 0) primary.push('no primary action found')
  }
  const consents = await consentsWithoutSentence(page)
  reports.push({
    screen,
    scrollWidth: o.scrollWidth,
    offenders: o.offenders,
    axe: found,
    smallest: targets.smallest,
    small: targets.small.map((t) => `${t.what} ${t.width}×${t.height}`),
    crowded,
    primary,
    consents,
    ms: [t1 - t0, t2 - t1, t3 - t2],
  })
}

/** Opens a dialog with `trigger`, checks it, closes it with Escape and expects focus back on the trigger. */
async function dialog(
  page: Page,
  size: Size,
  screen: string,
  reports: Report[],
  focus: string[],
  trigger: Locator,
  name: string | RegExp,
  returnTo: Locator = trigger,
) {
  await trigger.click()
  const d = page.getByRole('dialog', { name }).or(page.getByRole('alertdialog', { name }))
  await expect(d.first()).toBeVisible()
  await check(page, size, screen, reports)
  await page.keyboard.press('Escape')
  await expect(d.first()).toBeHidden()
  // Focus returns when the dialog unmounts, after its closing animation: within 2 s.
  const back = await expect
    .poll(() => returnTo.evaluate((el) => el === document.activeElement).catch(() => false), { timeout: 2_000 })
    .toBe(true)
    .then(() => true)
    .catch(() => false)
  if (!back) {
    const at = await page.evaluate(() => {
      const el = document.activeElement
      return el ? `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}"` : 'nothing'
    })
    focus.push(`${screen}: focus went to ${at}`)
  }
}

async function visit(page: Page, path: string, ready: Locator) {
  await page.goto(path)
  await expect(ready.first()).toBeVisible()
}

async function walk(browser: Browser, baseURL: string, size: Size, s: Seed) {
  const reports: Report[] = []
  const focus: string[] = []
  const blocked: string[] = []
  const context = await sizedContext(browser, baseURL, size, { permissions: ['clipboard-read', 'clipboard-write'] })
  const page = await context.newPage()
  page.setDefaultTimeout(8_000)
  const at = (screen: string) => check(page, size, screen, reports)
  /** A booking step: its primary action must be there, and on a phone on screen. */
  const atStep = (screen: string) => check(page, size, screen, reports, true)
  const open = (screen: string, trigger: Locator, name: string | RegExp, returnTo?: Locator) =>
    dialog(page, size, screen, reports, focus, trigger, name, returnTo)
  /** A screenshot for a person to look at (test-results/screens/every-screen-<size>/). */
  const shoot = async (name: string, fullPage = false) => {
    mkdirSync(`test-results/screens/every-screen-${size.name}`, { recursive: true })
    await screenshot(page, { path: `test-results/screens/every-screen-${size.name}/${name}.png`, fullPage })
  }
  /** Runs one part of the walk; a part that cannot be done is reported and the walk goes on. */
  const part = async (name: string, fn: () => Promise<void>) => {
    try {
      await fn()
    } catch (err) {
      blocked.push(`${name}: ${String(err).split('\n').slice(0, 3).join(' ').replace(/\s+/g, ' ')}`)
      await context.setOffline(false).catch(() => {})
      await page.keyboard.press('Escape').catch(() => {})
    }
  }

  // Visitors.
  await part('store page', async () => {
    await visit(page, `/store/${s.slug}`, page.getByRole('heading', { name: LONG.store }))
    await at('store page')
  })
  await part('booking sheet', async () => {
    await open(
      'booking sheet: service',
      page.getByRole('button', { name: 'Agendar horário' }).last(),
      new RegExp(`Agendar · ${LONG.store}`),
    )
    await page.getByRole('button', { name: 'Agendar horário' }).last().click()
    await expect(page.getByRole('dialog').getByRole('heading', { name: 'Escolha o serviço' })).toBeVisible()
    await atStep('booking sheet: service (primary)')
    await page.getByRole('dialog').getByRole('button', { name: new RegExp(`^${LONG.service}`) }).click()
    const sheet = page.getByRole('dialog')
    await expect(sheet.getByRole('button', { name: new RegExp(LONG.professional) })).toBeVisible()
    await atStep('booking sheet: professional')
    await sheet.getByRole('button', { name: new RegExp(LONG.professional) }).click()
    await expect(sheet.getByRole('button', { name: /horários? livres?$/ }).first()).toBeVisible()
    await atStep('booking sheet: day')
    await sheet.getByRole('button', { name: /horários? livres?$/ }).first().click()
    await expect(sheet.getByRole('button', { name: /^\d\d:\d\d$/ }).first()).toBeVisible()
    await atStep('booking sheet: time')
    await sheet.getByRole('button', { name: /^\d\d:\d\d$/ }).first().click()
    await expect(sheet.getByLabel('Seu nome')).toBeVisible()
    await atStep('booking sheet: details')
    await shoot('booking-details')
    // With a long note typed, 'Confirmar agendamento' is still on screen.
    await sheet.getByLabel(/Observação/).fill(LONG.notes.repeat(4).slice(0, 500))
    await atStep('booking sheet: details, long note')
    // Without a connection 'Confirmar' says so; back online, 'Tentar de novo' books.
    await sheet.getByLabel('Seu nome').fill(LONG.client)
    await sheet.getByLabel('Telefone (WhatsApp)').fill(LONG.clientPhone)
    await context.setOffline(true)
    await sheet.getByRole('button', { name: 'Confirmar agendamento' }).click()
    await expect(sheet.getByText('Sem internet: o agendamento ainda não foi enviado.')).toBeVisible()
    await atStep('booking sheet: offline')
    await shoot('booking-offline')
    // Back online, it is sent by itself.
    await context.setOffline(false)
    await expect(sheet.getByRole('heading', { name: 'Agendamento confirmado' })).toBeVisible()
    await at('booking sheet: confirmation')
    await sheet.getByRole('button', { name: 'Mostrar QR Code' }).click()
    await expect(sheet.getByRole('img', { name: 'QR Code do Pix' })).toBeVisible()
    await at('booking sheet: Pix QR Code')
    await page.keyboard.press('Escape')
    await expect(sheet).toHaveCount(0)
  })
  await part('booking sheet: month offline', async () => {
    await page.getByRole('button', { name: `Agendar ${LONG.service}` }).click()
    const sheet = page.getByRole('dialog')
    await context.setOffline(true)
    await sheet.getByRole('button', { name: new RegExp(LONG.second) }).click()
    await expect(sheet.getByText('Sem conexão. Tentando de novo…')).toBeVisible()
    await at('booking sheet: month offline')
    await context.setOffline(false)
    await page.keyboard.press('Escape')
    await expect(sheet).toHaveCount(0)
  })
  await part('store page: at the free limit', async () => {
    await visit(page, `/store/${s.fullSlug}`, page.getByRole('heading', { name: 'Agendamento online indisponível no momento' }))
    await atStep('store page: at the free limit')
    await shoot('store-full')
  })
  await part('professional page', async () => {
    await visit(page, `/profissional/${s.professionalId}`, page.getByRole('heading', { name: LONG.professional }))
    await at('professional page')
  })
  await part('manage link', async () => {
    await visit(page, `/agendamento/${s.manageToken}`, page.getByRole('button', { name: 'Cancelar agendamento' }))
    const loyalty = page.getByRole('region', { name: 'Seu programa de fidelidade' })
    await expect(loyalty.getByRole('progressbar', { name: LONG.welcomeCard })).toBeVisible()
    await expect(loyalty.getByText(`Você ganhou: ${LONG.welcomeReward}!`)).toBeVisible()
    await at('manage link')
    await shoot('manage-link', true)
    await page.getByRole('button', { name: 'Cancelar agendamento' }).click()
    await at('manage link: cancel')
    await page.getByRole('button', { name: 'Voltar', exact: true }).click()
    await page.getByRole('button', { name: 'Remarcar' }).click()
    await at('manage link: move')
  })
  for (const [path, heading] of [
    ['/login', 'Entrar'],
    ['/register', 'Criar conta'],
    ['/forgot-password', 'Esqueceu a senha?'],
    ['/reset-password?token=x', /senha/i],
    ['/pagina-que-nao-existe', /não encontrada/i],
    [`/convite/${s.inviteToken}`, 'Convite para a equipe'],
  ] as const) {
    await part(path, async () => {
      await visit(page, path, page.getByRole('heading', { name: heading }))
      await at(path)
    })
  }

  // The owner.
  await signIn(page, s.email)
  await expect(page).toHaveURL(/\/dashboard$/)
  await part('/dashboard', async () => {
    await expect(page.getByText(LONG.client).first()).toBeVisible()
    await at('/dashboard')
  })
  await part('quick booking', async () => {
    const quick = page.getByRole('button', { name: 'Novo agendamento', exact: true })
    await quick.click()
    const d = page.getByRole('dialog', { name: 'Novo agendamento' })
    await d.getByRole('radio', { name: LONG.service, exact: true }).check()
    // The second professional: the public booking at each size takes the first one's next free times.
    await d.getByRole('radio', { name: LONG.second, exact: true }).check()
    await d.getByRole('button', { name: 'Amanhã' }).click()
    await expect(d.getByRole('group', { name: 'Horários livres' }).getByRole('button').first()).toBeVisible()
    await check(page, size, 'quick booking', reports)
    // Half filled, then Escape: it asks before throwing the booking away.
    // A new client: a known name would open the suggestions, and Escape closes those first.
    await d.getByLabel('Cliente', { exact: true }).fill('Gabriela Cristina Montenegro de Albuquerque Bastos')
    await d.getByLabel('Telefone (WhatsApp)').fill('21998877665')
    await expect(page.getByRole('listbox')).toHaveCount(0)
    await page.keyboard.press('Escape')
    const ask = page.getByRole('alertdialog', { name: 'Descartar alterações?' })
    await expect(ask).toBeVisible()
    await check(page, size, 'discard prompt', reports)
    await ask.getByRole('button', { name: 'Descartar' }).click()
    await expect(d).toBeHidden()
    await expect(ask).toBeHidden()
    if (!(await quick.evaluate((el) => el === document.activeElement))) focus.push('quick booking: focus did not return to Novo agendamento')
  })
  await part('menu and help', async () => {
    const menu = page.getByRole('button', { name: 'Abrir menu' })
    if (size.phone) {
      await open('menu drawer', menu, 'Menu')
      await menu.click()
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Ajuda' }).click()
      await expect(page.getByRole('dialog', { name: 'Precisa de ajuda?' })).toBeVisible()
      await check(page, size, 'help dialog', reports)
      await page.keyboard.press('Escape')
      await expect(page.getByRole('dialog', { name: 'Precisa de ajuda?' })).toBeHidden()
      if (!(await menu.evaluate((el) => el === document.activeElement))) focus.push('help dialog: focus did not return to the menu button')
    } else {
      await open('help dialog', page.getByRole('button', { name: 'Ajuda' }), 'Precisa de ajuda?')
    }
  })

  const agenda = (view: string) => `/dashboard/appointments?view=${view}&date=${s.today}`
  // A column per professional on a computer, a list on a phone.
  const appointment = page.getByRole('button', { name: new RegExp(LONG.client) })
  await part('agenda: day', async () => {
    await visit(page, agenda('day'), appointment)
    await at('agenda: day')
    await open('new appointment', page.getByRole('button', { name: 'Novo agendamento', exact: true }).first(), 'Novo agendamento')
    await open('appointment details', appointment.first(), new RegExp(LONG.client))
  })
  await part('agenda: series review', async () => {
    // A visit's second service, then a regular's series (issue 27): the repeat fields, then every date to confirm, with the long
    // names, at each size.
    await visit(page, agenda('day'), appointment)
    await page.getByRole('button', { name: 'Novo agendamento', exact: true }).first().click()
    const d = page.getByRole('dialog', { name: 'Novo agendamento' })
    await d.getByLabel('Cliente', { exact: true }).fill('Gabriela Cristina Montenegro de Albuquerque Bastos')
    await d.getByLabel('Telefone (WhatsApp)').fill('21998877665')
    await d.getByRole('radio', { name: LONG.service, exact: true }).check()
    await d.getByRole('radio', { name: LONG.professional, exact: true }).check()
    await d.getByLabel('Horário').fill('10:00')
    // A visit of two services first (issue 27): the second one's fields, with the long names.
    await d.getByRole('button', { name: 'Adicionar outro serviço' }).click()
    await d.getByRole('combobox', { name: 'Serviço 2', exact: true }).selectOption({ index: 1 })
    await d.getByRole('combobox', { name: 'Profissional do serviço 2' }).selectOption({ index: 1 })
    await at('appointment visit fields')
    await shoot('appointment-visit')
    await d.getByRole('button', { name: 'Tirar o 2º serviço' }).click()
    await d.getByLabel('Repetir').selectOption({ label: 'A cada 3 semanas' })
    await at('appointment repeat fields')
    await d.getByRole('button', { name: 'Ver datas' }).click()
    await expect(d.getByRole('region', { name: 'Confira as datas' }).getByRole('listitem')).toHaveCount(6)
    await at('series review')
    await shoot('series-review')
    await page.keyboard.press('Escape')
    await page.getByRole('alertdialog', { name: 'Descartar alterações?' }).getByRole('button', { name: 'Descartar' }).click()
    await expect(d).toBeHidden()
  })
  await part('agenda: week', async () => {
    await visit(page, agenda('week'), page.getByRole('button', { name: new RegExp(LONG.client) }))
    await at('agenda: week')
  })
  await part('agenda: list', async () => {
    await visit(page, agenda('list'), page.getByText(LONG.client))
    await at('agenda: list')
    await open('waitlist', page.getByRole('button', { name: /^Lista de espera/ }), 'Lista de espera')
  })
  await part('agenda: trash', async () => {
    await visit(page, agenda('trash'), page.getByText(LONG.client))
    await at('agenda: trash')
  })
  await part('clients', async () => {
    await visit(page, '/dashboard/clients', page.getByRole('link', { name: new RegExp(LONG.client) }))
    await at('clients')
    await shoot('clients', true)
    await open('new client', page.getByRole('button', { name: 'Novo cliente' }), 'Novo cliente')
    await open('import clients', page.getByRole('button', { name: 'Importar clientes' }), 'Importar clientes')
  })
  await part('whatsapp lists', async () => {
    // No one is away for 30 days (the empty list); the clients have rewards to use (each listed
    // once, with the newest card they earned), and both spent enough for Prata.
    const trigger = page.getByRole('button', { name: 'Chamar no WhatsApp' })
    await trigger.click()
    const sheet = page.getByRole('dialog', { name: 'Chamar no WhatsApp' })
    await expect(sheet.getByText(/Ninguém sumido há mais de 30 dias/)).toBeVisible()
    await check(page, size, 'whatsapp: sem visita', reports)
    await shoot('whatsapp-sem-visita')
    await sheet.getByRole('tab', { name: 'Com prêmio' }).click()
    await expect(sheet.getByRole('link', { name: `Abrir no WhatsApp com ${LONG.customer}` })).toBeVisible()
    await expect(sheet.getByRole('link', { name: `Abrir no WhatsApp com ${LONG.client}` })).toBeVisible()
    await expect(sheet.getByText(/^Ganhou: /).first()).toBeVisible()
    await check(page, size, 'whatsapp: com prêmio', reports)
    await shoot('whatsapp-com-premio')
    await sheet.getByRole('tab', { name: 'Aniversariantes' }).click()
    await expect(sheet.getByText('Nenhum aniversariante esta semana')).toBeVisible()
    await check(page, size, 'whatsapp: aniversariantes', reports)
    await sheet.getByRole('tab', { name: 'Por nível' }).click()
    await sheet.getByRole('combobox', { name: 'Nível' }).selectOption('Prata')
    await expect(sheet.getByRole('link', { name: `Abrir no WhatsApp com ${LONG.client}` })).toBeVisible()
    await expect(sheet.getByRole('link', { name: `Abrir no WhatsApp com ${LONG.customer}` })).toBeVisible()
    await check(page, size, 'whatsapp: por nível', reports)
    await shoot('whatsapp-por-nivel')
    await page.keyboard.press('Escape')
    await expect(sheet).toBeHidden()
    if (!(await trigger.evaluate((el) => el === document.activeElement))) focus.push('whatsapp lists: focus did not return to Chamar no WhatsApp')
  })
  await part('client', async () => {
    await visit(page, s.clientPath, page.getByRole('heading', { name: LONG.client }))
    await at('client')
    await open('client edit', page.getByRole('button', { name: 'Editar' }), 'Editar cliente')
  })
  await part('store profile', async () => {
    await visit(page, '/dashboard/store', page.getByLabel('Nome da loja'))
    await at('store profile')
    await page.getByRole('button', { name: 'Copiar endereço' }).click()
    await expect(page.getByText('Endereço copiado')).toBeVisible()
    await check(page, size, 'store profile: toast', reports)
  })
  await part('services', async () => {
    await visit(page, '/dashboard/services', page.getByRole('heading', { name: LONG.service }))
    await at('services')
    await shoot('services', true)
    await open('edit service', page.getByRole('button', { name: `Editar ${LONG.service}` }), 'Editar serviço')
  })
  await part('professionals', async () => {
    await visit(page, '/dashboard/professionals', page.getByRole('heading', { name: LONG.professional }))
    await at('professionals')
    await shoot('professionals', true)
    await open('edit professional', page.getByRole('button', { name: `Editar ${LONG.professional}` }), 'Editar profissional')
    await open('blocked times', page.getByRole('button', { name: `Bloqueios de ${LONG.professional}` }), 'Bloqueios de horário')
    await open('delete professional', page.getByRole('button', { name: `Excluir ${LONG.professional}` }), /Excluir/)
  })
  await part('team', async () => {
    await visit(page, '/dashboard/team', page.getByRole('heading', { name: 'O que cada função pode fazer' }))
    await expect(page.getByText(LONG.customer).first()).toBeVisible()
    await at('team')
    await shoot('team', true)
    await open('change role', page.getByRole('button', { name: `Mudar a função de ${LONG.second}` }), `Função de ${LONG.second}`)
    await open('own agenda', page.getByRole('button', { name: 'Minha agenda' }), 'Minha agenda')
    await open('invite', page.getByRole('button', { name: 'Convidar', exact: true }), 'Convidar para a equipe')
    await page.getByRole('button', { name: 'Convidar', exact: true }).click()
    const d = page.getByRole('dialog', { name: 'Convidar para a equipe' })
    await d.getByLabel('Função').selectOption('recepcao')
    await d.getByLabel('Nome (opcional)').fill(LONG.client2)
    await d.getByLabel('WhatsApp (opcional)').fill(LONG.client2Phone)
    await d.getByRole('button', { name: 'Criar convite' }).click()
    await expect(page.getByRole('dialog', { name: 'Convite criado' })).toBeVisible()
    await at('invite: link')
    await shoot('team-invite-link')
    await page.keyboard.press('Escape')
  })
  await part('/dashboard/settings', async () => {
    await visit(page, '/dashboard/settings', page.getByRole('heading', { level: 1 }))
    await at('/dashboard/settings')
  })
  await part('reports', async () => {
    await visit(page, '/dashboard/reports', page.getByRole('region', { name: 'Faturamento', exact: true }))
    await expect(page.getByRole('region', { name: 'Faturamento por serviço' })).toBeVisible()
    await at('reports')
    // A custom period, and one professional.
    await page.getByRole('radio', { name: 'Personalizado' }).check()
    await expect(page.getByRole('form', { name: 'Período personalizado' })).toBeVisible()
    await page.getByRole('combobox', { name: 'Profissional' }).selectOption({ label: LONG.second })
    await expect(page.getByText(new RegExp(`^${LONG.second} · `))).toBeVisible()
    await at('reports: custom period, one professional')
  })
  await part('promotions', async () => {
    await visit(page, '/dashboard/promotions', page.getByRole('heading', { name: LONG.promotion }))
    await at('promotions')
    await shoot('promotions', true)
    await open('new promotion', page.getByRole('button', { name: 'Nova promoção' }), 'Nova promoção')
    await open('edit promotion', page.getByRole('button', { name: `Editar ${LONG.promotion}` }), 'Editar promoção')
    await open('delete promotion', page.getByRole('button', { name: `Excluir ${LONG.promotion}` }), /Excluir/)
  })
  await part('promotion clients', async () => {
    await visit(page, `/dashboard/promotions/${s.valuePromotionId}`, page.getByRole('button', { name: 'Marcar prêmio como usado' }))
    await at('promotion clients')
    await page.getByRole('tab', { name: 'Todos' }).click()
    await expect(page.getByRole('tabpanel').getByText(LONG.client2)).toBeVisible()
    await at('promotion clients: all')
  })
  await part('loyalty levels', async () => {
    await visit(page, '/dashboard/promotions?tab=levels', page.getByRole('form', { name: 'Níveis de fidelidade' }))
    await at('loyalty levels')
  })
  await part('reward prompt', async () => {
    // Completing a visit of a client with a reward to use offers it; then all goes back as it was.
    await visit(page, agenda('list'), page.getByRole('button', { name: 'Concluir' }))
    await page.getByRole('button', { name: 'Concluir' }).first().click()
    const prompt = page.getByRole('alertdialog', { name: /^Cliente ganhou/ })
    await expect(prompt.first()).toBeVisible()
    await check(page, size, 'reward prompt', reports)
    await dismissEach(prompt, 'Agora não')
    await page.getByRole('button', { name: 'Reabrir' }).first().click()
    await expect(page.getByRole('button', { name: 'Reabrir' })).toHaveCount(0)
  })
  await part('plans', async () => {
    await visit(page, '/dashboard/plans', page.getByRole('region', { name: /^Seu plano/ }))
    await at('plans')
  })
  await part('admin plans', async () => {
    await visit(page, '/dashboard/admin/plans', page.getByLabel('Preço do Premium (R$ por mês)'))
    await expect(page.getByRole('region', { name: 'Histórico de ações' })).toBeVisible()
    await at('admin plans')
    // A price far from the current one: the server warns, and the admin is asked first.
    await page.getByLabel('Preço do Premium (R$ por mês)').fill('129,90')
    await open('admin plans: warnings', page.getByRole('button', { name: 'Salvar alterações' }), 'Confirme as alterações')
    await page.getByRole('button', { name: 'Descartar alterações' }).click()
  })
  await part('admin webhooks', async () => {
    await visit(page, '/dashboard/admin/webhooks', page.getByLabel('URL do webhook'))
    await expect(page.getByRole('region', { name: 'Log de entregas' }).getByText('Recusado').filter({ visible: true })).toBeVisible()
    await at('admin webhooks')
  })
  await part('admin help', async () => {
    await visit(page, '/dashboard/admin/help', page.getByLabel(/WhatsApp do suporte/))
    await page.getByLabel(/WhatsApp do suporte/).fill('12988776655')
    await page.getByLabel(/Site de ajuda/).fill('https://central-de-ajuda.agendo.com.br/perguntas-frequentes/agendamentos-online')
    await expect(page.getByRole('region', { name: 'Prévia do diálogo de ajuda' }).getByRole('link', { name: /WhatsApp/ })).toBeVisible()
    await at('admin help')
    await shoot('admin-help', true)
    await page.getByRole('button', { name: 'Descartar alterações' }).click()
  })
  await part('admin clients', async () => {
    await visit(page, '/dashboard/admin/clients', page.getByRole('searchbox', { name: 'Buscar por nome, email ou loja' }))
    await page.getByRole('searchbox', { name: 'Buscar por nome, email ou loja' }).fill(s.email)
    const card = page.getByRole('button', { name: new RegExp(LONG.owner.slice(0, 20)) })
    await expect(card).toHaveCount(1)
    await at('admin clients')
    await shoot('admin-clients', true)
    await card.click()
    const account = page.getByRole('dialog', { name: new RegExp(LONG.owner.slice(0, 20)) })
    await expect(account.getByRole('heading', { name: 'Histórico do plano' })).toBeVisible()
    await check(page, size, 'admin account', reports)
    await shoot('admin-account')
    await open('admin account: lock', account.getByRole('button', { name: 'Bloquear conta' }), 'Bloquear conta')
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Verificar todas as contas' }).click()
    await expect(page.getByText(/\d+ contas? verificadas?/).first()).toBeVisible({ timeout: 20_000 })
    await at('admin integrity')
    await shoot('admin-integrity', true)
  })
  await part('settings integrity', async () => {
    await visit(page, '/dashboard/settings', page.getByRole('button', { name: 'Verificar meus dados' }))
    await page.getByRole('button', { name: 'Verificar meus dados' }).click()
    await expect(page.getByText(/verificados\.$/)).toBeVisible()
    await at('settings integrity')
    await shoot('settings-integrity', true)
  })
  await context.close()

  // A professional of the team: her home is her day, her agenda her own.
  const memberContext = await sizedContext(browser, baseURL, size)
  const memberPage = await memberContext.newPage()
  memberPage.setDefaultTimeout(8_000)
  await part('professional home', async () => {
    await signIn(memberPage, s.memberEmail)
    await expect(memberPage).toHaveURL(/\/dashboard$/)
    await expect(memberPage.getByRole('heading', { name: /^Olá/ })).toBeVisible()
    await check(memberPage, size, 'professional home', reports)
    await screenshot(memberPage, { path: `test-results/screens/every-screen-${size.name}/member-home.png`, fullPage: true })
    await visit(memberPage, '/dashboard/appointments', memberPage.getByRole('heading', { level: 1 }))
    await check(memberPage, size, 'professional agenda', reports)
    await visit(memberPage, '/dashboard/settings', memberPage.getByRole('region', { name: 'Seus dados' }))
    await check(memberPage, size, 'professional settings', reports)
    await screenshot(memberPage, { path: `test-results/screens/every-screen-${size.name}/member-settings.png`, fullPage: true })
    await visit(memberPage, '/dashboard/clients', memberPage.getByRole('heading', { level: 1 }))
    await check(memberPage, size, 'professional clients', reports)
  })
  await memberContext.close()

  // The manager's and the receptionist's homes and agendas: what their roles show.
  for (const role of ['gerente', 'recepcao'] as const) {
    const staffContext = await sizedContext(browser, baseURL, size)
    const staffPage = await staffContext.newPage()
    staffPage.setDefaultTimeout(8_000)
    await part(`${role} home`, async () => {
      await signIn(staffPage, s.staffEmails[role])
      await expect(staffPage).toHaveURL(/\/dashboard$/)
      await expect(staffPage.getByRole('heading', { name: /^Olá/ })).toBeVisible()
      await check(staffPage, size, `${role} home`, reports)
      await visit(staffPage, '/dashboard/appointments', staffPage.getByRole('heading', { level: 1 }))
      await check(staffPage, size, `${role} agenda`, reports)
    })
    await staffContext.close()
  }
  return { reports, focus, blocked }
}

let seeded: Seed

// Once per run: after a failing size Playwright starts a new worker, which runs beforeAll again;
// the server (and so the admin's account) is the same, so the next size reuses the first seed.
test.beforeAll(async ({ baseURL }) => {
  const file = `test-results/every-screen-seed-${new URL(baseURL ?? '').port}.json` // this worker's server
  if (existsSync(file)) {
    seeded = JSON.parse(readFileSync(file, 'utf8')) as Seed
    return
  }
  seeded = await seed(baseURL ?? '')
  mkdirSync('test-results', { recursive: true })
  writeFileSync(file, JSON.stringify(seeded))
})

for (const size of sizes) {
  test(`every screen at ${size.width}×${size.height}: fits, passes axe${size.phone ? ', 44 px targets' : ''}, keeps focus`, async ({
    browser,
    baseURL,
  }) => {
    // About 3 to 6 minutes a size on a busy 2-core machine, with the admin screens and Relatórios.
    test.setTimeout(540_000)
    const { reports, focus, blocked } = await walk(browser, baseURL ?? '', size, seeded)
    mkdirSync('test-results', { recursive: true })
    const axeNodes = reports.reduce((n, r) => n + r.axe.reduce((m, f) => m + f.nodes, 0), 0)
    const widest = Math.max(...reports.map((r) => r.scrollWidth))
    const smallest = Math.min(...reports.filter((r) => r.smallest > 0).map((r) => r.smallest))
    writeFileSync(
      `test-results/every-screen-${size.name}.json`,
      JSON.stringify({ size, widest, axeNodes, smallest, focus, blocked, reports }, null, 2),
    )
    const wide = reports.filter((r) => r.scrollWidth > size.width || r.offenders.length > 0)
    expect.soft(wide.map((r) => `${r.screen}: ${r.scrollWidth} px; ${r.offenders.join('; ')}`), 'pages wider than the screen').toEqual([])
    const failing = reports.filter((r) => r.axe.length > 0)
    expect
      .soft(
        failing.flatMap((r) => r.axe.map((f) => `${r.screen}: ${f.id} (${f.impact}, ${f.nodes}) ${f.targets.join(' | ')}`)),
        'serious or critical axe-core violations',
      )
      .toEqual([])
    if (size.phone) {
      expect.soft(reports.filter((r) => r.small.length > 0).map((r) => `${r.screen}: ${r.small.join(', ')}`), 'controls under 44 × 44 px').toEqual([])
    }
    expect
      .soft(reports.filter((r) => r.crowded.length > 0).map((r) => `${r.screen}: ${r.crowded.join(', ')}`), "'Cancelar' apart from 'Concluir'")
      .toEqual([])
    if (size.phone) {
      expect.soft(reports.filter((r) => r.primary.length > 0).map((r) => `${r.screen}: ${r.primary.join(', ')}`), 'primary action in view').toEqual([])
    }
    expect.soft(reports.filter((r) => r.consents.length > 0).map((r) => `${r.screen}: ${r.consents.join(', ')}`), 'consent without its sentence').toEqual([])
    expect.soft(focus, 'focus after a dialog closes').toEqual([])
    expect(blocked, 'screens that could not be reached').toEqual([])
  })
}

test('a skip link, first on every page, jumps past the menus to the content', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  const skip = async (path: string) => {
    await page.goto(path)
    await expect(page.locator('main')).toBeVisible()
    await page.keyboard.press('Tab')
    const link = page.getByRole('link', { name: 'Pular para o conteúdo' })
    await expect(link, path).toBeFocused()
    await expect(link, path).toBeInViewport()
    await page.keyboard.press('Enter')
    await expect(page.locator('main'), path).toBeFocused()
  }
  for (const path of [`/store/${seeded.slug}`, `/profissional/${seeded.professionalId}`, `/agendamento/${seeded.manageToken}`, '/login']) {
    await skip(path)
  }
  await signIn(page, seeded.email)
  await expect(page).toHaveURL(/\/dashboard$/)
  for (const path of ['/dashboard', '/dashboard/appointments', '/dashboard/clients']) await skip(path)
  await context.close()
})
