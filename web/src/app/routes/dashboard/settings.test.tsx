import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'

import { apiError, json, type mockApi, profile, sessionResponse } from '@/test/api-mock'
import { signedIn as owner } from '@/test/fixtures'
import { renderApp } from '@/test/render-app'

function signedIn(routes: Parameters<typeof mockApi>[0] = {}) {
  return owner({
    ...routes,
  })
}

async function openSettings() {
  renderApp('/dashboard/settings')
  await screen.findByRole('heading', { level: 1, name: 'Configurações' })
  return userEvent.setup()
}

const section = (name: string) => screen.getByRole('region', { name })

describe('Configurações: perfil', () => {
  it('saves name and masked phone, shows the email read-only, and confirms', async () => {
    const { callsTo } = signedIn({
      'PATCH /api/v1/profile': (call) =>
        json(200, { ...profile, ...(call.body as object) }),
    })
    const user = await openSettings()
    const perfil = section('Perfil')
    expect(within(perfil).getByLabelText('Email')).toHaveAttribute('readonly')
    expect(within(perfil).getByLabelText('Email')).toHaveValue('maria@salao.com.br')

    const name = within(perfil).getByLabelText('Nome')
    await user.clear(name)
    await user.type(name, 'Maria S. Lima')
    await user.type(within(perfil).getByLabelText(/Telefone/), '11912345678')
    expect(within(perfil).getByLabelText(/Telefone/)).toHaveValue('(11) 91234-5678')
    await user.click(within(perfil).getByRole('button', { name: 'Salvar alterações' }))

    expect(await screen.findByText('Perfil atualizado')).toBeInTheDocument()
    expect(callsTo('PATCH /api/v1/profile')[0]?.body).toEqual({
      name: 'Maria S. Lima',
      phone: '(11) 91234-5678',
    })
    // The welcome line follows the saved name.
    expect(
      screen.getByText((_, el) => el?.tagName === 'P' && el.textContent === 'Olá, Maria S. Lima'),
    ).toBeInTheDocument()
  })

  it('requires a name and a complete phone', async () => {
    const { callsTo } = signedIn()
    const user = await openSettings()
    const perfil = section('Perfil')
    await user.clear(within(perfil).getByLabelText('Nome'))
    await user.type(within(perfil).getByLabelText(/Telefone/), '1191')
    await user.click(within(perfil).getByRole('button', { name: 'Salvar alterações' }))
    const alerts = await within(perfil).findAllByRole('alert')
    expect(alerts.map((a) => a.textContent)).toEqual([
      'Informe seu nome',
      'Informe um telefone válido com DDD, como (11) 91234-5678',
    ])
    expect(callsTo('PATCH /api/v1/profile')).toHaveLength(0)
  })
})

describe('Configurações: foto de perfil', () => {
  it('uploads an avatar and saves it on the profile at once', async () => {
    const { callsTo } = signedIn({
      'POST /api/v1/files': json(201, {
        id: 'av1',
        url: '/files/av1',
        thumbUrl: '/files/av1/thumb',
        contentType: 'image/jpeg',
        width: 8,
        height: 8,
      }),
      'PATCH /api/v1/profile': (call) => json(200, { ...profile, ...(call.body as object) }),
    })
    const user = await openSettings()
    const perfil = section('Perfil')
    expect(within(perfil).getByText('MS')).toBeInTheDocument()
    await user.upload(within(perfil).getByLabelText('Enviar foto'), new File(['x'], 'eu.png', { type: 'image/png' }))
    expect(await screen.findByText('Foto de perfil atualizada')).toBeInTheDocument()
    expect(callsTo('POST /api/v1/files')[0]?.body).toMatchObject({ kind: 'avatar' })
    expect(callsTo('PATCH /api/v1/profile')[0]?.body).toEqual({ avatar: '/files/av1' })
    expect(within(perfil).getByLabelText('Trocar foto')).toBeInTheDocument()

    await user.click(within(perfil).getByRole('button', { name: 'Remover foto' }))
    expect(await screen.findByText('Foto de perfil removida')).toBeInTheDocument()
    expect(callsTo('PATCH /api/v1/profile')[1]?.body).toEqual({ avatar: null })
  })

  it('refuses an image over 5 MB before sending it', async () => {
    const { callsTo } = signedIn()
    const user = await openSettings()
    const big = new File(['x'], 'grande.jpg', { type: 'image/jpeg' })
    Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 })
    await user.upload(within(section('Perfil')).getByLabelText('Enviar foto'), big)
    expect(await screen.findByText('Esta imagem tem 6 MB. A imagem deve ter no máximo 5 MB.')).toBeInTheDocument()
    expect(callsTo('POST /api/v1/files')).toHaveLength(0)
  })
})

describe('Configurações: alterar senha', () => {
  async function submit(values: { current: string; next: string; confirm: string }) {
    const user = await openSettings()
    const form = section('Alterar senha')
    await user.type(within(form).getByLabelText('Senha atual'), values.current)
    await user.type(within(form).getByLabelText('Nova senha'), values.next)
    await user.type(within(form).getByLabelText('Confirmar nova senha'), values.confirm)
    await user.click(within(form).getByRole('button', { name: 'Alterar senha' }))
    return form
  }

  it('changes the password and says the other sessions ended', async () => {
    const { callsTo } = signedIn({ 'PUT /api/v1/auth/password': json(204) })
    const form = await submit({ current: 'senha-antiga', next: 'senha-nova-1', confirm: 'senha-nova-1' })
    expect(await screen.findByText('Senha alterada. As outras sessões foram encerradas.')).toBeInTheDocument()
    expect(callsTo('PUT /api/v1/auth/password')[0]?.body).toEqual({
      currentPassword: 'senha-antiga',
      newPassword: 'senha-nova-1',
    })
    expect(within(form).getByLabelText('Senha atual')).toHaveValue('')
  })

  it("shows the server's weak-password reasons", async () => {
    signedIn({
      'PUT /api/v1/auth/password': apiError(422, 'weak_password', 'Senha fraca.', { reasons: ['common'] }),
    })
    const form = await submit({ current: 'senha-antiga', next: 'password1', confirm: 'password1' })
    const alert = await within(form).findByRole('alert')
    expect(alert).toHaveTextContent('Senha fraca.')
    expect(alert).toHaveTextContent('Essa senha é muito comum e fácil de adivinhar.')
  })

  it('marks a wrong current password on its field', async () => {
    signedIn({
      'PUT /api/v1/auth/password': apiError(400, 'invalid_credentials', 'Senha atual incorreta'),
    })
    const form = await submit({ current: 'errada-123', next: 'senha-nova-1', confirm: 'senha-nova-1' })
    expect(await within(form).findByRole('alert')).toHaveTextContent('Senha atual incorreta')
    expect(within(form).getByLabelText('Senha atual')).toHaveAttribute('aria-invalid', 'true')
  })

  it('requires the confirmation to match', async () => {
    const { callsTo } = signedIn()
    const form = await submit({ current: 'senha-antiga', next: 'senha-nova-1', confirm: 'senha-nova-2' })
    expect(await within(form).findByRole('alert')).toHaveTextContent('As senhas não coincidem')
    expect(callsTo('PUT /api/v1/auth/password')).toHaveLength(0)
  })
})

describe('Configurações: sessões', () => {
  it("signs out the other sessions with scope 'others' and stays signed in", async () => {
    const { callsTo } = signedIn({ 'POST /api/v1/auth/signout': json(204) })
    const user = await openSettings()
    await user.click(screen.getByRole('button', { name: 'Sair das outras sessões' }))
    expect(await screen.findByText('Outras sessões encerradas')).toBeInTheDocument()
    expect(callsTo('POST /api/v1/auth/signout')[0]?.body).toEqual({ scope: 'others' })
    expect(screen.getByRole('heading', { level: 1, name: 'Configurações' })).toBeInTheDocument()
  })
})

describe('Configurações: a team member’s own data', { timeout: 20_000 }, () => {
  it('downloads their personal data and leaves the team for their own account', async () => {
    const member = (r: ReturnType<typeof sessionResponse>) => ({ ...r, store: { storeId: 'store-owner', role: 'recepcao', professionalId: null } })
    const { callsTo } = signedIn({
      'POST /api/v1/auth/refresh': () => json(200, member(sessionResponse())),
      'GET /api/v1/account/personal-data': json(200, { profile, createdAt: '2026-01-01T12:00:00Z', teams: [], sessions: [], note: '' }),
      'POST /api/v1/team/leave': json(200, sessionResponse()),
      'GET /api/v1/account/deletion': json(200, { pending: false, requestedAt: null, deleteAfter: null }),
    })
    const user = await openSettings()
    const data = await screen.findByRole('region', { name: 'Seus dados' })
    await user.click(within(data).getByRole('button', { name: 'Baixar meus dados' }))
    await vi.waitFor(() => expect(callsTo('GET /api/v1/account/personal-data')).toHaveLength(1))
    await user.click(within(data).getByRole('button', { name: 'Sair da equipe' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Sair da equipe?' })
    expect(confirm).toHaveTextContent('do Salão Bela Vida')
    await user.click(within(confirm).getByRole('button', { name: 'Sair da equipe' }))
    expect(await screen.findByText('Você saiu da equipe do Salão Bela Vida.')).toBeInTheDocument()
    expect(callsTo('POST /api/v1/team/leave')).toHaveLength(1)
    expect(await screen.findByRole('button', { name: 'Excluir minha conta' })).toBeInTheDocument()
  })
})

describe('Configurações: lembretes automáticos', () => {
  it('saves when the reminders go, and shows the server’s refusal on its field', async () => {
    const { callsTo } = signedIn({
      'PUT /api/v1/store/reminders': (call, index) =>
        index === 0
          ? apiError(422, 'invalid', 'Confira os lembretes', { fields: { quietTo: 'O silêncio precisa terminar em outra hora' } })
          : json(200, call.body),
    })
    const user = await openSettings()
    const reminders = await screen.findByRole('region', { name: 'Lembretes automáticos' })
    expect(within(reminders).getByRole('switch', { name: 'Enviar lembretes por e-mail' })).toHaveAttribute('aria-checked', 'true')
    expect(await within(reminders).findByLabelText('Hora do lembrete na véspera')).toHaveValue('18:00')
    await user.click(within(reminders).getByRole('button', { name: '2 horas antes' }))
    expect(within(reminders).getByText('Na véspera às 18:00 e 2 horas antes')).toBeInTheDocument()
    await user.click(within(reminders).getByRole('button', { name: 'Salvar lembretes' }))
    expect(await within(reminders).findByText('O silêncio precisa terminar em outra hora')).toBeInTheDocument()
    await user.click(within(reminders).getByRole('button', { name: 'Salvar lembretes' }))
    expect(await screen.findByText('Lembretes salvos: na véspera às 18:00 e 2 horas antes')).toBeInTheDocument()
    expect(callsTo('PUT /api/v1/store/reminders')[1]?.body).toEqual({
      email: true,
      push: true,
      dayBefore: '18:00',
      hoursBefore: [2],
      quietFrom: '21:00',
      quietTo: '08:00',
      note: '',
    })
  })
})

describe('Configurações: agenda no seu calendário', () => {
  const feed = {
    id: 'feed-1',
    professionalId: 'pro-1',
    name: 'Juliana Aparecida dos Santos',
    url: 'https://agendo.example/api/v1/public/calendars/selado',
    webcal: 'webcal://agendo.example/api/v1/public/calendars/selado',
    createdAt: '2026-11-28T12:00:00Z',
  }

  it('makes a link of the chosen agenda, copies it, offers it to the iPhone and revokes it', async () => {
    let feeds: (typeof feed)[] = []
    const { callsTo } = signedIn({
      'GET /api/v1/professionals': json(200, [{ id: 'pro-1', name: 'Juliana Aparecida dos Santos' }]),
      'GET /api/v1/calendar-feeds': () => json(200, { items: feeds }),
      'POST /api/v1/calendar-feeds': () => {
        feeds = [feed]
        return json(201, feed)
      },
      'DELETE /api/v1/calendar-feeds/feed-1': () => {
        feeds = []
        return json(204)
      },
    })
    const user = await openSettings()
    const section = await screen.findByRole('region', { name: 'Agenda no seu calendário' })
    await user.selectOptions(await within(section).findByLabelText('Agenda'), 'Juliana Aparecida dos Santos')
    await user.click(within(section).getByRole('button', { name: 'Criar link' }))
    expect(callsTo('POST /api/v1/calendar-feeds')[0]?.body).toEqual({ professionalId: 'pro-1' })
    const list = await within(section).findByRole('list', { name: 'Seus links de agenda' })
    expect(within(list).getByText('Criado em 28/11/2026')).toBeInTheDocument()
    expect(within(list).getByRole('link', { name: 'Abrir no iPhone' })).toHaveAttribute('href', feed.webcal)
    await user.click(within(list).getByRole('button', { name: 'Copiar link' }))
    // user-event stands in for the clipboard.
    await expect(navigator.clipboard.readText()).resolves.toBe(feed.url)

    await user.click(within(list).getByRole('button', { name: 'Revogar' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Revogar este link?' })
    await user.click(within(confirm).getByRole('button', { name: 'Revogar link' }))
    await vi.waitFor(() => expect(within(section).queryByRole('list', { name: 'Seus links de agenda' })).not.toBeInTheDocument())
    expect(callsTo('DELETE /api/v1/calendar-feeds/feed-1')).toHaveLength(1)
  })

  it('says why a link was refused', async () => {
    signedIn({
      'POST /api/v1/calendar-feeds': apiError(422, 'invalid', 'Você já tem 10 links de agenda. Revogue um que não usa para criar outro.'),
    })
    const user = await openSettings()
    const section = await screen.findByRole('region', { name: 'Agenda no seu calendário' })
    await user.click(within(section).getByRole('button', { name: 'Criar link' }))
    expect(await within(section).findByRole('alert')).toHaveTextContent('Você já tem 10 links de agenda.')
  })
})
