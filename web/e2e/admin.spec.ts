import { type Page } from '@playwright/test'

import { ADMIN_EMAILS, register, signIn, uniqueEmail } from './support'
import { expect, test } from './traffic'

// The platform admin end to end (issue 15): Configurar Ajuda reaches every owner's help dialog at
// once, and a locked account cannot sign in.

const ADMIN = ADMIN_EMAILS[0] ?? ''

/** The visible toast with this text. */
function toast(page: Page, text: string) {
  return page.getByText(text, { exact: true }).filter({ visible: true }).first()
}

test('an admin sets the help WhatsApp and an owner’s help dialog shows it; a locked account cannot sign in', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000)
  await register(page, 'Equipe Agendo', ADMIN)

  // Configurar Ajuda: a website that is not https is refused, then the real values are saved.
  await page.goto('/dashboard/admin/help')
  await page.getByLabel(/WhatsApp do suporte/).fill('11987654321')
  await page.getByLabel(/Site de ajuda/).fill('http://ajuda.agendo.com.br')
  await page.getByRole('button', { name: 'Salvar alterações' }).click()
  await expect(page.getByText('Use um endereço seguro, que comece com https://')).toBeVisible()
  await page.getByLabel(/Site de ajuda/).fill('https://ajuda.agendo.com.br')
  await expect(page.getByTestId('whatsapp-link')).toHaveText(/^https:\/\/wa\.me\/5511987654321\?text=/)
  await page.getByRole('button', { name: 'Salvar alterações' }).click()
  await expect(toast(page, 'Operação Realizada')).toBeVisible()

  // An owner, in another browser: the help dialog has the number at once.
  const ownerContext = await browser.newContext({ baseURL })
  const owner = await ownerContext.newPage()
  const ownerEmail = uniqueEmail('maria-aparecida')
  await register(owner, 'Maria Aparecida dos Santos Oliveira', ownerEmail)
  await owner.getByRole('button', { name: 'Ajuda' }).filter({ visible: true }).first().click()
  const help = owner.getByRole('dialog', { name: 'Precisa de ajuda?' })
  await expect(help.getByRole('link', { name: /Conversar no WhatsApp/ })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/5511987654321\?text=/,
  )
  await expect(help.getByText('(11) 98765-4321')).toBeVisible()
  await owner.keyboard.press('Escape')

  // Admin Clientes: the admin finds the owner and locks the account, with a reason.
  await page.goto('/dashboard/admin/clients')
  await page.getByRole('searchbox', { name: 'Buscar por nome, email ou loja' }).fill(ownerEmail)
  await page.getByRole('button', { name: /Maria Aparecida dos Santos Oliveira/ }).click()
  const account = page.getByRole('dialog', { name: /Maria Aparecida/ })
  await account.getByRole('button', { name: 'Bloquear conta' }).click()
  const confirm = page.getByRole('dialog', { name: 'Bloquear conta' })
  await confirm.getByLabel('Motivo').fill('Pagamento contestado no cartão')
  await confirm.getByRole('button', { name: 'Bloquear conta' }).click()
  await expect(toast(page, 'Operação Realizada')).toBeVisible()
  await expect(account.getByText('Motivo: Pagamento contestado no cartão')).toBeVisible()

  // The owner's sign-in is refused with a clear message.
  const again = await browser.newContext({ baseURL })
  const login = await again.newPage()
  await signIn(login, ownerEmail)
  await expect(
    login.getByText('Esta conta está bloqueada. Para saber o motivo ou pedir o desbloqueio, fale com o suporte do Agendo.'),
  ).toBeVisible()
  await expect(login).toHaveURL(/\/login$/)

  await ownerContext.close()
  await again.close()
})
