import { type APIRequestContext, type Page, request } from '@playwright/test'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'

import { axe, overflow } from './audit'
import {
  call,
  professionalBody,
  screenshot,
  settled,
  signIn,
  sizedContext,
  storeDate,
  strongPassword,
  subscribePremium,
  TERMS_VERSION,
  uniqueEmail,
  userIdOf,
  writeScreens,
} from './support'
import { expect, test } from './traffic'

// Relatórios end to end: an owner with a history made through the API (two professionals, days
// of completed visits with prices, a no-show, a cancellation, a client gone for weeks) sees the
// period's revenue, changes the period and the professional and sees the figures follow, is told
// by the server what is wrong with a custom period, downloads the appointments as CSV, and calls
// a client back on WhatsApp.

const LONG = {
  owner: 'Maria Aparecida dos Santos Oliveira',
  store: 'Espaço de Beleza Maria Aparecida dos Santos Cabeleireiros',
  ana: 'Maria Aparecida dos Santos Figueiredo',
  bia: 'Fernanda Cristina Rodrigues do Nascimento',
  color: 'Coloração completa com hidratação profunda',
  cut: 'Corte feminino com escova modelada',
  nails: 'Manicure e pedicure',
  gone: 'Beatriz Helena Guimarães de Vasconcelos Sampaio',
  gone2: 'Fernanda Cristina Albuquerque Bittencourt',
}

type Visit = {
  days: number
  time: string
  client: string
  phone: string
  service: 'color' | 'cut' | 'nails'
  who: 'ana' | 'bia'
  status: 'completed' | 'no_show' | 'cancelled' | 'scheduled' | 'confirmed'
  pay?: 'pix' | 'cash' | 'credit_card' | 'debit_card'
}

const PRICES = { color: 28990, cut: 12000, nails: 7550 }

const clients = [
  ['Ana Carolina Ferreira de Albuquerque Cavalcanti', '11987654321'],
  ['Juliana Martins Costa', '11976543210'],
  ['Patrícia Gomes Ribeiro', '21998877665'],
  ['Camila Duarte Nogueira', '31987651234'],
  ['Luana Prado Teixeira', '41991234567'],
] as const

/** A history every few days over the last eight weeks, so any month has some of it. */
function history(): Visit[] {
  const services = ['color', 'cut', 'nails'] as const
  const pays = ['pix', 'cash', 'credit_card', 'debit_card'] as const
  const out: Visit[] = []
  let i = 0
  for (let days = 0; days >= -54; days -= 3) {
    const [client, phone] = clients[i % clients.length] ?? clients[0]
    const service = services[i % 3] ?? 'cut'
    out.push({
      days,
      time: ['09:00', '11:00', '14:00', '16:30'][i % 4] ?? '10:00',
      client,
      phone,
      service,
      who: service === 'nails' || i % 2 === 1 ? 'bia' : 'ana',
      status: 'completed',
      pay: pays[i % 4],
    })
    i++
  }
  out.push({ days: -1, time: '17:00', client: clients[1][0], phone: clients[1][1], service: 'cut', who: 'ana', status: 'no_show' })
  out.push({ days: -2, time: '18:00', client: clients[2][0], phone: clients[2][1], service: 'color', who: 'bia', status: 'cancelled' })
  out.push({ days: 0, time: '19:00', client: clients[3][0], phone: clients[3][1], service: 'cut', who: 'bia', status: 'confirmed' })
  // Gone for seven weeks, nothing booked: on 'Clientes para reativar'.
  out.push({ days: -49, time: '10:00', client: LONG.gone, phone: '21912348765', service: 'color', who: 'ana', status: 'completed', pay: 'pix' })
  out.push({ days: -52, time: '15:00', client: LONG.gone2, phone: '31987659999', service: 'cut', who: 'bia', status: 'completed', pay: 'cash' })
  return out
}

type Seed = { email: string; ana: string; bia: string; visits: Visit[] }

async function seed(api: APIRequestContext): Promise<Seed> {
  const email = uniqueEmail('relatorios')
  const signup = await api.post('/api/v1/auth/signup', { data: { name: LONG.owner, email, password: strongPassword, acceptedTerms: TERMS_VERSION } })
  expect(signup.ok(), await signup.text()).toBeTruthy()
  const token = ((await signup.json()) as { session: { accessToken: string } }).session.accessToken
  // Premium: the history is past the free plan's 10 appointments.
  await subscribePremium(api, await userIdOf(api, token))
  const current = await call<Record<string, unknown>>(api, token, 'GET', '/store')
  const keep = ['description', 'phone', 'logo', 'bookingFlow', 'heroGradient', 'socialMedia', 'paymentSettings']
  const open = { open: '08:00', close: '20:00', isOpen: true }
  const week = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']
  await call(api, token, 'PUT', '/store', {
    ...Object.fromEntries(keep.map((k) => [k, current[k]])),
    name: LONG.store,
    address: 'Rua das Flores, 10 - Centro',
    workingHours: { ...Object.fromEntries(week.map((d) => [d, open])), sunday: { open: '08:00', close: '20:00', isOpen: false } },
    timeZone: 'America/Sao_Paulo',
    minNoticeMin: 0,
    horizonDays: 60,
  })
  const ana = (await call<{ id: string }>(api, token, 'POST', '/professionals', { ...professionalBody(LONG.ana), commissionPct: 40 })).id
  const bia = (await call<{ id: string }>(api, token, 'POST', '/professionals', { ...professionalBody(LONG.bia), commissionPct: 50 })).id
  const service = async (name: string, price: number, duration: number, professionalIds: string[]) =>
    (await call<{ id: string }>(api, token, 'POST', '/services', { name, description: '', duration, price, professionalIds })).id
  const ids = {
    color: await service(LONG.color, PRICES.color, 120, [ana, bia]),
    cut: await service(LONG.cut, PRICES.cut, 60, [ana, bia]),
    nails: await service(LONG.nails, PRICES.nails, 60, [bia]),
  }
  const visits = history()
  for (const v of visits) {
    await call(api, token, 'POST', '/appointments', {
      clientName: v.client,
      clientPhone: v.phone,
      serviceId: ids[v.service],
      professionalId: v.who === 'ana' ? ana : bia,
      date: storeDate(v.days),
      time: v.time,
      status: v.status,
      paymentMethod: v.pay ?? null,
      notes: '',
      force: true,
    })
  }
  // Beatriz said yes to news on WhatsApp at the counter: the list of clients to bring back holds
  // only those who did.
  await call(api, token, 'POST', '/clients/5521912348765/consent', { granted: true, source: 'in_person' })
  await call(api, token, 'POST', '/clients/5531987659999/consent', { granted: true, source: 'in_person' })
  return { email, ana, bia, visits }
}

const brl = (cents: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100)

/** The store's first and last day of this month and of the month before. */
function months() {
  const today = storeDate(0)
  const first = `${today.slice(0, 8)}01`
  const d = new Date(`${first}T12:00:00Z`)
  d.setUTCDate(0)
  const lastOfPrev = d.toISOString().slice(0, 10)
  return { thisMonth: { from: first, to: today }, lastMonth: { from: `${lastOfPrev.slice(0, 8)}01`, to: lastOfPrev } }
}

/** The revenue the report should show: completed visits in the period, of one professional or all. */
function revenue(visits: Visit[], period: { from: string; to: string }, who?: 'ana' | 'bia') {
  return visits
    .filter((v) => v.status === 'completed' && (!who || v.who === who))
    .filter((v) => storeDate(v.days) >= period.from && storeDate(v.days) <= period.to)
    .reduce((n, v) => n + PRICES[v.service], 0)
}

function figure(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true })
}

let seeded: Seed

test.beforeAll(async ({ baseURL }) => {
  const api = await request.newContext({ baseURL })
  seeded = await seed(api)
  await api.dispose()
})

test('an owner reads the period, changes it and the professional, and downloads the CSV', async ({ page, context }) => {
  test.setTimeout(120_000)
  const { thisMonth, lastMonth } = months()
  await signIn(page, seeded.email)
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.getByRole('link', { name: 'Relatórios' }).first().click()
  await expect(page).toHaveURL(/\/dashboard\/reports$/)

  // Este mês, everyone.
  const month = revenue(seeded.visits, thisMonth)
  await expect(figure(page, 'Faturamento')).toContainText(brl(month))
  await expect(page.getByRole('radio', { name: 'Este mês' })).toBeChecked()
  // Words an owner uses: no formulas, no time zone.
  await expect(page.getByText(/÷|×|→|p\.p\.|America\/Sao_Paulo/)).toHaveCount(0)

  // Mês passado.
  await page.getByRole('radio', { name: 'Mês passado' }).check()
  await expect(page).toHaveURL(/period=last-month/)
  await expect(figure(page, 'Faturamento')).toContainText(brl(revenue(seeded.visits, lastMonth)))

  // One professional, then back to everyone; a reload keeps the choice.
  await page.getByRole('combobox', { name: 'Profissional' }).selectOption({ label: LONG.bia })
  await expect(page).toHaveURL(new RegExp(`professional=${seeded.bia}`))
  await expect(figure(page, 'Faturamento')).toContainText(brl(revenue(seeded.visits, lastMonth, 'bia')))
  await page.reload()
  await expect(page.getByRole('combobox', { name: 'Profissional' })).toHaveValue(seeded.bia)
  await expect(page.getByRole('radio', { name: 'Mês passado' })).toBeChecked()
  await expect(figure(page, 'Faturamento')).toContainText(brl(revenue(seeded.visits, lastMonth, 'bia')))
  await page.goBack()
  await expect(page).toHaveURL(/period=last-month$/)
  await expect(figure(page, 'Faturamento')).toContainText(brl(revenue(seeded.visits, lastMonth)))

  // A custom period the wrong way round: the server says why, next to the field.
  await page.getByRole('radio', { name: 'Personalizado' }).check()
  const form = page.getByRole('form', { name: 'Período personalizado' })
  await form.getByLabel('De').fill(storeDate(-3))
  await form.getByLabel('Até').fill(storeDate(-10))
  await form.getByRole('button', { name: 'Aplicar' }).click()
  await expect(form.getByText('Escolha um dia igual ou posterior ao inicial')).toBeVisible()
  await expect(form.getByLabel('Até')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('A data final não pode ser anterior à inicial')).toBeVisible()
  const week = { from: storeDate(-10), to: storeDate(-3) }
  await form.getByLabel('De').fill(week.from)
  await form.getByLabel('Até').fill(week.to)
  await form.getByRole('button', { name: 'Aplicar' }).click()
  await expect(figure(page, 'Faturamento')).toContainText(brl(revenue(seeded.visits, week)))
  await expect(page.getByText('Escolha um dia igual ou posterior ao inicial')).toHaveCount(0)

  // This month's appointments as a spreadsheet: BOM, ';' and Brazilian decimals.
  await page.getByRole('radio', { name: 'Este mês' }).check()
  await expect(figure(page, 'Faturamento')).toContainText(brl(month))
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar agendamentos' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^agendo-.+\.csv$/)
  const bytes = readFileSync((await download.path()) ?? '')
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const csv = bytes.toString('utf8')
  expect(csv).toContain(';')
  expect(csv).toMatch(/;289,90(;|\r?\n)/)
  expect(csv).toContain(LONG.ana)

  // Clientes para reativar: Beatriz, gone for seven weeks; her chat opens and she leaves the list.
  await context.route(/^https:\/\/(wa\.me|api\.whatsapp\.com)\//, (route) => route.fulfill({ status: 200, body: 'ok' }))
  const reactivation = page.getByRole('region', { name: 'Clientes para reativar' })
  await expect(reactivation.getByText(LONG.gone)).toBeVisible()
  const chat = reactivation.getByRole('link', { name: `Chamar no WhatsApp com ${LONG.gone}` })
  await expect(chat).toHaveAttribute('href', /^https:\/\/wa\.me\/5521912348765\?text=/)
  const [popup] = await Promise.all([page.waitForEvent('popup'), chat.click()])
  // The toast lasts 5 s: looked for before closing the tab, which can take that long.
  await expect(page.getByText('Beatriz sai da lista por 7 dias')).toBeVisible()
  await popup.close()
  // She stays in place, marked, until the page is opened again; 'Próximo' goes on to Fernanda.
  await expect(reactivation.getByRole('listitem').filter({ hasText: LONG.gone })).toContainText('Conversa aberta')
  await expect(chat).toHaveCount(0)
  await reactivation.getByRole('button', { name: `Próximo: ${LONG.gone2}` }).click()
  await expect(reactivation.getByRole('link', { name: `Chamar no WhatsApp com ${LONG.gone2}` })).toBeFocused()
  await page.reload()
  await expect(reactivation.getByText(LONG.gone2)).toBeVisible()
  await expect(reactivation.getByText(LONG.gone)).toHaveCount(0)
})

// The page at two phone sizes and a computer's, with a salon's long names, written to
// test-results/screens/<size>/reports-*.png for a person to look at, and printed to PDF.
const sizes = [
  { name: '360', width: 360, height: 800, phone: true },
  { name: '390', width: 390, height: 844, phone: true },
  { name: '1280', width: 1280, height: 800, phone: false },
] as const

test('screens of Relatórios with long names, and the printed page', async ({ browser, baseURL }) => {
  test.setTimeout(180_000)
  for (const size of sizes) {
    const dir = `test-results/screens/${size.name}`
    mkdirSync(dir, { recursive: true })
    const context = await sizedContext(browser, baseURL, size)
    const p = await context.newPage()
    const shot = async (name: string) => {
      if (!writeScreens) return
      await settled(p)
      const height = await p.evaluate(() => document.documentElement.scrollHeight)
      const screens = Math.min(10, Math.max(1, Math.ceil(height / (size.height - 120))))
      for (let i = 0; i < screens; i++) {
        await p.evaluate((y) => window.scrollTo(0, y), i * (size.height - 120))
        await screenshot(p, { path: `${dir}/reports-${name}${screens > 1 ? `-${i + 1}` : ''}.png` })
      }
      await p.evaluate(() => window.scrollTo(0, 0))
    }
    await signIn(p, seeded.email)
    await expect(p).toHaveURL(/\/dashboard$/)
    await p.goto('/dashboard/reports?period=last-month')
    await expect(figure(p, 'Faturamento')).toContainText('R$')
    await shot('month')
    const wide = await overflow(p, size.width)
    expect(wide.offenders, 'nothing wider than the screen').toEqual([])
    if (size.phone) {
      // The three figures she checks fill the first screen; the rest is a row each, a tap away.
      for (const name of ['Faturamento', 'Atendimentos', 'Faltas']) {
        const box = await figure(p, name).boundingBox()
        // Above the bottom bar (about 65 px) too.
        expect(box && box.y + box.height, `${name} on the first screen`).toBeLessThanOrEqual(size.height - 65)
      }
      const height = await p.evaluate(() => document.documentElement.scrollHeight)
      expect(height, 'Relatórios closed is short').toBeLessThanOrEqual(size.height * 3)
      await expect(figure(p, 'Ticket médio')).toHaveCount(0)
      for (const name of [/^Mais números do período/, /^Clientes para reativar/]) {
        await p.getByRole('button', { name }).click()
      }
      await expect(figure(p, 'Ticket médio')).toBeVisible()
      await expect(p.getByRole('region', { name: 'Clientes para reativar' }).getByText(LONG.gone2)).toBeVisible()
      await shot('month-open')
      expect((await overflow(p, size.width)).offenders, 'nothing wider than the screen, open').toEqual([])
      // Every section open, for axe: the closed ones are out of every-screen's sight on a phone.
      const closed = p.getByRole('main').getByRole('button', { expanded: false })
      while ((await closed.count()) > 0) await closed.first().click()
      await settled(p)
      expect(await axe(p), 'Relatórios all open: no serious axe findings').toEqual([])
      expect((await overflow(p, size.width)).offenders, 'nothing wider than the screen, all open').toEqual([])
    }

    await p.getByRole('radio', { name: 'Personalizado' }).check()
    const form = p.getByRole('form', { name: 'Período personalizado' })
    await form.getByLabel('De').fill(storeDate(-3))
    await form.getByLabel('Até').fill(storeDate(-10))
    await form.getByRole('button', { name: 'Aplicar' }).click()
    await expect(form.getByText('Escolha um dia igual ou posterior ao inicial')).toBeVisible()
    await screenshot(p, { path: `${dir}/reports-custom-error.png` })

    await p.goto('/dashboard/reports?period=today&professional=' + seeded.ana)
    await expect(figure(p, 'Faturamento')).toBeVisible()
    await shot('today-one')

    // Níveis (Promoções): a row a level, one open at a time, Salvar always in view.
    await p.goto('/dashboard/promotions?tab=levels')
    const levels = p.getByRole('form', { name: 'Níveis de fidelidade' })
    await expect(levels.getByRole('listitem', { name: /^Nível/ })).toHaveCount(5)
    await shot('levels')
    if (size.phone) {
      // Was 3,613 px with 78 controls at 390 px.
      const height = await p.evaluate(() => document.documentElement.scrollHeight)
      expect(height, 'Níveis is short').toBeLessThanOrEqual(size.height * 2.5)
      expect(await levels.locator('button, input, select, textarea').count(), 'Níveis controls').toBeLessThanOrEqual(20)
    }
    const save = levels.getByRole('button', { name: 'Salvar níveis' })
    const inView = async () => {
      const box = await save.boundingBox()
      return box !== null && box.y >= 0 && box.y + box.height <= size.height
    }
    expect(await inView(), 'Salvar níveis in view at the top of the page').toBe(true)
    await levels.getByRole('button', { name: 'Editar nível Prata' }).click()
    await levels.getByRole('listitem', { name: 'Nível 2: Prata' }).getByLabel('Nome').fill('Prata Maria Aparecida')
    await settled(p)
    await screenshot(p, { path: `${dir}/reports-levels-edit.png` })
    expect(await inView(), 'Salvar níveis in view while a level is open').toBe(true)
    expect((await overflow(p, size.width)).offenders, 'levels: nothing wider than the screen').toEqual([])
    await levels.getByRole('button', { name: 'Descartar alterações' }).click()

    // Clientes' WhatsApp sheet: the message shown before the chat opens.
    await p.goto('/dashboard/clients')
    await p.getByRole('button', { name: 'Chamar no WhatsApp' }).click()
    const sheet = p.getByRole('dialog', { name: 'Chamar no WhatsApp' })
    await expect(sheet.getByText(LONG.gone2)).toBeVisible()
    await expect(sheet.getByText(/^Olá, Fernanda!/)).toBeVisible()
    await screenshot(p, { path: `${dir}/reports-whatsapp-sheet.png` })
    await sheet.getByRole('button', { name: `Editar mensagem para ${LONG.gone2}` }).click()
    await settled(p)
    await screenshot(p, { path: `${dir}/reports-whatsapp-edit.png` })
    expect((await overflow(p, size.width)).offenders, 'whatsapp: nothing wider than the screen').toEqual([])
    await p.keyboard.press('Escape')

    // The printed page, for a person to look at (make screens).
    if (!size.phone && writeScreens) {
      await p.goto('/dashboard/reports?period=last-month')
      await expect(figure(p, 'Faturamento')).toContainText('R$')
      await p.emulateMedia({ media: 'print' })
      await screenshot(p, { path: `${dir}/reports-print.png`, fullPage: true })
      await p.emulateMedia({ media: null })
      await p.pdf({ path: `${dir}/reports.pdf`, format: 'A4', printBackground: true })
      if (existsSync('/usr/bin/pdftoppm')) {
        execFileSync('/usr/bin/pdftoppm', ['-png', '-r', '60', `${dir}/reports.pdf`, `${dir}/reports-pdf`])
      }
    }
    await context.close()
  }
})
