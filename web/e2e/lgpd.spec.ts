import { type Page } from '@playwright/test'
import { mkdirSync } from 'node:fs'

import { openStore } from './store-fixture'
import { call, screenshot, sizedContext, storeDate, strongPassword } from './support'
import { expect, test } from './traffic'

// LGPD on the client's page, against the real server: a client with a long real-world name
// asks to be erased; the owner reads what will happen, confirms, and the page shows
// 'Cliente removido' with the visits and what was spent kept. Screens at 390×844, 360×780 and
// 1280×800 are kept in test-results/screens/lgpd for review.

const shots = 'test-results/screens/lgpd'

async function shoot(page: Page, name: string) {
  mkdirSync(shots, { recursive: true })
  await screenshot(page, { path: `${shots}/${name}.png`, fullPage: true })
}

const sizes = [
  { name: '390', width: 390, height: 844, phone: true },
  { name: '360', width: 360, height: 780, phone: true },
  { name: '1280', width: 1280, height: 800, phone: false },
]

test('an owner anonymises a client and the client page shows Cliente removido', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000)
  const owner = await openStore(page)
  const name = 'Maria Aparecida dos Santos Oliveira de Albuquerque Cavalcanti'
  for (const [days, phone] of [
    [-20, '11955554444'],
    [-10, '11955554444'],
    [-5, '11966665555'],
  ] as const) {
    await call(page.request, owner.token, 'POST', '/appointments', {
      clientName: phone === '11955554444' ? name : 'Joana Lima',
      clientPhone: phone,
      serviceId: owner.corte,
      professionalId: owner.professionals[0],
      date: storeDate(days),
      time: '10:00',
      status: 'completed',
      paymentMethod: 'pix',
      notes: 'Prefere horário de manhã',
      force: true,
    })
  }

  // The page before, at three sizes: the privacy section and the dialog fit.
  for (const size of sizes) {
    const context = await sizedContext(browser, baseURL, size)
    // A session of its own: sharing the page's refresh cookie would rotate it under the page.
    const signin = await context.request.post('/api/v1/auth/signin', { data: { email: owner.email, password: strongPassword } })
    expect(signin.ok()).toBeTruthy()
    const p = await context.newPage()
    await p.goto('/dashboard/clients/5511955554444')
    await expect(p.getByRole('heading', { name })).toBeVisible()
    const anonymise = p.getByRole('button', { name: 'Anonimizar cliente' })
    await anonymise.scrollIntoViewIfNeeded()
    const box = await anonymise.boundingBox()
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(size.phone ? 44 : 36)
    expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    await shoot(p, `client-${size.name}`)
    await anonymise.click()
    await expect(p.getByRole('alertdialog')).toContainText('Não é possível desfazer.')
    await shoot(p, `dialog-${size.name}`)
    await context.close()
  }

  await page.goto('/dashboard/clients/5511955554444')
  await page.getByRole('button', { name: 'Anonimizar cliente' }).click()
  const dialog = page.getByRole('alertdialog', { name: `Anonimizar ${name}?` })
  await expect(dialog).toContainText('o nome vira Cliente removido')
  await dialog.getByRole('button', { name: 'Anonimizar' }).click()

  await expect(page.getByRole('heading', { name: 'Cliente removido' })).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard\/clients\/anon-[a-z]{12}$/)
  await expect(page.getByText('Telefone removido')).toBeVisible()
  await expect(page.getByText('2 agendamentos')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Anonimizar cliente' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'WhatsApp' })).toHaveCount(0)
  await expect(page.getByText(name)).toHaveCount(0)
  await shoot(page, 'anonymised-1280')

  // The old address finds no one; the list shows the erased client, and Joana as she was.
  await page.goto('/dashboard/clients')
  await expect(page.getByText('Cliente removido')).toBeVisible()
  await expect(page.getByText('Joana Lima')).toBeVisible()
  await expect(page.getByText(name)).toHaveCount(0)
})

test('public pages say who uses the data, the manage link keeps the consent, Configurações offers export and deletion', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const owner = await openStore(page)
  const booked = await page.request.post(`/api/v1/public/stores/${owner.slug}/bookings`, {
    data: {
      serviceId: owner.corte,
      professionalId: 'any',
      date: storeDate(3),
      time: '10:00',
      clientName: 'Maria Aparecida dos Santos Oliveira de Albuquerque Cavalcanti',
      clientPhone: '11955554444',
      marketingConsent: true,
    },
  })
  expect(booked.ok(), await booked.text()).toBeTruthy()
  const token = ((await booked.json()) as { token: string }).token

  for (const size of sizes) {
    const context = await sizedContext(browser, baseURL, size)
    const signin = await context.request.post('/api/v1/auth/signin', { data: { email: owner.email, password: strongPassword } })
    expect(signin.ok()).toBeTruthy()
    const p = await context.newPage()

    await p.goto(`/store/${owner.slug}`)
    const line = p.getByText(/usa seu nome, telefone e e-mail \(se você informar\) só para o seu agendamento/)
    await line.scrollIntoViewIfNeeded()
    await expect(line).toBeVisible()
    await expect(p.getByRole('link', { name: 'Política de privacidade' })).toHaveAttribute('href', '/privacidade')
    expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    await shoot(p, `store-footer-${size.name}`)

    await p.goto(`/agendamento/${token}`)
    const box = p.getByRole('checkbox', { name: /Quero receber novidades de Studio Bela/ })
    await expect(box).toBeChecked()
    expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    await shoot(p, `manage-consent-${size.name}`)

    await p.goto('/dashboard/settings')
    const remove = p.getByRole('button', { name: 'Excluir minha conta' })
    await remove.scrollIntoViewIfNeeded()
    await expect(p.getByRole('button', { name: 'Exportar meus dados' })).toBeVisible()
    expect((await remove.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(size.phone ? 44 : 36)
    await shoot(p, `settings-${size.name}`)
    await remove.click()
    await expect(p.getByRole('alertdialog', { name: 'Excluir sua conta?' })).toBeVisible()
    await shoot(p, `delete-dialog-${size.name}`)

    await p.goto('/privacidade')
    await expect(p.getByRole('heading', { name: 'Política de privacidade e termos de uso' })).toBeVisible()
    expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    await shoot(p, `privacy-${size.name}`)
    await context.close()
  }

  // Unticked on the manage link: the owner's client page shows the withdrawal.
  await page.goto(`/agendamento/${token}`)
  await page.getByRole('checkbox', { name: /Quero receber novidades/ }).uncheck()
  await expect(page.getByRole('checkbox', { name: /Quero receber novidades/ })).not.toBeChecked()
  await page.goto('/dashboard/clients/5511955554444')
  await expect(page.getByText('Pediu para não receber novidades.')).toBeVisible()
  await expect(page.getByText(/no link do agendamento/)).toBeVisible()
})
