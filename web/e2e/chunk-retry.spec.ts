
import { expect, test } from './traffic'
// A page's code that fails to arrive (a flaky connection, a deploy in between) shows the error
// screen; 'Tentar novamente' loads it again and shows the page, with no reload.

test("'Tentar novamente' recovers from a page whose code failed to load", async ({ page }) => {
  let failures = 1
  await page.route(/\/assets\/forgot-password-[^/]*\.js$/, (route) =>
    failures-- > 0 ? route.abort('internetdisconnected') : route.continue(),
  )
  await page.goto('/login')
  await expect(page.getByRole('heading', { name: 'Entrar' })).toBeVisible()
  // A marker on the window: a reload would wipe it.
  await page.evaluate(() => ((globalThis as unknown as { notReloaded: boolean }).notReloaded = true))
  await page.getByRole('link', { name: 'Esqueceu a senha?' }).click()

  await expect(page.getByRole('heading', { name: 'Algo deu errado' })).toBeVisible()
  await expect(page.getByText('Ocorreu um erro inesperado. Tente recarregar a página.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Recarregar página' })).toBeVisible()
  await page.getByRole('button', { name: 'Tentar novamente' }).click()

  await expect(page.getByRole('heading', { name: /Esqueceu|Recuperar|senha/i })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Algo deu errado' })).toBeHidden()
  await expect(page).toHaveURL(/\/forgot-password$/)
  expect(await page.evaluate(() => (globalThis as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true)
})
