import { mkdirSync } from 'node:fs'

import { register, screenshot, uniqueEmail } from './support'
import { expect, test } from './traffic'

// Screens at phone and desktop sizes, written to test-results/screens for a
// person to look at (DEVELOPERS' brief: look at your screens). Tagged @screens: `make screens`
// runs them, `make test` does not.
const sizes = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'small-phone', width: 360, height: 800 },
  { name: 'desktop', width: 1280, height: 800 },
]
const visitorPages = ['/login', '/register', '/forgot-password', '/reset-password?token=x', '/pagina-que-nao-existe']
const ownerPages = [
  '/dashboard',
  '/dashboard/settings',
  '/dashboard/appointments',
  '/dashboard/store',
  '/dashboard/professionals',
  '/dashboard/services',
]
// Dialogs opened from a page by a button, shot as the screen shows them.
const ownerDialogs = [
  { path: '/dashboard/professionals', button: 'Novo profissional', name: 'professional-dialog' },
  { path: '/dashboard/services', button: 'Novo serviço', name: 'service-dialog' },
]

for (const size of sizes) {
  test(`screens at ${size.name} size`, { tag: '@screens' }, async ({ browser }) => {
    const dir = `test-results/screens/${size.name}`
    mkdirSync(dir, { recursive: true })
    const context = await browser.newContext({ viewport: { width: size.width, height: size.height } })
    const page = await context.newPage()
    for (const path of visitorPages) {
      await page.goto(path)
      await expect(page.locator('body')).not.toBeEmpty()
      await screenshot(page, { path: `${dir}/${slug(path)}.png`, fullPage: true })
    }
    await register(page, 'Juliana Mendes', uniqueEmail('juliana'))
    for (const path of ownerPages) {
      await page.goto(path)
      await expect(page.getByText(/Olá, Juliana/).first()).toBeAttached()
      await screenshot(page, { path: `${dir}/${slug(path)}.png`, fullPage: true })
    }
    for (const d of ownerDialogs) {
      await page.goto(d.path)
      await page.getByRole('button', { name: d.button }).click()
      await expect(page.getByRole('dialog', { name: d.button })).toBeVisible()
      await screenshot(page, { path: `${dir}/${d.name}.png` })
      await page.keyboard.press('Escape')
    }
    if (size.width < 1024) await page.getByRole('button', { name: 'Abrir menu' }).click() // Ajuda lives in the drawer
    await page.getByRole('button', { name: 'Ajuda' }).first().click()
    await expect(page.getByRole('dialog', { name: 'Precisa de ajuda?' })).toBeVisible()
    await screenshot(page, { path: `${dir}/help-dialog.png` })
    await context.close()
  })
}

function slug(path: string): string {
  return path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root'
}
