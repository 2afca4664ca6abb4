import { type Page } from '@playwright/test'

import { openStore } from './store-fixture'
import { cancelPremium, subscribePremium, userIdOf } from './support'
import { expect, test } from './traffic'

// Plans end to end (SPEC.md sections 2, 4 and 8; DESIGN.md section 7): a free owner books up
// to the limit and is sent to Planos; Stripe's signed webhooks make the open Planos page
// Premium without a reload, then end the subscription; 'Continuar no plano gratuito' gives the
// owner a working free dashboard again.

const FREE_LIMIT = 10
const LIMIT_MESSAGE =
  'Você atingiu o limite de 10 agendamentos do plano gratuito. Para continuar utilizando a plataforma, assine o plano Premium.'

/** The store's wall-clock date `days` from today, moved off Sunday (the store is closed then). */
function openDay(days: number) {
  for (let d = days; ; d++) {
    const date = new Date(Date.now() + d * 86_400_000)
    const weekday = date.toLocaleDateString('en-US', { timeZone: 'America/Sao_Paulo', weekday: 'short' })
    if (weekday !== 'Sun') return date.toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' })
  }
}

/** The visible toast with this text. */
function toast(page: Page, text: string) {
  return page.getByText(text, { exact: true }).filter({ visible: true }).first()
}

test('a free owner hits the limit, subscribes through Stripe, is cancelled and goes on free', async ({ page }) => {
  test.setTimeout(120_000)
  const owner = await openStore(page)
  const userId = await userIdOf(page.request, owner.token)
  const date = openDay(3)

  // The agenda is open while the last free bookings arrive (another device, the public page).
  await page.goto(`/dashboard/appointments?view=day&date=${date}`)
  await expect(page.getByRole('group', { name: 'Agenda de Ana Lima' })).toBeVisible()
  const ids: string[] = []
  for (let i = 0; i < FREE_LIMIT; i++) {
    const r = await page.request.post('/api/v1/appointments', {
      headers: owner.headers,
      data: {
        clientName: `Cliente ${i + 1}`,
        clientPhone: `+55119${String(80000000 + i).padStart(8, '0')}`,
        serviceId: owner.corte,
        professionalId: owner.professionals[i % 2],
        date,
        time: `${String(9 + Math.floor(i / 2)).padStart(2, '0')}:00`,
        status: 'scheduled',
        paymentMethod: null,
        notes: '',
        force: false,
      },
    })
    expect(r.ok(), await r.text()).toBeTruthy()
    ids.push(((await r.json()) as { id: string }).id)
  }

  // The 11th, in the dialog: the server's message for 5 s, and Planos.
  await page.getByRole('button', { name: 'Novo agendamento', exact: true }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Novo agendamento' })
  await dialog.getByLabel('Cliente', { exact: true }).fill('Renata Campos')
  await dialog.getByLabel('Telefone (WhatsApp)').fill('11955554444')
  await dialog.getByRole('radio', { name: 'Corte', exact: true }).check()
  await dialog.getByRole('radio', { name: 'Ana Lima', exact: true }).check()
  await dialog.getByLabel('Horário').fill('16:00')
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, LIMIT_MESSAGE)).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard\/plans$/)
  await expect(page.getByText(`${FREE_LIMIT} de ${FREE_LIMIT} agendamentos usados`)).toBeVisible()
  // Every other page now gives way to Planos.
  await page.getByRole('link', { name: 'Clientes' }).first().click()
  await expect(page).toHaveURL(/\/dashboard\/plans$/)

  // Back from Stripe's checkout: Planos waits for the webhook, which arrives while it is open.
  await page.goto('/dashboard/plans?checkout=success')
  await expect(page.getByText('Confirmando seu pagamento…')).toBeVisible()
  const sub = await subscribePremium(page.request, userId)
  await expect(page.getByText('Pagamento confirmado! Bem-vindo ao Premium.')).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard\/plans$/)
  await expect(page.getByRole('region', { name: 'Seu plano Premium' })).toContainText('Ilimitado')
  await expect(page.getByRole('link', { name: 'Gerenciar assinatura' })).toBeVisible()

  // The subscription ends: the page says why, in the free plan's words.
  await cancelPremium(page.request, sub)
  await expect(page.getByRole('alert').filter({ hasText: 'Sua assinatura Premium terminou' })).toContainText(
    'Sua assinatura Premium foi cancelada. Para continuar usando os recursos Premium, renove seu plano.',
  )
  await expect(page.getByRole('region', { name: 'Seu plano Gratuito' })).toBeVisible()
  // Every other page gives way to Planos with the reason, for 6 s.
  await page.getByRole('link', { name: 'Dashboard' }).first().click()
  await expect(page).toHaveURL(/\/dashboard\/plans$/)

  // The owner clears an old booking to be under the free limit, and goes on free.
  const freed = await page.request.delete(`/api/v1/appointments/${ids[0]}`, { headers: owner.headers })
  expect(freed.ok()).toBeTruthy()
  await page.getByRole('button', { name: 'Continuar no plano gratuito' }).click()
  await expect(toast(page, 'Pronto! Você continua no plano gratuito.')).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'Sua assinatura Premium terminou' })).toHaveCount(0)
  await page.getByRole('link', { name: 'Agendamentos' }).first().click()
  await expect(page).toHaveURL(/\/dashboard\/appointments/)
  await expect(page.getByRole('button', { name: 'Novo agendamento', exact: true }).first()).toBeVisible()
  await page.getByRole('link', { name: 'Dashboard' }).first().click()
  await expect(page.getByRole('heading', { name: 'Olá, Paula!' })).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard$/)
})
