import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { apiError, json } from '@/test/api-mock'
import { renderApp } from '@/test/render-app'

import { booking, publicApi } from './test-fixtures'

const GET = 'GET /api/v1/public/reminders/lem.abc'
const CONFIRM = 'POST /api/v1/public/reminders/lem.abc/confirm'
const STOP = 'POST /api/v1/public/reminders/lem.abc/stop'

const link = (over: Record<string, unknown> = {}) => ({
  booking: booking(),
  confirmed: false,
  canConfirm: true,
  subscribed: true,
  email: 'ma•••@example.com',
  ...over,
})

async function openReminder(path: string, routes: Parameters<typeof publicApi>[0]) {
  const api = publicApi(routes)
  renderApp(path)
  await screen.findByRole('heading', { level: 1, name: 'Salão Bela Vida' })
  return { ...api, user: userEvent.setup() }
}

describe('Link do lembrete', { timeout: 20_000 }, () => {
  it('confirms the presence with one tap and says so', async () => {
    const { user, callsTo } = await openReminder('/lembrete/lem.abc', {
      [GET]: json(200, link()),
      [CONFIRM]: json(200, link({ confirmed: true, canConfirm: false, booking: booking({ status: 'confirmed' }) })),
    })
    const card = screen.getByRole('region', { name: 'Seu horário' })
    expect(within(card).getByText('Corte')).toBeInTheDocument()
    await user.click(within(card).getByRole('button', { name: 'Confirmar presença' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Obrigado! Salão Bela Vida já sabe que você vem.')
    expect(screen.getByRole('heading', { name: 'Presença confirmada' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Confirmar presença' })).not.toBeInTheDocument()
    expect(callsTo(CONFIRM)).toHaveLength(1)
    expect(screen.getByRole('link', { name: 'Remarcar ou cancelar' })).toHaveAttribute('href', '/agendamento/tok.abc')
  })

  it("says why a confirmation was refused", async () => {
    const { user } = await openReminder('/lembrete/lem.abc', {
      [GET]: json(200, link()),
      [CONFIRM]: apiError(422, 'invalid', 'Este horário já passou. Fale com a loja.'),
    })
    await user.click(screen.getByRole('button', { name: 'Confirmar presença' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Este horário já passou. Fale com a loja.')
  })

  it('stops the reminders by email from the link at the end of a message', async () => {
    const { user, callsTo } = await openReminder('/lembrete/lem.abc?sair=1', {
      [GET]: json(200, link()),
      [STOP]: json(200, link({ subscribed: false })),
    })
    const emails = screen.getByRole('region', { name: 'Lembretes por e-mail' })
    expect(emails).toHaveTextContent('Os lembretes vão para ma•••@example.com. Quer parar de recebê-los?')
    await user.click(within(emails).getByRole('button', { name: 'Não quero mais lembretes por e-mail' }))
    expect(await within(emails).findByRole('status')).toHaveTextContent(
      'Pronto: ma•••@example.com não recebe mais lembretes de Salão Bela Vida.',
    )
    expect(callsTo(STOP)).toHaveLength(1)
  })

  it('says plainly when this browser cannot show notifications', async () => {
    const { user } = await openReminder('/agendamento/tok.abc', { 'GET /api/v1/public/bookings/tok.abc': json(200, booking()) })
    const phone = screen.getByRole('region', { name: 'Lembrete neste celular' })
    expect(phone).toHaveTextContent(/Este navegador não recebe notificações. No iPhone, adicione o Agendo à tela de início/)
    expect(within(phone).queryByRole('button')).not.toBeInTheDocument()
    void user
  })

  it('says a forged link is invalid', async () => {
    publicApi({ [GET]: apiError(404, 'not_found', 'Link inválido ou expirado.') })
    renderApp('/lembrete/lem.abc')
    expect(await screen.findByRole('heading', { name: 'Link inválido' })).toBeInTheDocument()
  })
})
