import { type Page } from '@playwright/test'
import { mkdirSync } from 'node:fs'

import {
  call,
  dismissEach,
  professionalBody,
  register,
  screenshot,
  settled,
  signIn,
  sizedContext,
  storeDate,
  strongPassword,
  uniqueEmail,
  writeScreens,
} from './support'
import { expect, test } from './traffic'

// Promoções end to end: a loyalty card made in the form, completed by visits in the agenda,
// offered on the visit that earned it ('Registrar uso' → 'Desfazer'), used from the
// promotion's client list, and the levels editor saved and read back.

const CARD = 'Cartão Fidelidade Escova Progressiva Premium'
const CLIENT = 'Maria Aparecida dos Santos Albuquerque'
const PHONE = '11987654321'

type Seed = { email: string; token: string; store: string; ana: string; corte: string }

/** A new owner with a store in São Paulo, Ana and a Corte. */
async function seedOwner(
  page: Page,
  names: { owner?: string; store?: string; professional?: string; service?: string; price?: number } = {},
): Promise<Seed> {
  const email = uniqueEmail('promocoes')
  await register(page, names.owner ?? 'Paula Reis', email)
  const signin = await page.request.post('/api/v1/auth/signin', { data: { email, password: strongPassword } })
  expect(signin.ok()).toBeTruthy()
  const token = ((await signin.json()) as { session: { accessToken: string } }).session.accessToken
  type Store = Record<string, unknown>
  const current = await call<Store>(page.request, token, 'GET', '/store')
  const keep = ['description', 'phone', 'logo', 'bookingFlow', 'heroGradient', 'workingHours', 'socialMedia', 'paymentSettings']
  const store = names.store ?? `Studio Bela Vida ${Date.now().toString(36)}`
  await call(page.request, token, 'PUT', '/store', {
    ...Object.fromEntries(keep.map((k) => [k, current[k]])),
    name: store,
    address: 'Rua das Flores, 10 - Centro',
    timeZone: 'America/Sao_Paulo',
    minNoticeMin: 0,
    horizonDays: 60,
  })
  const ana = (
    await call<{ id: string }>(page.request, token, 'POST', '/professionals', professionalBody(names.professional ?? 'Ana Lima'))
  ).id
  const corte = (
    await call<{ id: string }>(page.request, token, 'POST', '/services', {
      name: names.service ?? 'Corte',
      description: '',
      duration: 45,
      price: names.price ?? 5000,
      professionalIds: [ana],
    })
  ).id
  return { email, token, store, ana, corte }
}

/** The toast with this text (earlier ones with the same text may linger, hidden). */
function toast(page: Page, text: string) {
  return page.getByText(text, { exact: true }).filter({ visible: true }).first()
}

function rewardsRead(page: Page) {
  return page.waitForResponse((r) => r.request().method() === 'GET' && /\/api\/v1\/clients\/[^/]+\/rewards$/.test(r.url()))
}

test('a loyalty card is made, earned on the last visit, registered, undone and used from its client list', async ({ page }) => {
  test.setTimeout(120_000)
  const seed = await seedOwner(page)

  // The card, in the form.
  await page.goto('/dashboard/promotions')
  await expect(page.getByRole('heading', { name: 'Crie um cartão fidelidade' })).toBeVisible()
  await page.getByRole('button', { name: 'Nova promoção' }).click()
  const form = page.getByRole('dialog', { name: 'Nova promoção' })
  await form.getByLabel('Nome da promoção').fill(CARD)
  await expect(form.getByRole('radio', { name: 'Por visitas' })).toBeChecked()
  await form.getByLabel('Visitas para ganhar').fill('3')
  await form.getByLabel('Serviço que conta').selectOption({ label: 'Corte' })
  await form.getByLabel('Prêmio', { exact: true }).fill('Escova grátis')
  await expect(form.getByText('3 visitas de Corte = Escova grátis')).toBeVisible()
  await form.getByLabel('Validade do prêmio').selectOption({ label: '30 dias' })
  await form.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Promoção criada')).toBeVisible()
  const card = page.getByRole('article', { name: CARD })
  await expect(card).toContainText('Ninguém ganhou ainda')

  // Three visits in the past, completed one by one in the agenda: the third earns the reward.
  for (const days of [-3, -2, -1]) {
    await call(page.request, seed.token, 'POST', '/appointments', {
      clientName: CLIENT,
      clientPhone: PHONE,
      serviceId: seed.corte,
      professionalId: seed.ana,
      date: storeDate(days),
      time: '10:00',
      status: 'confirmed',
      paymentMethod: null,
      notes: '',
      force: true,
    })
  }
  await page.goto('/dashboard/appointments?view=list')
  await page.getByLabel('De', { exact: true }).fill(storeDate(-3))
  const rows = page.getByRole('row', { name: CLIENT })
  await expect(rows).toHaveCount(3)
  const prompt = page.getByRole('alertdialog', { name: 'Cliente ganhou: Escova grátis' })
  for (const i of [0, 1]) {
    const read = rewardsRead(page)
    await rows.nth(i).getByRole('button', { name: 'Concluir' }).click()
    await read
    await expect(rows.nth(i)).toContainText('Concluído')
    await expect(prompt).toHaveCount(0)
  }
  await rows.nth(2).getByRole('button', { name: 'Concluir' }).click()
  await expect(prompt).toBeVisible()
  await expect(prompt).toContainText(`Maria completou o cartão “${CARD}”`)
  await prompt.getByRole('button', { name: 'Registrar uso' }).click()
  await expect(toast(page, 'Prêmio registrado')).toBeVisible()
  await expect(prompt).toBeHidden()
  await page.getByRole('button', { name: 'Desfazer' }).click()
  await expect(toast(page, 'Uso do prêmio desfeito')).toBeVisible()

  // The card's clients: Maria has the reward again; congratulate her, then mark it used.
  await page.goto('/dashboard/promotions')
  await expect(card).toContainText('1 cliente ganhou')
  await card.getByRole('link', { name: `Ver clientes de ${CARD}` }).click()
  await expect(page.getByRole('heading', { level: 2, name: CARD })).toBeVisible()
  const header = page.getByRole('region', { name: CARD })
  await expect(header).toContainText('1 cliente ganhou')
  await expect(page.getByRole('tab', { name: 'Ganharam' })).toHaveAttribute('aria-selected', 'true')
  const maria = page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: CLIENT })
  await expect(maria).toContainText('Completo')
  const whatsapp = await maria.getByRole('link', { name: 'Parabenizar no WhatsApp' }).getAttribute('href')
  expect(whatsapp).toContain(`https://wa.me/55${PHONE}?text=`)
  expect(decodeURIComponent(whatsapp?.split('?text=')[1] ?? '')).toBe(
    `Olá, Maria! Você ganhou Escova grátis no ${seed.store} 🎉 Vale até ${dayMonthYear(storeDate(29))}. Venha aproveitar!`,
  )
  await maria.getByRole('button', { name: 'Marcar prêmio como usado' }).click()
  await expect(toast(page, 'Prêmio registrado')).toBeVisible()
  await expect(header).toContainText('Ninguém ganhou ainda')
  await page.getByRole('tab', { name: /^Todos/ }).click()
  await expect(page.getByRole('tabpanel')).toContainText('Nenhum cliente tem visitas que contam')

  // Her page: her level, the reward used, and a new card to fill.
  await page.goto(`/dashboard/clients/55${PHONE}`)
  const profile = page.getByRole('region', { name: CLIENT })
  await expect(profile).toContainText('Nível Bronze')
  await expect(profile).toContainText('Próximo nível: faltam 3 visitas ou R$ 50,00')
  const loyalty = page.getByRole('region', { name: 'Fidelidade' })
  await expect(loyalty).toContainText('Prêmios usados')
  await expect(loyalty).toContainText(`Escova grátis · ${CARD}`)
})

test('the levels editor saves what the client sees and the levels', async ({ page }) => {
  await seedOwner(page)
  await page.goto('/dashboard/promotions')
  await page.getByRole('tab', { name: 'Níveis' }).click()
  await expect(page).toHaveURL(/\?tab=levels$/)
  const form = page.getByRole('form', { name: 'Níveis de fidelidade' })
  await expect(form.getByRole('listitem', { name: /^Nível/ })).toHaveCount(5)
  await form.getByRole('switch', { name: 'Total gasto' }).click()

  // A level that overlaps the one below is refused before saving.
  const vip = form.getByRole('listitem', { name: 'Nível 5: VIP' })
  await vip.getByRole('button', { name: 'Editar nível VIP' }).click()
  await vip.getByLabel('Visitas concluídas').fill('20')
  await form.getByRole('button', { name: 'Salvar níveis' }).click()
  await expect(vip.getByText('Precisa de mais visitas que Diamante (30)')).toBeVisible()
  await vip.getByLabel('Visitas concluídas').fill('60')
  await vip.getByLabel('Nome').fill('VIP Diamante Negro')
  await vip.getByRole('radio', { name: 'Coração' }).check()

  await form.getByRole('button', { name: 'Adicionar nível' }).click()
  const added = form.getByRole('listitem', { name: 'Nível 6' })
  await expect(added.getByLabel('Nome')).toBeFocused()
  await added.getByLabel('Nome').fill('Lenda do Salão')
  await form.getByRole('button', { name: 'Salvar níveis' }).click()
  await expect(toast(page, 'Níveis de fidelidade salvos')).toBeVisible()

  await page.reload()
  await expect(form.getByRole('listitem', { name: /^Nível/ })).toHaveCount(6)
  await expect(form.getByRole('listitem', { name: 'Nível 5: VIP Diamante Negro' })).toContainText('A partir de 60 visitas')
  await expect(form.getByRole('listitem', { name: 'Nível 6: Lenda do Salão' })).toContainText('A partir de 70 visitas')
  await expect(form.getByRole('switch', { name: 'Total gasto' })).toBeChecked()
  await expect(form.getByRole('button', { name: 'Salvar níveis' })).toBeDisabled()
})

// Every new screen with a real salon's long names, at two phone sizes and a computer's, written
// to test-results/screens/<size>/promotions-*.png for a person to look at.
const sizes = [
  { name: '360', width: 360, height: 800, phone: true },
  { name: '390', width: 390, height: 844, phone: true },
  { name: '1280', width: 1280, height: 800, phone: false },
] as const

// For a person to look at: `make screens` runs it, `make test` does not (@screens).
test('screens of Promoções with long names', { tag: '@screens' }, async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000)
  const seed = await seedOwner(page, {
    owner: 'Maria Aparecida dos Santos Oliveira',
    store: 'Espaço de Beleza Maria Aparecida dos Santos Cabeleireiros',
    professional: 'Fernanda Cristina Rodrigues do Nascimento',
    service: 'Coloração completa com hidratação profunda e escova modelada',
    price: 28990,
  })
  const book = (client: string, phone: string, days: number, status: string) =>
    call<{ id: string }>(page.request, seed.token, 'POST', '/appointments', {
      clientName: client,
      clientPhone: phone,
      serviceId: seed.corte,
      professionalId: seed.ana,
      date: storeDate(days),
      time: '10:00',
      status,
      paymentMethod: null,
      notes: '',
      force: true,
    })
  const shots = async (name: string) => {
    for (const size of sizes) {
      const dir = `test-results/screens/${size.name}`
      mkdirSync(dir, { recursive: true })
      const context = await sizedContext(browser, baseURL, size)
      const p = await context.newPage()
      await signIn(p, seed.email)
      await expect(p).toHaveURL(/\/dashboard$/)
      await p.goto('/dashboard/promotions')
      await expect(p.getByRole('heading', { name: 'Crie um cartão fidelidade' })).toBeVisible()
      await screenshot(p, { path: `${dir}/${name}.png`, fullPage: true })
      await context.close()
    }
  }
  await shots('promotions-empty')

  const long = 'Cartão Fidelidade Escova Progressiva Premium'
  const value = 'Clube da Hidratação Profunda com Queratina e Óleo de Argan'
  const promo = (body: Record<string, unknown>) => call<{ id: string }>(page.request, seed.token, 'POST', '/promotions', body)
  await promo({ name: 'Indique uma Amiga e Ganhe Manicure e Pedicure Completas', type: 'count', targetCount: 1, reward: 'Manicure e pedicure completas', isActive: false })
  const valueId = (await promo({ name: value, type: 'value', targetValue: 50000, reward: 'Hidratação profunda com queratina', startDate: storeDate(-60), endDate: storeDate(60), validDays: 60 })).id
  await promo({ name: long, type: 'count', targetCount: 3, serviceId: seed.corte, reward: 'Escova progressiva grátis', validDays: 30 })
  const maria = 'Maria Aparecida dos Santos Albuquerque'
  for (const days of [-30, -20, -10]) await book(maria, '11987654321', days, 'completed')
  for (const days of [-25, -15]) await book('Ana Carolina Ferreira de Albuquerque Cavalcanti', '21998877665', days, 'completed')
  await book('Beatriz Helena Guimarães de Vasconcelos Sampaio', '31977776666', -5, 'completed')
  const next = await book(maria, '11987654321', -1, 'confirmed')

  for (const size of sizes) {
    const dir = `test-results/screens/${size.name}`
    const context = await sizedContext(browser, baseURL, size)
    const p = await context.newPage()
    // A long page is shot a screen at a time (a whole-page shot puts the fixed bottom bar in
    // the middle of it, and is too tall to read).
    const shot = async (name: string, scroll = true) => {
      if (!writeScreens) return
      await settled(p) // a dialog's or toast's opening animation
      const height = scroll ? await p.evaluate(() => document.documentElement.scrollHeight) : 0
      const screens = Math.min(6, Math.max(1, Math.ceil(height / (size.height - 120))))
      for (let i = 0; i < screens; i++) {
        if (scroll) await p.evaluate((y) => window.scrollTo(0, y), i * (size.height - 120))
        await screenshot(p, { path: `${dir}/promotions-${name}${screens > 1 ? `-${i + 1}` : ''}.png` })
      }
      if (scroll) await p.evaluate(() => window.scrollTo(0, 0))
    }
    await signIn(p, seed.email)
    await expect(p).toHaveURL(/\/dashboard$/)

    await p.goto('/dashboard/promotions')
    await expect(p.getByRole('article', { name: long })).toContainText('1 cliente ganhou')
    await shot('cards')
    await p.getByRole('button', { name: 'Nova promoção' }).click()
    await expect(p.getByRole('dialog', { name: 'Nova promoção' })).toBeVisible()
    await shot('form', false)
    await p.getByRole('dialog').getByRole('radio', { name: 'Por valor gasto' }).check()
    await shot('form-value', false)
    await p.keyboard.press('Escape')
    await p.getByRole('alertdialog', { name: 'Descartar alterações?' }).getByRole('button', { name: 'Descartar' }).click()
    await p.getByRole('button', { name: `Excluir ${long}` }).click()
    await expect(p.getByRole('alertdialog')).toBeVisible()
    await shot('delete', false)
    await p.keyboard.press('Escape')

    await p.getByRole('link', { name: `Ver clientes de ${long}` }).click()
    await expect(p.getByRole('heading', { level: 2, name: long })).toBeVisible()
    await expect(p.getByRole('tabpanel')).toContainText(maria)
    await shot('clients')
    await p.getByRole('tab', { name: /^Todos/ }).click()
    await expect(p.getByRole('tabpanel')).toContainText('Beatriz Helena')
    await shot('clients-all')
    await p.goto(`/dashboard/promotions/${valueId}`)
    await p.getByRole('tabpanel').getByRole('button', { name: 'Marcar prêmio como usado' }).first().click()
    await expect(toast(p, 'Prêmio registrado')).toBeVisible()
    await shot('undo-toast', false)
    await p.getByRole('button', { name: 'Desfazer' }).click()
    await expect(toast(p, 'Uso do prêmio desfeito')).toBeVisible()

    await p.goto('/dashboard/promotions?tab=levels')
    await expect(p.getByRole('form', { name: 'Níveis de fidelidade' })).toBeVisible()
    await shot('levels')

    await p.goto('/dashboard/clients/5511987654321')
    await expect(p.getByRole('region', { name: 'Fidelidade' })).toContainText('Cliente ganhou')
    await shot('client')

    // The prompt when the visit that earned a reward is completed; then back as it was.
    await p.goto(`/dashboard/appointments?view=list`)
    await p.getByLabel('De', { exact: true }).fill(storeDate(-1))
    const row = p.locator(`[aria-label="${maria}"], article`).filter({ hasText: maria }).first()
    await row.getByRole('button', { name: 'Concluir' }).click()
    const prompt = p.getByRole('alertdialog', { name: /^Cliente ganhou/ })
    await expect(prompt.first()).toBeVisible()
    await shot('prompt', false)
    await dismissEach(prompt, 'Agora não')
    await row.getByRole('button', { name: 'Reabrir' }).click()
    await expect(row).not.toContainText('Concluído')
    await context.close()
  }
  expect(next.id).toBeTruthy()
})

/** "2026-12-24" → "24/12/2026". */
function dayMonthYear(date: string) {
  const [y, m, d] = date.split('-')
  return `${d}/${m}/${y}`
}
