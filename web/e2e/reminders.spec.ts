import { mkdirSync } from 'node:fs'

import { axe } from './audit'
import { fakePushManager, startPushDouble } from './push-double'
import { openStore } from './store-fixture'
import { call, screenshot, waitForMail } from './support'
import { expect, test } from './traffic'

// Fewer no-shows at no cost per message (issue 28): Maria books on her phone with her email and
// taps 'Me lembrar neste celular'. At the time the salon chose, the reminder reaches her phone
// (through a push service double that decrypts it as her browser would) and her email (through the
// local SMTP listener); she confirms with the notification's one tap and the owner's agenda, open
// on another screen, turns 'Confirmado' live.

const shots = 'test-results/screens/reminders'

/** The São Paulo wall clock of an instant: its date and HH:MM. */
function saoPaulo(at: Date) {
  const date = at.toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' })
  const time = at.toLocaleTimeString('en-GB', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
  return { date, time }
}

test('a customer allows push, gets the reminder on her phone and by email, and confirms with one tap', async ({ page, browser }) => {
  test.setTimeout(240_000)
  const owner = await openStore(page)
  const store = await call<Record<string, unknown>>(page.request, owner.token, 'GET', '/store')
  const everyDay = Object.fromEntries(
    ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, { open: '09:00', close: '18:00', isOpen: true }]),
  )
  const keep = ['name', 'description', 'phone', 'address', 'logo', 'bookingFlow', 'heroGradient', 'socialMedia', 'paymentSettings', 'timeZone', 'minNoticeMin', 'horizonDays']
  await call(page.request, owner.token, 'PUT', '/store', { ...Object.fromEntries(keep.map((k) => [k, store[k]])), workingHours: everyDay })

  // The reminder goes 'the day before' at a minute about to come: the booking is for the day after it.
  const due = saoPaulo(new Date(Date.now() + 75_000))
  const day = new Date(`${due.date}T12:00:00Z`)
  day.setUTCDate(day.getUTCDate() + 1)
  const date = day.toISOString().slice(0, 10)
  const label = day.toLocaleDateString('pt-BR', { day: 'numeric', month: 'long', timeZone: 'UTC' })

  const push = await startPushDouble()
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    permissions: ['notifications'],
    serviceWorkers: 'allow',
  })
  await context.addInitScript(fakePushManager(push.subscription))
  const shop = await context.newPage()
  await shop.goto(`/store/${owner.slug}`)
  await shop.getByRole('button', { name: 'Agendar horário' }).click()
  const sheet = shop.getByRole('dialog')
  await sheet.getByRole('button', { name: /^Corte/ }).click()
  await sheet.getByRole('button', { name: /^Ana Lima/ }).click()
  await sheet.getByRole('button', { name: new RegExp(`${label}, \\d+ horários? livres?$`) }).click()
  await sheet.getByRole('button', { name: /^\d\d:\d\d$/ }).first().click()
  const email = `maria-${Date.now().toString(36)}@exemplo.com.br`
  await sheet.getByLabel('Seu nome').fill('Maria Aparecida Souza')
  await sheet.getByLabel('Telefone (WhatsApp)').fill('11955553333')
  await sheet.getByLabel(/E-mail \(para lembretes\)/).fill(email)
  await sheet.getByRole('button', { name: 'Confirmar agendamento' }).click()
  await expect(sheet.getByRole('heading', { level: 2, name: 'Agendamento confirmado' })).toBeVisible()
  const phone = sheet.getByRole('region', { name: 'Lembrete neste celular' })
  await phone.getByRole('button', { name: 'Me lembrar neste celular' }).click()
  await expect(phone.getByRole('status')).toHaveText(/Pronto: o lembrete chega como notificação neste celular/)
  mkdirSync(shots, { recursive: true })
  await screenshot(shop, { path: `${shots}/confirmation-push-on-390.png`, fullPage: true })
  expect(await shop.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  expect(await axe(shop)).toEqual([])
  // The booking's notice went by email at once.
  await waitForMail(email, 30_000, 'Seu horário')

  // The owner's agenda of that day, open on another screen.
  await page.goto(`/dashboard/appointments?view=day&date=${date}`)
  const card = page.getByRole('button', { name: /Maria Aparecida Souza/ }).first()
  await expect(card).toBeVisible()

  // Now the salon's choice: the day before at the minute about to come.
  await call(page.request, owner.token, 'PUT', '/store/reminders', {
    email: true,
    push: true,
    dayBefore: due.time,
    hoursBefore: [],
    quietFrom: '23:30',
    quietTo: '06:00',
    note: 'Chegue 5 minutos antes.',
  })
  await expect.poll(() => push.received.length, { timeout: 150_000, message: 'the reminder on the phone' }).toBeGreaterThan(0)
  const reminder = push.received[0]?.payload as { title: string; body: string; confirm: string; url: string; actions: { action: string }[] }
  expect(reminder.title).toMatch(/^Amanhã \d\d:\d\d — Corte com Ana Lima no Studio Bela/)
  expect(reminder.actions.map((a) => a.action)).toEqual(['confirm', 'reschedule'])
  expect(reminder.url).toMatch(/\/lembrete\//) // a tap on the notice itself opens the page that confirms
  const mail = await waitForMail(email, 60_000, 'Confirmar presença:')
  expect(mail).toContain('Chegue 5 minutos antes.')
  expect(mail).toMatch(/Subject: =\?utf-8\?q\?Amanh=C3=A3_/)

  // 'Confirmar' on the notification: the service worker posts the reminder's confirm address.
  const confirmed = await shop.evaluate(async (url) => (await fetch(url, { method: 'POST', credentials: 'omit' })).status, reminder.confirm)
  expect(confirmed).toBe(200)
  await expect(card).toContainText('Confirmado')
  await context.close()
  push.server.close()
})
