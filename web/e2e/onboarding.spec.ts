import { type Locator, type Page } from '@playwright/test'

import { register, uniqueEmail } from './support'
import { expect, test } from './traffic'

// An 8×8 PNG (a purple gradient), small enough to live here and real enough for the server
// to decode and re-encode.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAgklEQVR4nAXBEQIAIAxA0Z1rHMdxHEfBIByG4TDctf4dek+WshVXjnKVUJ6SiqzCLnjhFG4hCq+QBVmVXfHKqdxKVF4lK7Iau+GN07iNaLxGNmR1dsc7p3M70Xmd7Mga7IEPzuAOYvAGOZA12ROfnMmdxORNciLL2IYbx7hGGM9I4wOYi3iByhBHhAAAAABJRU5ErkJggg==',
  'base64',
)
const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG })

/** The store's wall-clock date, days from today ("2026-11-23"). */
function dateFromToday(days: number) {
  return new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' })
}

/** The toast with this text (earlier ones with the same text may linger, hidden). */
function toast(page: Page, text: string) {
  return page.getByText(text, { exact: true }).filter({ visible: true }).first()
}

function checklist(page: Page) {
  return page.getByRole('region', { name: 'Primeiros passos' })
}

async function goToDashboard(page: Page) {
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Dashboard' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
}

async function addProfessional(
  page: Page,
  p: { name: string; role: string; specialties: string[]; photos: string[] },
) {
  await page.getByRole('button', { name: 'Novo profissional' }).click()
  const dialog = page.getByRole('dialog', { name: 'Novo profissional' })
  await dialog.getByLabel('Nome', { exact: true }).fill(p.name)
  await dialog.getByLabel(/Função/).fill(p.role)
  const tags = dialog.getByLabel(/Especialidades/)
  // The first tag goes in with Enter, the others with a comma.
  await tags.fill(p.specialties[0] ?? '')
  await tags.press('Enter')
  for (const s of p.specialties.slice(1)) await tags.pressSequentially(`${s},`)
  for (const s of p.specialties) await expect(dialog.getByRole('button', { name: `Remover ${s}` })).toBeVisible()
  await dialog.getByLabel('Adicionar fotos').setInputFiles(p.photos.map(png))
  await expect(dialog.getByRole('img', { name: /^Foto \d$/ })).toHaveCount(p.photos.length)
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Profissional cadastrado')).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('article', { name: p.name })).toBeVisible()
}

async function addService(page: Page, s: { name: string; duration: string; price: string; professionals: string[] }) {
  await page.getByRole('button', { name: 'Novo serviço' }).click()
  const dialog = page.getByRole('dialog', { name: 'Novo serviço' })
  await dialog.getByLabel('Nome', { exact: true }).fill(s.name)
  await dialog.getByLabel('Duração').fill(s.duration)
  await dialog.getByLabel(/Preço/).fill(s.price)
  for (const name of s.professionals) await dialog.getByRole('checkbox', { name }).check()
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Serviço cadastrado')).toBeVisible()
  await expect(dialog).toBeHidden()
}

function card(page: Page, name: string): Locator {
  return page.getByRole('article', { name, exact: true })
}

test('a new owner completes onboarding, then deletes a professional and sees the cascade', async ({ page }) => {
  test.setTimeout(120_000)
  await register(page, 'Carla Dias', uniqueEmail('carla'))

  // The checklist starts with nothing done.
  await expect(checklist(page)).toBeVisible()
  await expect(checklist(page)).toContainText('0 de 3 concluídos')

  // 1. The store: a name, a logo (after a PDF in disguise is refused) and the Pix details.
  await checklist(page).getByRole('link', { name: /Configure sua loja/ }).click()
  await expect(page).toHaveURL(/\/dashboard\/store$/)
  const storeName = `Studio Carla ${Date.now().toString(36)}`
  await page.getByLabel('Nome da loja').fill(storeName)

  await page.getByLabel('Enviar logo').setInputFiles({
    name: 'logo.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n'),
  })
  const logoError = page.locator('#store-logo-error')
  await expect(logoError).toBeVisible()
  await expect(logoError).not.toBeEmpty()
  await page.getByLabel('Enviar logo').setInputFiles(png('logo.png'))
  await expect(page.getByText('Trocar logo')).toBeVisible()
  await expect(logoError).toBeHidden()

  // A new store accepts cash and cards; Pix is switched on with its key.
  await page.getByRole('checkbox', { name: 'Pix', exact: true }).check()
  await page.getByLabel('Tipo de chave').selectOption('email')
  await page.getByLabel('Chave Pix').fill('pix@studiocarla.com.br')
  await page.getByLabel('Nome do recebedor').fill('Carla Dias')
  await page.getByLabel('Cidade').fill('Campinas')
  await page.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Loja atualizada')).toBeVisible()
  const publicLink = page.getByRole('main').getByRole('link', { name: 'Ver Loja Pública' })
  await expect(publicLink).toHaveAttribute('href', /^\/store\/studio-carla-/)
  await expect(page.getByText(/http:\/\/127\.0\.0\.1:\d+\/store\/studio-carla-/)).toBeVisible()

  // The saved logo comes back after a reload.
  await page.reload()
  await expect(page.getByText('Trocar logo')).toBeVisible()
  await expect(page.getByLabel('Nome da loja')).toHaveValue(storeName)

  await goToDashboard(page)
  await expect(checklist(page)).toContainText('1 de 3 concluídos')
  await expect(checklist(page).getByRole('link', { name: /Configure sua loja/ })).toHaveAccessibleName(/concluído/)

  // 2. Two professionals with photos.
  await checklist(page).getByRole('link', { name: /Cadastre um profissional/ }).click()
  await expect(page).toHaveURL(/\/dashboard\/professionals$/)
  await addProfessional(page, {
    name: 'Ana Lima',
    role: 'Cabeleireira',
    specialties: ['Corte', 'Coloração', 'Escova'],
    photos: ['ana-1.png', 'ana-2.png'],
  })
  await addProfessional(page, {
    name: 'Bruno Alves',
    role: 'Barbeiro',
    specialties: ['Barba', 'Corte masculino'],
    photos: ['bruno.png'],
  })
  // The card shows the first photo (decorative: the name is right beside it).
  await expect(card(page, 'Ana Lima').locator('img')).toHaveAttribute('src', /^\/files\/[^/]+\/thumb$/)
  await expect(card(page, 'Ana Lima')).toContainText('Coloração')

  // A blocked time for Ana; the end must come after the start.
  await card(page, 'Ana Lima').getByRole('button', { name: 'Bloqueios de Ana Lima' }).click()
  const blocks = page.getByRole('dialog', { name: 'Bloqueios de horário' })
  await expect(blocks.getByText('Nenhum bloqueio de hoje em diante.')).toBeVisible()
  await blocks.getByRole('button', { name: 'Novo bloqueio' }).click()
  const blockForm = page.getByRole('dialog', { name: 'Novo bloqueio' })
  const day = dateFromToday(2)
  await blockForm.getByLabel('Data').fill(day)
  await blockForm.getByLabel('Início').fill('13:00')
  await blockForm.getByLabel('Fim').fill('12:00')
  await blockForm.getByRole('button', { name: 'Salvar' }).click()
  await expect(blockForm.getByRole('alert').filter({ hasText: 'O fim deve ser depois do início' })).toBeVisible()
  await blockForm.getByLabel('Início').fill('12:00')
  await blockForm.getByLabel('Fim').fill('13:00')
  await blockForm.getByLabel(/Motivo/).fill('Almoço com fornecedor')
  await blockForm.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Bloqueio criado')).toBeVisible()
  const [y, m, d] = day.split('-')
  await expect(blocks.getByRole('list', { name: 'Bloqueios' })).toContainText(`${d}/${m}/${y} 12:00–13:00`)
  await expect(blocks.getByRole('list', { name: 'Bloqueios' })).toContainText('Almoço com fornecedor')
  await page.keyboard.press('Escape')
  await expect(blocks).toBeHidden()

  await goToDashboard(page)
  await expect(checklist(page)).toContainText('2 de 3 concluídos')

  // 3. Three services.
  await checklist(page).getByRole('link', { name: /Cadastre um serviço/ }).click()
  await expect(page).toHaveURL(/\/dashboard\/services$/)
  await addService(page, { name: 'Corte feminino', duration: '60', price: '80', professionals: ['Ana Lima'] })
  await addService(page, { name: 'Barba', duration: '30', price: '35,50', professionals: ['Bruno Alves'] })
  await addService(page, {
    name: 'Coloração completa',
    duration: '150',
    price: '1.234,56',
    professionals: ['Ana Lima', 'Bruno Alves'],
  })
  await expect(card(page, 'Corte feminino')).toContainText(/R\$\s80,00/)
  await expect(card(page, 'Corte feminino')).toContainText('1h')
  await expect(card(page, 'Barba')).toContainText(/R\$\s35,50/)
  await expect(card(page, 'Coloração completa')).toContainText(/R\$\s1\.234,56/)
  await expect(card(page, 'Coloração completa')).toContainText('2h 30min')
  await expect(card(page, 'Coloração completa')).toContainText('Ana Lima, Bruno Alves')

  // Onboarding complete: the checklist is gone.
  await goToDashboard(page)
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
  await expect(checklist(page)).toHaveCount(0)

  // Deleting Ana says what goes with her.
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Profissionais' }).click()
  await card(page, 'Ana Lima').getByRole('button', { name: 'Excluir Ana Lima' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Excluir Ana Lima?' })
  await expect(confirm).toContainText('Também será excluído 1 bloqueio de horário.')
  await expect(confirm).toContainText('Ana Lima deixará de aparecer nos 2 serviços que realiza.')
  await confirm.getByRole('button', { name: 'Excluir' }).click()
  await expect(toast(page, 'Profissional excluído')).toBeVisible()
  await expect(card(page, 'Ana Lima')).toHaveCount(0)
  await expect(card(page, 'Bruno Alves')).toBeVisible()

  // The services no longer list her.
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Serviços' }).click()
  await expect(card(page, 'Coloração completa')).toContainText('Bruno Alves')
  await expect(card(page, 'Coloração completa')).not.toContainText('Ana Lima')
  await expect(card(page, 'Corte feminino')).toContainText('Nenhum profissional escolhido')
  await expect(page.getByRole('main').getByText('Ana Lima')).toHaveCount(0)
})
