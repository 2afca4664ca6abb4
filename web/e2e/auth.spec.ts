
import { register, signIn, strongPassword, uniqueEmail, waitForMail } from './support'
import { expect, test } from './traffic'

test('a new owner signs up, stays signed in, signs out, recovers the password and signs in again', async ({ page }) => {
  const email = uniqueEmail('dona')
  await register(page, 'Renata Oliveira', email)

  await expect(page.getByText(/Olá, Renata/).first()).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()

  // A reload keeps the session (refresh cookie → new access token).
  await page.reload()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByText(/Olá, Renata/).first()).toBeVisible()

  // Sign out.
  await page.getByRole('button', { name: 'Sair' }).first().click()
  await expect(page).toHaveURL(/\/login$/)
  // Signed out means the dashboard is out of reach.
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login$/)

  // A wrong password shows the spec's message.
  await signIn(page, email, 'senha-errada-123')
  await expect(page.getByRole('alert').filter({ hasText: 'Email ou senha incorretos' })).toBeVisible()

  // Forgot the password: the email arrives through a real SMTP conversation.
  await page.getByRole('link', { name: /Esqueceu a senha/ }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: /Enviar/ }).click()
  await expect(page.getByText('Se existir uma conta com este email, enviamos um link para redefinir a senha.')).toBeVisible()

  const mail = await waitForMail(email)
  const link = mail.match(/http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=[\w%-]+/)?.[0]
  expect(link, 'reset link in the email').toBeTruthy()

  const newPassword = 'tesoura-afiada-2027'
  await page.goto(link!)
  await page.getByLabel('Nova senha', { exact: true }).fill(newPassword)
  await page.getByLabel('Confirmar nova senha').fill(newPassword)
  await page.getByRole('button', { name: /Redefinir senha/ }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByText('Senha redefinida. Entre com a nova senha.')).toBeVisible()

  // The old password no longer works; the new one does.
  await signIn(page, email, strongPassword)
  await expect(page.getByRole('alert').filter({ hasText: 'Email ou senha incorretos' })).toBeVisible()
  await signIn(page, email, newPassword)
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByText(/Olá, Renata/).first()).toBeVisible()
})

test('on a phone the bottom bar and the drawer carry the navigation', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  await register(page, 'Paulo Barbeiro', uniqueEmail('paulo'))

  const bottom = page.getByRole('navigation', { name: 'Atalhos' })
  await expect(bottom).toBeVisible()
  await expect(bottom.getByRole('link')).toHaveText(['Dashboard', 'Agendamentos', 'Clientes'])
  await bottom.getByRole('link', { name: 'Clientes' }).click()
  await expect(page).toHaveURL(/\/dashboard\/clients$/)

  // The sidebar is a drawer: closed until the menu button opens it.
  await page.getByRole('button', { name: 'Abrir menu' }).click()
  const drawer = page.getByRole('dialog')
  await expect(drawer).toBeVisible()
  await expect(drawer.getByRole('link', { name: 'Configurações' })).toBeVisible()
  await drawer.getByRole('link', { name: 'Configurações' }).click()
  await expect(page).toHaveURL(/\/dashboard\/settings$/)
  await expect(drawer).toBeHidden()
  await context.close()
})

test('visitors are sent to /login and unknown paths show the not-found page', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveURL(/\/login$/)
  await page.goto('/dashboard/settings')
  await expect(page).toHaveURL(/\/login$/)
  await page.goto('/nao-existe')
  await expect(page.getByText(/não encontrada/i).first()).toBeVisible()
})
