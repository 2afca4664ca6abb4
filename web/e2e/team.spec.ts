import { type APIRequestContext, request } from '@playwright/test'

import { call, professionalBody, signIn, sizedContext, storeDate, strongPassword, TERMS_VERSION, uniqueEmail } from './support'
import { expect, test } from './traffic'

// The salon is a team (issue 26), end to end: the owner at a computer invites Juliana from
// 'Equipe' with a WhatsApp link; Juliana opens it on her phone, creates her login and lands on
// her own day (her client, not Carlos's), marks it 'Concluído' and blocks an afternoon, and the
// owner's home follows live; Carlos, the other professional, sees only his; the receptionist
// books for everyone but Relatórios refuses her; removing Juliana ends her session at once.

const phone = { width: 390, height: 844, phone: true }
const computer = { width: 1280, height: 800, phone: false }

async function signUp(api: APIRequestContext, name: string, email: string, invitation?: string) {
  const res = await api.post('/api/v1/auth/signup', {
    data: { name, email, password: strongPassword, acceptedTerms: TERMS_VERSION, ...(invitation ? { invitation } : {}) },
  })
  expect(res.ok(), await res.text()).toBeTruthy()
  return ((await res.json()) as { session: { accessToken: string } }).session.accessToken
}

const tokenOf = (link: string) => link.slice(link.lastIndexOf('/') + 1)

test('an owner, a receptionist and two professionals each see what their role allows', async ({ browser, baseURL }) => {
  test.setTimeout(240_000)
  const api = await request.newContext({ baseURL })
  const ownerEmail = uniqueEmail('dona')
  const token = await signUp(api, 'Beatriz Moura', ownerEmail)
  const store = await call<Record<string, unknown>>(api, token, 'GET', '/store')
  await call(api, token, 'PUT', '/store', {
    ...Object.fromEntries(['description', 'phone', 'logo', 'bookingFlow', 'heroGradient', 'workingHours', 'socialMedia', 'paymentSettings'].map((k) => [k, store[k]])),
    name: `Salão Beleza Pura ${Date.now().toString(36)}`,
    address: 'Rua das Flores, 10 - Centro',
    timeZone: 'America/Sao_Paulo',
    minNoticeMin: 0,
    horizonDays: 60,
  })
  const juliana = await call<{ id: string }>(api, token, 'POST', '/professionals', professionalBody('Juliana Prado'))
  const carlos = await call<{ id: string }>(api, token, 'POST', '/professionals', professionalBody('Carlos Mendes', 'Barbeiro'))
  const corte = await call<{ id: string }>(api, token, 'POST', '/services', {
    name: 'Escova progressiva', description: '', duration: 60, price: 18000, professionalIds: [juliana.id, carlos.id],
  })
  const today = storeDate(0)
  for (const [client, phoneNumber, pro] of [['Marina da Juliana', '11955554444', juliana.id], ['Rafael do Carlos', '11944443333', carlos.id]]) {
    await call(api, token, 'POST', '/appointments', {
      clientName: client, clientPhone: phoneNumber, serviceId: corte.id, professionalId: pro, date: today, time: '22:00',
      status: 'scheduled', paymentMethod: null, notes: '', force: true,
    })
  }

  // The owner invites Juliana from 'Equipe', at a computer.
  const ownerContext = await sizedContext(browser, baseURL, computer)
  const owner = await ownerContext.newPage()
  await signIn(owner, ownerEmail)
  await expect(owner).toHaveURL(/\/dashboard$/)
  await owner.getByRole('link', { name: 'Equipe', exact: true }).click()
  await owner.getByRole('button', { name: 'Convidar', exact: true }).click()
  const invite = owner.getByRole('dialog', { name: 'Convidar para a equipe' })
  await invite.getByLabel('Qual profissional').selectOption({ label: 'Juliana Prado' })
  await invite.getByLabel('Nome (opcional)').fill('Juliana Prado')
  await invite.getByLabel('WhatsApp (opcional)').fill('(11) 98765-4321')
  await invite.getByRole('button', { name: 'Criar convite' }).click()
  const created = owner.getByRole('dialog', { name: 'Convite criado' })
  const link = await created.getByLabel('Link do convite').inputValue()
  await expect(created.getByRole('link', { name: 'Enviar pelo WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\/5511987654321\?text=Ol%C3%A1%2C%20Juliana!/)
  await created.getByRole('button', { name: 'Concluir' }).click()
  await expect(owner.getByText('Aguardando')).toBeVisible()

  // Juliana opens the link on her phone and creates her login.
  const juContext = await sizedContext(browser, baseURL, phone)
  const ju = await juContext.newPage()
  await ju.goto(new URL(link).pathname)
  await expect(ju.getByRole('heading', { name: 'Convite para a equipe' })).toBeVisible()
  await expect(ju.getByText(/Beatriz Moura convidou você para a equipe do Salão Beleza Pura .* na função Profissional\./)).toBeVisible()
  await expect(ju.getByLabel('Nome')).toHaveValue('Juliana Prado')
  await ju.getByLabel('Email').fill(uniqueEmail('juliana'))
  await ju.getByLabel('Senha', { exact: true }).fill(strongPassword)
  await ju.getByLabel(/Li e aceito/).check()
  await ju.getByRole('button', { name: 'Criar conta e entrar na equipe' }).click()
  await expect(ju).toHaveURL(/\/dashboard$/)
  await expect(ju.getByText('Marina da Juliana')).toBeVisible()
  await expect(ju.getByText('Rafael do Carlos')).toHaveCount(0)
  const bar = ju.getByRole('navigation', { name: 'Atalhos' })
  await expect(bar.getByRole('link')).toHaveText(['Dashboard', 'Agendamentos', 'Clientes'])

  // She completes her client's visit; the owner's home follows live.
  await owner.goto('/dashboard')
  await expect(owner.getByText('Marina da Juliana')).toBeVisible()
  await ju.getByRole('button', { name: 'Concluir' }).first().click()
  await expect(ju.getByText('Concluído').first()).toBeVisible()
  await expect(owner.getByText('Concluído').first()).toBeVisible()

  // She blocks an afternoon of her own.
  await ju.getByRole('button', { name: 'Bloquear horário' }).click()
  const blocks = ju.getByRole('dialog', { name: 'Bloqueios de horário' })
  await blocks.getByRole('button', { name: 'Novo bloqueio' }).click()
  const blockForm = ju.getByRole('dialog', { name: 'Novo bloqueio' })
  await blockForm.getByLabel('Data').fill(storeDate(3))
  await blockForm.getByLabel('Início').fill('13:00')
  await blockForm.getByLabel('Fim').fill('18:00')
  await blockForm.getByRole('button', { name: 'Salvar' }).click()
  await expect(blocks.getByRole('list', { name: 'Bloqueios' })).toContainText('13:00–18:00')
  await ju.keyboard.press('Escape')
  const blocked = await call<{ professionalId: string }[]>(api, token, 'GET', '/blocked-times')
  expect(blocked.map((b) => b.professionalId)).toEqual([juliana.id])

  // Her client's phone is masked ('Equipe' hides phones by default), yet WhatsApp opens with her
  // client's number, through the server; the owner's switch shows the number.
  await juContext.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }))
  await ju.goto('/dashboard/clients')
  await ju.getByRole('link', { name: 'Marina da Juliana' }).first().click()
  await expect(ju.getByText('(11) 9••••-4444')).toBeVisible()
  await expect(ju.getByText('(11) 95555-4444')).toHaveCount(0)
  const chat = ju.waitForEvent('popup')
  await ju.getByRole('link', { name: 'WhatsApp' }).click()
  await expect(await chat).toHaveURL(/^https:\/\/wa\.me\/5511955554444\?text=/)
  await owner.goto('/dashboard/team')
  await owner.getByRole('switch', { name: 'Profissionais veem o telefone dos clientes' }).click()
  await expect(owner.getByText('Os profissionais agora veem o telefone dos clientes')).toBeVisible()
  await ju.goto('/dashboard/clients')
  await expect(ju.getByText('(11) 95555-4444').first()).toBeVisible()

  // Carlos, the other professional, sees only his own day.
  const carlosToken = await call<{ link: string }>(api, token, 'POST', '/team/invitations', { role: 'profissional', professionalId: carlos.id })
  const carlosEmail = uniqueEmail('carlos')
  await signUp(api, 'Carlos Mendes', carlosEmail, tokenOf(carlosToken.link))
  const carlosContext = await sizedContext(browser, baseURL, computer)
  const carlosPage = await carlosContext.newPage()
  await signIn(carlosPage, carlosEmail)
  await expect(carlosPage.getByText('Rafael do Carlos')).toBeVisible()
  await expect(carlosPage.getByText('Marina da Juliana')).toHaveCount(0)
  await expect(carlosPage.getByRole('link', { name: 'Equipe', exact: true })).toHaveCount(0)

  // The receptionist books for everyone, but Relatórios is not hers.
  const recInvite = await call<{ link: string }>(api, token, 'POST', '/team/invitations', { role: 'recepcao' })
  const recEmail = uniqueEmail('recepcao')
  await signUp(api, 'Rita Alves', recEmail, tokenOf(recInvite.link))
  const recContext = await sizedContext(browser, baseURL, phone)
  const rec = await recContext.newPage()
  await signIn(rec, recEmail)
  await expect(rec.getByText('Marina da Juliana')).toBeVisible()
  await expect(rec.getByText('Rafael do Carlos')).toBeVisible()
  await rec.goto('/dashboard/reports')
  await expect(rec.getByText('Operação não autorizada por questões de segurança')).toBeVisible()

  // Rita downloads her own data and leaves the team; her own account's page then offers its
  // export and deletion.
  await rec.goto('/dashboard/settings')
  const mineData = rec.getByRole('region', { name: 'Seus dados' })
  const download = rec.waitForEvent('download')
  await mineData.getByRole('button', { name: 'Baixar meus dados' }).click()
  expect((await download).suggestedFilename()).toBe('agendo-meus-dados-pessoais.json')
  await mineData.getByRole('button', { name: 'Sair da equipe' }).click()
  await rec.getByRole('alertdialog', { name: 'Sair da equipe?' }).getByRole('button', { name: 'Sair da equipe' }).click()
  await expect(rec.getByText(/^Você saiu da equipe do Salão Beleza Pura/)).toBeVisible()
  await expect(rec.getByRole('button', { name: 'Excluir minha conta' })).toBeVisible()

  // The owner removes Juliana: her session ends at once.
  await owner.goto('/dashboard/team')
  await owner.getByRole('button', { name: 'Remover Juliana Prado da equipe' }).click()
  await owner.getByRole('alertdialog').getByRole('button', { name: 'Remover' }).click()
  await expect(owner.getByText('Juliana Prado não faz mais parte da equipe')).toBeVisible()
  await ju.goto('/dashboard/appointments')
  await expect(ju).toHaveURL(/\/login/)

  // The owner serves clients too: she links her login to her own agenda, and 'Minha agenda'
  // shows only her clients.
  const beatriz = await call<{ id: string }>(api, token, 'POST', '/professionals', professionalBody('Beatriz Moura'))
  await call(api, token, 'PUT', `/services/${corte.id}`, {
    name: 'Escova progressiva', description: '', duration: 60, price: 18000, professionalIds: [juliana.id, carlos.id, beatriz.id],
  })
  await call(api, token, 'POST', '/appointments', {
    clientName: 'Sofia da Beatriz', clientPhone: '11933332222', serviceId: corte.id, professionalId: beatriz.id, date: today,
    time: '21:00', status: 'scheduled', paymentMethod: null, notes: '', force: true,
  })
  await owner.reload()
  await owner.getByRole('button', { name: 'Minha agenda' }).click()
  const mine = owner.getByRole('dialog', { name: 'Minha agenda' })
  await mine.getByLabel('Eu sou').selectOption({ label: 'Beatriz Moura' })
  await mine.getByRole('button', { name: 'Salvar' }).click()
  await expect(owner.getByText('Sua agenda agora é a de Beatriz Moura')).toBeVisible()
  await expect(owner.getByText(/agenda de Beatriz Moura/)).toBeVisible()
  await owner.goto('/dashboard/appointments?view=list')
  await expect(owner.getByText('Rafael do Carlos')).toBeVisible()
  await owner.getByRole('button', { name: 'Minha agenda' }).click()
  await expect(owner.getByText('Sofia da Beatriz')).toBeVisible()
  await expect(owner.getByText('Rafael do Carlos')).toHaveCount(0)

  await Promise.all([ownerContext.close(), juContext.close(), carlosContext.close(), recContext.close(), api.dispose()])
})
