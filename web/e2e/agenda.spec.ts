import { type Locator, type Page } from '@playwright/test'
import { mkdirSync } from 'node:fs'

import { call, professionalBody, register, screenshot, signIn, strongPassword, uniqueEmail } from './support'
import { expect, test } from './traffic'

// The agenda end to end (issue 4): booking for two professionals, statuses, delete → undo,
// the trash, a client's phone edit that all their appointments follow, and live updates in a
// second browser signed in as the same owner.

type Seed = {
  email: string
  token: string
  date: string
  ana: string
  bruno: string
  corte: string
}

/** The store's wall-clock date `days` from today, moved off Sunday (the store is closed then). */
function openDay(days: number) {
  for (let d = days; ; d++) {
    const date = new Date(Date.now() + d * 86_400_000)
    const weekday = date.toLocaleDateString('en-US', { timeZone: 'America/Sao_Paulo', weekday: 'short' })
    if (weekday !== 'Sun') return date.toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' })
  }
}

/** A new owner with a store, Ana and Bruno, and a Corte both of them perform. */
async function seedOwner(page: Page, name = 'Paula Reis'): Promise<Seed> {
  const email = uniqueEmail('agenda')
  await register(page, name, email)
  const signin = await page.request.post('/api/v1/auth/signin', { data: { email, password: strongPassword } })
  expect(signin.ok()).toBeTruthy()
  const token = ((await signin.json()) as { session: { accessToken: string } }).session.accessToken

  type Store = Record<string, unknown>
  const store = await call<Store>(page.request, token, 'GET', '/store')
  const keep = ['description', 'phone', 'logo', 'bookingFlow', 'heroGradient', 'workingHours', 'socialMedia']
  const input: Store = Object.fromEntries(keep.map((k) => [k, store[k]]))
  await call(page.request, token, 'PUT', '/store', {
    ...input,
    paymentSettings: store.paymentSettings,
    timeZone: 'America/Sao_Paulo',
    minNoticeMin: 0,
    horizonDays: 60,
    name: `Barbearia Central ${Date.now().toString(36)}`,
    address: 'Rua das Flores, 10 - Centro',
  })
  const pro = (n: string) =>
    call<{ id: string }>(page.request, token, 'POST', '/professionals', professionalBody(n))
  const ana = (await pro('Ana Lima')).id
  const bruno = (await pro('Bruno Alves')).id
  const corte = (
    await call<{ id: string }>(page.request, token, 'POST', '/services', {
      name: 'Corte',
      description: '',
      duration: 45,
      price: 5000,
      professionalIds: [ana, bruno],
    })
  ).id
  return { email, token, date: openDay(2), ana, bruno, corte }
}

/** The toast with this text (earlier ones with the same text may linger, hidden). */
function toast(page: Page, text: string | RegExp) {
  return page.getByText(text, { exact: typeof text === 'string' }).filter({ visible: true }).first()
}

async function book(
  page: Page,
  a: { client: string; phone: string; professional: string; time: string; chip?: boolean },
) {
  await page.getByRole('button', { name: 'Novo agendamento', exact: true }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Novo agendamento' })
  await dialog.getByLabel('Cliente', { exact: true }).fill(a.client)
  await dialog.getByLabel('Telefone (WhatsApp)').fill(a.phone)
  await dialog.getByRole('radio', { name: 'Corte', exact: true }).check()
  await dialog.getByRole('radio', { name: a.professional, exact: true }).check()
  if (a.chip ?? true) await dialog.getByRole('button', { name: a.time, exact: true }).click()
  else await dialog.getByLabel('Horário').fill(a.time)
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  return dialog
}

/** Resolves when the server answers a status change with success. */
function statusSaved(page: Page) {
  return page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && /\/api\/v1\/appointments\/[^/]+\/status$/.test(r.url()) && r.ok(),
  )
}

function listRow(page: Page, client: string): Locator {
  return page.getByRole('row', { name: client })
}

test('the owner books two professionals, changes statuses, undoes a delete and restores from the trash', async ({
  page,
}) => {
  test.setTimeout(120_000)
  // The page's clock runs as usual, and the test can move it on at once: the 2 s after which a
  // deleted appointment leaves the list are run through, not waited out.
  await page.clock.install()
  const seed = await seedOwner(page)
  await page.goto(`/dashboard/appointments?view=day&date=${seed.date}`)
  await expect(page.getByRole('group', { name: 'Agenda de Ana Lima' })).toBeVisible()
  await expect(page.getByRole('group', { name: 'Agenda de Bruno Alves' })).toBeVisible()

  // Two bookings through the dialog, picking free times.
  let dialog = await book(page, { client: 'Maria Souza', phone: '11912345678', professional: 'Ana Lima', time: '10:00' })
  await expect(toast(page, 'Agendamento criado')).toBeVisible()
  await expect(dialog).toBeHidden()
  dialog = await book(page, { client: 'João Pedro', phone: '21987654321', professional: 'Bruno Alves', time: '10:00' })
  await expect(toast(page, 'Agendamento criado')).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('group', { name: 'Agenda de Ana Lima' }).getByRole('button', { name: /Maria Souza/ })).toBeVisible()
  await expect(page.getByRole('group', { name: 'Agenda de Bruno Alves' }).getByRole('button', { name: /João Pedro/ })).toBeVisible()

  // A typed time that clashes asks first, then books anyway.
  dialog = await book(page, {
    client: 'Carla Dias',
    phone: '(31) 99888-7766',
    professional: 'Ana Lima',
    time: '10:15',
    chip: false,
  })
  const clash = page.getByRole('alertdialog', { name: 'Horário ocupado' })
  await expect(clash).toContainText('Confirme para agendar mesmo assim')
  await clash.getByRole('button', { name: 'Agendar mesmo assim' }).click()
  await expect(toast(page, 'Agendamento criado')).toBeVisible()
  await expect(dialog).toBeHidden()

  // Statuses, one tap each, in the list.
  await page.getByRole('tab', { name: 'Lista' }).click()
  await page.getByLabel('De', { exact: true }).fill(seed.date)
  await expect(listRow(page, 'Maria Souza')).toBeVisible()
  // The view changes first; wait for each save before reloading, or the reload would cancel it.
  let saved = statusSaved(page)
  await listRow(page, 'Maria Souza').getByRole('button', { name: 'Confirmar' }).click()
  await expect(listRow(page, 'Maria Souza')).toContainText('Confirmado')
  await saved
  saved = statusSaved(page)
  await listRow(page, 'João Pedro').getByRole('button', { name: 'Concluir' }).click()
  await expect(listRow(page, 'João Pedro')).toContainText('Concluído')
  await saved
  await page.reload()
  await page.getByLabel('De', { exact: true }).fill(seed.date)
  await expect(listRow(page, 'Maria Souza')).toContainText('Confirmado')
  await expect(listRow(page, 'João Pedro')).toContainText('Concluído')

  // Delete → 'Desfazer' within 8 s → it is back.
  // (The struck-through mark lasts 2 s; the unit tests check it with a fake clock.)
  await listRow(page, 'Carla Dias').getByRole('button', { name: 'Excluir agendamento' }).click()
  await expect(toast(page, 'Agendamento excluído')).toBeVisible()
  await page.getByRole('button', { name: 'Desfazer' }).click()
  await expect(toast(page, 'Agendamento restaurado')).toBeVisible()
  // Past the 2 s in which a deleted one leaves the list: every timer due by then has fired.
  await page.clock.runFor(2500)
  await expect(listRow(page, 'Carla Dias')).toBeVisible()
  await expect(listRow(page, 'Carla Dias')).not.toContainText('Excluído')

  // Delete → it leaves the list after 2 s → Lixeira → Restaurar.
  await listRow(page, 'Carla Dias').getByRole('button', { name: 'Excluir agendamento' }).click()
  await expect(toast(page, 'Agendamento excluído')).toBeVisible()
  await page.clock.runFor(2500)
  await expect(listRow(page, 'Carla Dias')).toBeHidden()
  await page.getByRole('tab', { name: 'Lixeira' }).click()
  await expect(page.getByText('Itens na lixeira há mais de 30 dias são excluídos automaticamente.')).toBeVisible()
  const trashed = page.getByRole('article', { name: 'Carla Dias' })
  await expect(trashed).toContainText('Corte com Ana Lima')
  await trashed.getByRole('button', { name: 'Restaurar' }).click()
  // Carla was booked into a taken time (confirmed above): restoring there asks again.
  await page.getByRole('alertdialog', { name: 'Horário ocupado' }).getByRole('button', { name: 'Restaurar mesmo assim' }).click()
  await expect(toast(page, 'Agendamento restaurado')).toBeVisible()
  await expect(trashed).toBeHidden()
  await expect(page.getByText('A lixeira está vazia.')).toBeVisible()
  await page.getByRole('tab', { name: 'Lista' }).click()
  await page.getByLabel('De', { exact: true }).fill(seed.date)
  await expect(listRow(page, 'Carla Dias')).toBeVisible()

  // Delete for good from the trash.
  await listRow(page, 'João Pedro').getByRole('button', { name: 'Excluir agendamento' }).click()
  await expect(listRow(page, 'João Pedro')).toBeHidden({ timeout: 5000 })
  await page.getByRole('tab', { name: 'Lixeira' }).click()
  await page.getByRole('article', { name: 'João Pedro' }).getByRole('button', { name: 'Excluir definitivamente' }).click()
  const sure = page.getByRole('alertdialog', { name: 'Excluir definitivamente?' })
  await sure.getByRole('button', { name: 'Excluir definitivamente' }).click()
  await expect(toast(page, 'Agendamento excluído definitivamente')).toBeVisible()
  await expect(page.getByRole('article', { name: 'João Pedro' })).toBeHidden()
})

test("editing a client's phone moves every appointment of theirs", async ({ page }) => {
  const seed = await seedOwner(page, 'Rita Campos')
  for (const [time, professionalId] of [
    ['09:00', seed.ana],
    ['11:00', seed.bruno],
  ] as const) {
    await call(page.request, seed.token, 'POST', '/appointments', {
      clientName: 'Beatriz Nunes',
      clientPhone: '+5511955554444',
      serviceId: seed.corte,
      professionalId,
      date: seed.date,
      time,
      status: 'scheduled',
      paymentMethod: null,
      notes: '',
      force: false,
    })
  }
  await page.goto('/dashboard/clients')
  await page.getByRole('searchbox', { name: 'Buscar' }).fill('Beatriz')
  await page.getByRole('link', { name: 'Beatriz Nunes' }).click()
  await expect(page).toHaveURL(/\/dashboard\/clients\/5511955554444$/)
  await expect(page.getByRole('heading', { name: /Histórico/ })).toContainText('2 agendamentos')
  await expect(page.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\/5511955554444\?text=/)

  await page.getByRole('button', { name: 'Editar' }).click()
  const dialog = page.getByRole('dialog', { name: 'Editar cliente' })
  await expect(dialog).toContainText('todos os 2 agendamentos deste cliente')
  await dialog.getByLabel('Telefone (WhatsApp)').fill('11977776666')
  await expect(dialog.getByLabel('Telefone (WhatsApp)')).toHaveValue('(11) 97777-6666')
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Cliente atualizado')).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard\/clients\/5511977776666$/)
  await expect(page.getByText('(11) 97777-6666').first()).toBeVisible()
  await expect(page.getByRole('heading', { name: /Histórico/ })).toContainText('2 agendamentos')

  const { items } = await call<{ items: { clientPhone: string }[] }>(
    page.request,
    seed.token,
    'GET',
    `/appointments?from=${seed.date}&to=${seed.date}`,
  )
  expect(items.map((a) => a.clientPhone)).toEqual(['+5511977776666', '+5511977776666'])
})

test('a second browser signed in as the same owner sees a new appointment appear live', async ({ page, browser }) => {
  const seed = await seedOwner(page, 'Sônia Prado')
  const other = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' })
  const second = await other.newPage()
  await signIn(second, seed.email)
  await expect(second).toHaveURL(/\/dashboard$/)
  await second.goto(`/dashboard/appointments?view=day&date=${seed.date}`)
  await expect(second.getByRole('group', { name: 'Agenda de Ana Lima' })).toBeVisible()

  await page.goto(`/dashboard/appointments?view=day&date=${seed.date}`)
  await book(page, { client: 'Lúcia Ramos', phone: '11933332222', professional: 'Ana Lima', time: '14:00' })
  await expect(toast(page, 'Agendamento criado')).toBeVisible()

  // No reload in the second browser: the event stream brings it.
  await expect(second.getByRole('group', { name: 'Agenda de Ana Lima' }).getByRole('button', { name: /Lúcia Ramos/ })).toBeVisible({
    timeout: 10_000,
  })
  await other.close()
})

const sizes = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]

// For a person to look at: `make screens` runs it, `make test` does not (@screens).
test('screens of the agenda and the clients', { tag: '@screens' }, async ({ browser }) => {
  test.setTimeout(120_000)
  const setup = await browser.newPage({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' })
  const seed = await seedOwner(setup, 'Juliana Mendes')
  const people = [
    ['Maria Souza', '+5511912345678', '09:00', seed.ana, 'confirmed'],
    ['João Pedro', '+5521987654321', '09:30', seed.bruno, 'scheduled'],
    ['Carla Dias', '+5531998887766', '11:00', seed.ana, 'completed'],
    ['Fernanda Lopes Albuquerque', '+5511944443333', '14:30', seed.bruno, 'no_show'],
    ['Beatriz Nunes', '+5511955554444', '16:00', seed.ana, 'cancelled'],
  ] as const
  for (const [clientName, clientPhone, time, professionalId, status] of people) {
    await call(setup.request, seed.token, 'POST', '/appointments', {
      clientName,
      clientPhone,
      serviceId: seed.corte,
      professionalId,
      date: seed.date,
      time,
      status,
      paymentMethod: status === 'completed' ? 'pix' : null,
      notes: '',
      force: true,
    })
  }
  const gone = await call<{ id: string }>(setup.request, seed.token, 'POST', '/appointments', {
    clientName: 'Rafael Costa',
    clientPhone: '+5511966665555',
    serviceId: seed.corte,
    professionalId: seed.bruno,
    date: seed.date,
    time: '17:00',
    status: 'scheduled',
    paymentMethod: null,
    notes: '',
    force: true,
  })
  await call(setup.request, seed.token, 'DELETE', `/appointments/${gone.id}`)
  await setup.close()

  for (const size of sizes) {
    const dir = `test-results/screens/${size.name}`
    mkdirSync(dir, { recursive: true })
    const context = await browser.newContext({
      viewport: { width: size.width, height: size.height },
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
    })
    const page = await context.newPage()
    await signIn(page, seed.email)
    await expect(page).toHaveURL(/\/dashboard$/)
    const shot = async (name: string, fullPage = true) => {
      await screenshot(page, { path: `${dir}/${name}.png`, fullPage })
    }
    for (const view of ['day', 'week', 'list', 'trash']) {
      await page.goto(`/dashboard/appointments?view=${view}&date=${seed.date}`)
      await expect(page.getByRole('tab', { selected: true })).toBeVisible()
      if (view === 'list') {
        await page.getByLabel('De', { exact: true }).fill(seed.date)
        await expect(page.getByText('Maria Souza').first()).toBeVisible()
      }
      if (view !== 'trash') await expect(page.getByText('Maria Souza').first()).toBeVisible()
      await shot(`agenda-${view}`)
    }
    await page.goto(`/dashboard/appointments?view=day&date=${seed.date}`)
    await page.getByRole('button', { name: /Maria Souza/ }).first().click()
    await expect(page.getByRole('dialog', { name: /Maria Souza/ })).toBeVisible()
    await shot('agenda-details', false)
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Novo agendamento', exact: true }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Novo agendamento' })
    await dialog.getByLabel('Cliente', { exact: true }).fill('Ma')
    await expect(page.getByRole('option', { name: /Maria Souza/ })).toBeVisible()
    await dialog.getByRole('option', { name: /Maria Souza/ }).click()
    await dialog.getByRole('radio', { name: 'Corte', exact: true }).check()
    await dialog.getByRole('radio', { name: 'Ana Lima', exact: true }).check()
    await expect(dialog.getByRole('button', { name: '10:00', exact: true })).toBeVisible()
    await shot('agenda-new-dialog', false)
    // Half filled: Escape asks before throwing it away.
    await page.keyboard.press('Escape')
    await page.getByRole('alertdialog', { name: 'Descartar alterações?' }).getByRole('button', { name: 'Descartar' }).click()
    await expect(dialog).toBeHidden()

    await page.goto('/dashboard/clients')
    await expect(page.getByText('Maria Souza').first()).toBeVisible()
    await shot('clients')
    await page.goto('/dashboard/clients/5511912345678')
    await expect(page.getByRole('heading', { name: /Histórico/ })).toBeVisible()
    await shot('client-detail')
    await context.close()
  }
})
