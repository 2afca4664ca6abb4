import { mkdirSync } from 'node:fs'

import type { Page } from '@playwright/test'

import { axe } from './audit'
import { openStore } from './store-fixture'
import { call, screenshot, settled, storeDate } from './support'
import { expect, test } from './traffic'

// A salon switching in from another system (issue 29): the owner drops the spreadsheet her old
// system exported (Latin-1, ';', phones in every format, a client she already has, a formula)
// and the vCard of her phone's contacts, checks the preview, imports, opens a client's record
// with her notes and birthday, and undoes the import.

const shots = 'test-results/screens/client-import'

/** latin1 encodes text as Windows-1252, as Brazilian Excel saves 'CSV (separado por vírgulas)'. */
function latin1(text: string) {
  return Buffer.from(
    [...text].map((c) => {
      const code = c.charCodeAt(0)
      if (code > 0xff) throw new Error(`${c} is not Latin-1`)
      return code
    }),
  )
}

const spreadsheet = latin1(
  [
    'Nome;Celular;Telefone Fixo;E-mail;Data de Nascimento;Observações',
    'Maria Aparecida dos Santos Oliveira;(19) 99876-1234;;maria.aparecida@exemplo.com.br;15/03/1985;"Alérgica a amônia; prefere horários pela manhã"',
    'Conceição Gonçalves;+55 (19) 8765-4321;(19) 3232-1111;;07/09;Cliente desde 2015',
    'Helena Vasconcelos;97654-3210;;;;', // no DDD: the store's (19)
    'Bianca Prado;19 99876-1234;;;;', // Maria's phone again
    'Juliana Reis;(11) 98888-7777;;;;', // a client the salon has
    // Excel quotes a cell with ';' and doubles its quotes.
    '"=HYPERLINK(""http://golpe.exemplo"";""Clique aqui"")";(19) 91111-2222;;;;',
    'Sem Telefone Nenhum;;;;;',
    '',
  ].join('\r\n'),
)

const vcard = [
  'BEGIN:VCARD',
  'VERSION:3.0',
  'FN:Fernanda Cristina de Albuquerque',
  'TEL;TYPE=CELL:+55 19 97777-1212',
  'BDAY:--0720',
  'NOTE:Indicada pela Maria',
  'END:VCARD',
  'BEGIN:VCARD',
  'VERSION:4.0',
  'FN:Patrícia Moura',
  'TEL;VALUE=uri:tel:+5519966665555',
  'CATEGORIES:VIP,Noiva',
  'END:VCARD',
  '',
].join('\r\n')

async function openImport(page: Page) {
  await page.goto('/dashboard/clients')
  await page.getByRole('button', { name: 'Importar clientes' }).click()
  return page.getByRole('dialog', { name: 'Importar clientes' })
}

test('a messy spreadsheet and a vCard are previewed, imported and undone', async ({ page }) => {
  test.setTimeout(120_000)
  const owner = await openStore(page)
  const current = (await (await page.request.get('/api/v1/store', { headers: owner.headers })).json()) as Record<string, unknown>
  const keep = ['name', 'description', 'address', 'logo', 'bookingFlow', 'heroGradient', 'workingHours', 'paymentSettings', 'timeZone', 'minNoticeMin', 'horizonDays', 'socialMedia']
  const saved = await page.request.put('/api/v1/store', {
    headers: owner.headers,
    data: { ...Object.fromEntries(keep.map((k) => [k, current[k]])), phone: '(19) 3234-5678' },
  })
  expect(saved.ok(), await saved.text()).toBeTruthy()
  await call(page.request, owner.token, 'POST', '/appointments', {
    clientName: 'Juliana Reis',
    clientPhone: '(11) 98888-7777',
    serviceId: owner.corte,
    professionalId: owner.professionals[0],
    date: storeDate(2),
    time: '10:00',
    force: true,
  })

  // The spreadsheet: the preview says what each row becomes, before anything is written.
  let dialog = await openImport(page)
  await dialog.locator('input[type=file]').setInputFiles({ name: 'clientes-sistema-antigo.csv', mimeType: 'text/csv', buffer: spreadsheet })
  const summary = dialog.getByRole('definition')
  await expect(dialog.getByText('clientes-sistema-antigo.csv')).toBeVisible()
  await expect(summary.nth(0)).toHaveText('3')
  await expect(summary.nth(1)).toHaveText('1')
  await expect(summary.nth(2)).toHaveText('1')
  await expect(summary.nth(3)).toHaveText('2')
  await expect(dialog.getByLabel('Observações', { exact: true })).toHaveValue('notes')
  await expect(dialog.getByLabel('Telefone Fixo')).toHaveValue('phone2')
  const errors = dialog.getByRole('tabpanel')
  await expect(errors).toContainText('Fórmula de planilha na coluna Nome')
  await expect(errors).toContainText('Sem telefone')

  mkdirSync(shots, { recursive: true })
  for (const [width, height] of [[390, 844], [360, 740], [1280, 800]] as const) {
    await page.setViewportSize({ width, height })
    await settled(page) // the sidebar's padding moves as the width changes
    await screenshot(page, { path: `${shots}/preview-${width}.png` })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
  }
  await page.setViewportSize({ width: 390, height: 844 })
  expect(await axe(page)).toEqual([])

  await dialog.getByRole('tab', { name: /Já cadastrados/ }).click()
  await expect(dialog.getByRole('tabpanel')).toContainText('Já é cliente: Juliana Reis')
  await expect(dialog.getByRole('tabpanel')).toContainText('Mesmo telefone da linha 2')

  await dialog.getByRole('button', { name: 'Importar 3 clientes' }).click()
  await expect(dialog.getByRole('status')).toContainText('3 clientes importados')
  await expect(dialog.getByRole('status')).toContainText('Você pode desfazer a importação até')
  await screenshot(page, { path: `${shots}/done-390.png` })
  await dialog.getByRole('button', { name: 'Ver clientes' }).click()
  await expect(dialog).toBeHidden()

  // The vCard of the phone's contacts.
  dialog = await openImport(page)
  await dialog.locator('input[type=file]').setInputFiles({ name: 'contatos.vcf', mimeType: 'text/vcard', buffer: Buffer.from(vcard) })
  await dialog.getByRole('button', { name: 'Importar 2 clientes' }).click()
  await expect(dialog.getByRole('status')).toContainText('2 clientes importados')
  await dialog.getByRole('button', { name: 'Ver clientes' }).click()

  await expect(page.getByRole('link', { name: /Patrícia Moura/ }).first()).toBeVisible()
  for (const [width, height] of [[390, 844], [360, 740], [1280, 800]] as const) {
    await page.setViewportSize({ width, height })
    await settled(page) // the sidebar's padding moves as the width changes
    await screenshot(page, { path: `${shots}/clients-${width}.png` })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
  }
  await page.setViewportSize({ width: 390, height: 844 })

  // A client's page: her notes first, her birthday with her age, her second phone.
  await page.getByRole('searchbox', { name: 'Buscar' }).fill('Maria Aparecida')
  await page.getByRole('link', { name: /Maria Aparecida dos Santos Oliveira/ }).first().click()
  const record = page.getByRole('region', { name: 'Ficha' })
  await expect(record).toContainText('Alérgica a amônia; prefere horários pela manhã')
  await expect(record).toContainText(/15\/03\/1985 · \d+ anos/)
  await expect(record).toContainText('maria.aparecida@exemplo.com.br')
  await expect(page.getByText('Nenhum agendamento ainda')).toBeVisible()
  for (const [width, height] of [[390, 844], [360, 740], [1280, 800]] as const) {
    await page.setViewportSize({ width, height })
    await settled(page) // the sidebar's padding moves as the width changes
    await screenshot(page, { path: `${shots}/client-${width}.png`, fullPage: width !== 1280 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
  }
  await page.setViewportSize({ width: 390, height: 844 })
  expect(await axe(page)).toEqual([])

  // Conceição's number from before the ninth digit reads as today's; Helena's took the DDD.
  const clients = await call<{ items: { name: string; phone: string }[]; total: number }>(page.request, owner.token, 'GET', '/clients?limit=50')
  const phones = Object.fromEntries(clients.items.map((c) => [c.name, c.phone]))
  expect(phones['Conceição Gonçalves']).toBe('+5519987654321')
  expect(phones['Helena Vasconcelos']).toBe('+5519976543210')
  expect(phones['Patrícia Moura']).toBe('+5519966665555')
  expect(clients.total).toBe(6)

  // Undo the spreadsheet's import from the list of recent imports.
  dialog = await openImport(page)
  const recent = dialog.getByRole('region', { name: 'Importações recentes' })
  const sheet = recent.getByRole('listitem').filter({ hasText: 'clientes-sistema-antigo.csv' })
  await sheet.getByRole('button', { name: 'Desfazer importação' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Desfazer importação' }).click()
  await expect(page.getByText('3 clientes apagados')).toBeVisible()
  await expect(sheet).toBeHidden()
  const after = await call<{ total: number }>(page.request, owner.token, 'GET', '/clients')
  expect(after.total).toBe(3)
})

test('a file that is no client list is refused in plain Portuguese, writing nothing', async ({ page }) => {
  const owner = await openStore(page)
  const dialog = await openImport(page)
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'foto.png',
    mimeType: 'image/png',
    buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]),
  })
  await expect(dialog.getByRole('alert')).toHaveText(
    'Este arquivo não é uma planilha CSV ou XLSX nem um vCard (.vcf). Exporte os clientes do outro sistema em CSV e tente de novo.',
  )
  const clients = await call<{ total: number }>(page.request, owner.token, 'GET', '/clients')
  expect(clients.total).toBe(0)
})
