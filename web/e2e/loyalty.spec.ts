import { type Page } from '@playwright/test'
import { mkdirSync } from 'node:fs'

import { openStore } from './store-fixture'
import { call, screenshot, sizedContext, storeDate } from './support'
import { expect, test } from './traffic'

// Promotions and loyalty, the customer's side and the owner's WhatsApp lists, against the real
// server: an owner with a count card and a client with completed visits; the client books online
// and her manage link shows her level and the card's progress; the owner turns the programme
// off (or shows nothing of it) and the section is gone; the owner's 'Sem visita' list has a
// client not seen for 40 days with a wa.me link, and opening it takes them off the list.

const shots = 'test-results/screens/loyalty'

async function shoot(page: Page, name: string, fullPage = true) {
  mkdirSync(shots, { recursive: true })
  await screenshot(page, { path: `${shots}/${name}.png`, fullPage })
}

type Gamification = {
  enabled: boolean
  showLoyaltyLevel: boolean
  showTotalSpent: boolean
  showCompletionRate: boolean
  showPromotions: boolean
  showNextMilestone: boolean
  levels: unknown[]
}

test('the manage link shows the loyalty programme as the owner allows; the WhatsApp list takes a contacted client off', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const owner = await openStore(page)
  const [ana] = owner.professionals
  const book = (name: string, phone: string, date: string, time: string) =>
    call(page.request, owner.token, 'POST', '/appointments', {
      clientName: name,
      clientPhone: phone,
      serviceId: owner.corte,
      professionalId: ana,
      date,
      time,
      status: 'completed',
      paymentMethod: 'pix',
      force: true,
    })

  // A count card, and everything the customer may see turned on.
  await call(page.request, owner.token, 'POST', '/promotions', {
    name: 'Cartão fidelidade corte',
    type: 'count',
    targetCount: 5,
    reward: 'Corte grátis',
    validDays: 60,
  })
  const settings = await call<Gamification>(page.request, owner.token, 'GET', '/gamification')
  await call(page.request, owner.token, 'PUT', '/gamification', { ...settings, showTotalSpent: true, showCompletionRate: true })

  // Juliana came three times (Bronze: one completed visit); Roberto has not been back for 40 days.
  for (const days of [-30, -20, -10]) await book('Juliana Castro', '11966665555', storeDate(days), '10:00')
  await book('Roberto Almeida', '11955553333', storeDate(-40), '15:00')
  // Only clients who agreed to news are in the WhatsApp lists (LGPD): Roberto said yes at the counter.
  await call(page.request, owner.token, 'POST', '/clients/5511955553333/consent', { granted: true, source: 'in_person' })

  // Juliana books online on her phone and opens the manage link.
  const phone = await sizedContext(browser, baseURL, { width: 390, height: 844, phone: true })
  const shop = await phone.newPage()
  await shop.goto(`/store/${owner.slug}`)
  await shop.getByRole('button', { name: 'Agendar horário' }).first().click()
  const sheet = shop.getByRole('dialog')
  await sheet.getByRole('button', { name: /Corte/ }).first().click()
  await sheet.getByRole('button', { name: /Qualquer profissional/ }).click()
  await sheet.getByRole('button', { name: /horários? livres?$/ }).first().click()
  await sheet.getByRole('button', { name: /^\d\d:\d\d$/ }).first().click()
  await sheet.getByLabel('Seu nome').fill('Juliana Castro')
  await sheet.getByLabel('Telefone (WhatsApp)').fill('11966665555')
  await sheet.getByRole('button', { name: 'Confirmar agendamento' }).click()
  await expect(sheet.getByRole('heading', { name: 'Agendamento confirmado' })).toBeVisible()
  await sheet.getByRole('link', { name: 'Ver, remarcar ou cancelar' }).click()
  await expect(shop).toHaveURL(/\/agendamento\//)

  const loyalty = shop.getByRole('region', { name: 'Seu programa de fidelidade' })
  await expect(loyalty).toBeVisible()
  await expect(loyalty.getByText('Seu nível')).toBeVisible()
  await expect(loyalty.getByText('Bronze', { exact: true })).toBeVisible()
  await expect(loyalty.getByText(/^Próximo nível: faltam 3 visitas ou R\$/)).toBeVisible()
  await expect(loyalty.getByText('Total gasto')).toBeVisible()
  await expect(loyalty.getByText('R$ 137,70')).toBeVisible()
  const card = loyalty.getByRole('progressbar', { name: 'Cartão fidelidade corte' })
  await expect(card).toHaveAttribute('aria-valuenow', '60')
  await expect(card).toHaveAttribute('aria-valuetext', '3 de 5 visitas para Corte grátis')
  await expect(loyalty.getByText('3 de 5 visitas para Corte grátis')).toBeVisible()
  await shoot(shop, 'manage-390')
  const manageUrl = shop.url()
  for (const size of [
    { name: '360', width: 360, height: 800, phone: true },
    { name: '1280', width: 1280, height: 800, phone: false },
  ]) {
    const other = await sizedContext(browser, baseURL, size)
    const p = await other.newPage()
    await p.goto(manageUrl)
    await expect(p.getByRole('region', { name: 'Seu programa de fidelidade' })).toBeVisible()
    await shoot(p, `manage-${size.name}`)
    await other.close()
  }

  // The owner turns the programme off: no section. Then on, but showing nothing: none either.
  await call(page.request, owner.token, 'PUT', '/gamification', { ...settings, enabled: false })
  await shop.reload()
  await expect(shop.getByRole('region', { name: 'Detalhes' })).toBeVisible()
  await expect(loyalty).toHaveCount(0)
  await call(page.request, owner.token, 'PUT', '/gamification', {
    ...settings,
    enabled: true,
    showLoyaltyLevel: false,
    showTotalSpent: false,
    showCompletionRate: false,
    showPromotions: false,
    showNextMilestone: false,
  })
  await shop.reload()
  await expect(shop.getByRole('region', { name: 'Detalhes' })).toBeVisible()
  await expect(loyalty).toHaveCount(0)
  await phone.close()

  // The owner's 'Sem visita há 30 dias': Roberto, not Juliana (she came 10 days ago and has a booking).
  await page.context().route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }))
  await page.goto('/dashboard/clients')
  await page.getByRole('button', { name: 'Chamar no WhatsApp' }).click()
  const lists = page.getByRole('dialog', { name: 'Chamar no WhatsApp' })
  const rows = lists.getByRole('list', { name: 'Clientes para chamar' }).getByRole('listitem')
  await expect(rows).toHaveCount(1)
  const [y, m, d] = storeDate(-40).split('-')
  await expect(rows.first()).toContainText('Roberto Almeida')
  await expect(rows.first()).toContainText(`Última visita em ${d}/${m}/${y}`)
  const chat = lists.getByRole('link', { name: 'Abrir no WhatsApp com Roberto Almeida' })
  await expect(chat).toHaveAttribute('href', /^https:\/\/wa\.me\/5511955553333\?text=Ol%C3%A1%2C%20Roberto!/)
  await expect(chat).toHaveAttribute('target', '_blank')
  await shoot(page, 'whatsapp-1280', false)

  const popup = page.waitForEvent('popup')
  await chat.click()
  // The toast lasts 5 s: looked for before closing the tab, which can take
  // that long on a busy machine.
  await expect(page.getByText('Roberto sai da lista por 7 dias')).toBeVisible()
  await (await popup).close()
  // In this visit he stays in place, marked, so the owner does not lose her place in the list.
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('Conversa aberta')
  await expect(lists.getByRole('status')).toHaveText('Pronto: você chamou todos desta lista.')
  const after = await call<{ items: unknown[]; hidden: number }>(page.request, owner.token, 'GET', '/whatsapp/lists?kind=inactive&days=30')
  expect(after).toEqual({ items: [], hidden: 1, withoutConsent: 0 })
  await shoot(page, 'whatsapp-contacted-1280', false)
})
