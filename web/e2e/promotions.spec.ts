import { type Page } from '@playwright/test'

import { call, professionalBody, register, storeDate, strongPassword, uniqueEmail } from './support'
import { expect, test } from './traffic'

// Promoções end to end: a loyalty card made in the form, completed by visits in the agenda,
// offered on the visit that earned it ('Registrar uso' → 'Desfazer'), used from the
// promotion's client list, and the levels editor saved and read back.

const CARD = 'Cartão Fidelidade Escova Progressiva Premium'
const CLIENT = 'Maria Aparecida dos Santos Albuquerque'
const PHONE = '11987654321'

type Seed = { token: string; store: string; ana: string; corte: string }

/** A new owner with a store in São Paulo, Ana and a Corte. */
async function seedOwner(page: Page): Promise<Seed> {
  const email = uniqueEmail('promocoes')
  await register(page, 'Paula Reis', email)
  const signin = await page.request.post('/api/v1/auth/signin', { data: { email, password: strongPassword } })
  expect(signin.ok()).toBeTruthy()
  const token = ((await signin.json()) as { session: { accessToken: string } }).session.accessToken
  type Store = Record<string, unknown>
  const current = await call<Store>(page.request, token, 'GET', '/store')
  const keep = ['description', 'phone', 'logo', 'bookingFlow', 'heroGradient', 'workingHours', 'socialMedia', 'paymentSettings']
  const store = `Studio Bela Vida ${Date.now().toString(36)}`
  await call(page.request, token, 'PUT', '/store', {
    ...Object.fromEntries(keep.map((k) => [k, current[k]])),
    name: store,
    address: 'Rua das Flores, 10 - Centro',
    timeZone: 'America/Sao_Paulo',
    minNoticeMin: 0,
    horizonDays: 60,
  })
  const ana = (await call<{ id: string }>(page.request, token, 'POST', '/professionals', professionalBody('Ana Lima'))).id
  const corte = (
    await call<{ id: string }>(page.request, token, 'POST', '/services', {
      name: 'Corte',
      description: '',
      duration: 45,
      price: 5000,
      professionalIds: [ana],
    })
  ).id
  return { token, store, ana, corte }
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
  await expect(page.getByRole('tab', { name: 'Ganharam (1)' })).toHaveAttribute('aria-selected', 'true')
  const maria = page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: CLIENT })
  await expect(maria).toContainText('3 de 3 visitas')
  const whatsapp = await maria.getByRole('link', { name: 'Parabenizar no WhatsApp' }).getAttribute('href')
  expect(whatsapp).toContain(`https://wa.me/55${PHONE}?text=`)
  expect(decodeURIComponent(whatsapp?.split('?text=')[1] ?? '')).toBe(
    `Olá, Maria! Você ganhou Escova grátis no ${seed.store} 🎉 Vale até ${dayMonthYear(storeDate(29))}. Venha aproveitar!`,
  )
  await maria.getByRole('button', { name: 'Marcar prêmio como usado' }).click()
  await expect(toast(page, 'Prêmio registrado')).toBeVisible()
  await expect(page.getByRole('tab', { name: 'Ganharam (0)' })).toBeVisible()
  await page.getByRole('tab', { name: /^Todos/ }).click()
  await expect(page.getByRole('tabpanel')).toContainText('Nenhum cliente tem visitas que contam')

  // Her page: her level, the reward used, and a new card to fill.
  await page.goto(`/dashboard/clients/55${PHONE}`)
  const header = page.getByRole('region', { name: CLIENT })
  await expect(header).toContainText('Nível Bronze')
  await expect(header).toContainText('Próximo nível: faltam 3 visitas ou R$ 50,00')
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
  await expect(form.getByRole('listitem', { name: 'Nível 5: VIP Diamante Negro' }).getByLabel('Visitas concluídas')).toHaveValue('60')
  await expect(form.getByRole('listitem', { name: 'Nível 6: Lenda do Salão' }).getByLabel('Visitas concluídas')).toHaveValue('70')
  await expect(form.getByRole('switch', { name: 'Total gasto' })).toBeChecked()
  await expect(form.getByRole('button', { name: 'Salvar níveis' })).toBeDisabled()
})

/** "2026-12-24" → "24/12/2026". */
function dayMonthYear(date: string) {
  const [y, m, d] = date.split('-')
  return `${d}/${m}/${y}`
}
