import { mkdirSync } from 'node:fs'

import { axe } from './audit'
import { openStore } from './store-fixture'
import { call, screenshot, storeDate } from './support'
import { expect, test } from './traffic'

// Juliana follows her agenda in Google Agenda with one private link (issue 29): made and revoked
// in Configurações, read by the calendar app as iCalendar.

const shots = 'test-results/screens/calendar-feed'

test('a private calendar link of an agenda is made, read as iCalendar and revoked', async ({ page }) => {
  const owner = await openStore(page)
  const juliana = await call<{ id: string }>(page.request, owner.token, 'POST', '/professionals', {
    name: 'Juliana Aparecida dos Santos Ferreira',
    role: 'Cabeleireira e colorista',
    calendarType: 'app',
    specialties: ['Corte'],
  })
  const date = storeDate(1)
  await call(page.request, owner.token, 'POST', '/appointments', {
    clientName: 'Helena Vasconcelos de Albuquerque',
    clientPhone: '(19) 99876-1234',
    serviceId: owner.corte,
    professionalId: owner.professionals[0],
    date,
    time: '10:00',
    force: true,
  })

  await page.goto('/dashboard/settings')
  const section = page.getByRole('region', { name: 'Agenda no seu calendário' })
  await section.getByLabel('Agenda', { exact: true }).selectOption({ label: 'Ana Lima' })
  await section.getByRole('button', { name: 'Criar link' }).click()
  await section.getByLabel('Agenda', { exact: true }).selectOption({ value: juliana.id })
  await section.getByRole('button', { name: 'Criar link' }).click()
  const list = section.getByRole('list', { name: 'Seus links de agenda' })
  await expect(list.getByRole('listitem')).toHaveCount(2)
  await expect(list).toContainText('Juliana Aparecida dos Santos Ferreira')

  // What the calendar app reads.
  const ana = list.getByRole('listitem').filter({ hasText: 'Ana Lima' })
  const webcal = await ana.getByRole('link', { name: 'Abrir no iPhone' }).getAttribute('href')
  expect(webcal).toMatch(/^webcal:\/\//)
  const url = (webcal ?? '').replace(/^webcal:\/\//, 'http://')
  const feed = await page.request.get(url)
  expect(feed.status()).toBe(200)
  expect(feed.headers()['content-type']).toContain('text/calendar')
  const ics = await feed.text()
  expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/)
  expect(ics.replace(/\r\n /g, '')).toContain('SUMMARY:Corte — Helena Vasconcelos de Albuquerque')
  expect(ics).not.toContain('99876')

  mkdirSync(shots, { recursive: true })
  for (const [width, height] of [[390, 844], [360, 740], [1280, 800]] as const) {
    await page.setViewportSize({ width, height })
    await section.scrollIntoViewIfNeeded()
    await screenshot(page, { path: `${shots}/settings-${width}.png` })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
  }
  expect(await axe(page)).toEqual([])

  // Revoked, the address reads nothing.
  await ana.getByRole('button', { name: 'Revogar' }).click()
  await page.getByRole('alertdialog', { name: 'Revogar este link?' }).getByRole('button', { name: 'Revogar link' }).click()
  await expect(list.getByRole('listitem')).toHaveCount(1)
  expect((await page.request.get(url)).status()).toBe(404)
})
