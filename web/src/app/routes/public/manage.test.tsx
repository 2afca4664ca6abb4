import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'

import { apiError, json } from '@/test/api-mock'
import { renderApp } from '@/test/render-app'

import { booking, NOVEMBER, publicApi } from './test-fixtures'

const GET = 'GET /api/v1/public/bookings/tok.abc'

async function openManage(routes: Parameters<typeof publicApi>[0]) {
  const api = publicApi(routes)
  renderApp('/agendamento/tok.abc')
  await screen.findByRole('heading', { level: 1, name: 'Salão Bela Vida' })
  return { ...api, user: userEvent.setup() }
}

describe('Link de gerenciamento', { timeout: 20_000 }, () => {
  it('shows the appointment with its status, Pix and calendar links, and counts a view', async () => {
    const { callsTo } = await openManage({ [GET]: json(200, booking()) })
    const details = screen.getByRole('region', { name: 'Detalhes' })
    expect(within(details).getByText('Agendado')).toBeInTheDocument()
    expect(within(details).getByText('Corte')).toBeInTheDocument()
    expect(within(details).getByText('sexta-feira, 27 de novembro')).toBeInTheDocument()
    expect(within(details).getByText('10:00 (1h 30min)')).toBeInTheDocument()
    expect(within(details).getByText(/Você pode remarcar ou cancelar até sexta-feira, 27\/11 às 09:00/)).toBeInTheDocument()
    const pix = screen.getByRole('region', { name: 'Pagamento via Pix' })
    // The manage link does not know the store's other methods: it says only that paying now is optional.
    expect(pix).toHaveTextContent('Pagar agora é opcional: seu horário já está reservado. Se preferir, pague no atendimento.')
    expect(within(pix).getByRole('button', { name: 'Copiar código Pix' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Adicionar ao calendário do celular' })).toHaveAttribute('href', '/api/v1/public/bookings/tok.abc/calendar.ics')
    await waitFor(() => expect(callsTo('POST /api/v1/analytics/pageview')[0]?.body).toEqual({ path: '/agendamento/tok.abc', referrer: '' }))
  })

  it("lists a regular's next dates of their recurring series", async () => {
    await openManage({
      [GET]: json(
        200,
        booking({
          nextDates: [
            { date: '2026-12-18', time: '10:00', professional: 'Ana Lima' },
            { date: '2027-01-08', time: '11:00', professional: 'Ana Lima' },
          ],
        }),
      ),
    })
    const next = screen.getByRole('region', { name: 'Seus próximos horários' })
    expect(within(next).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'sexta-feira, 18 de dezembro, às 10:00com Ana Lima',
      'sexta-feira, 8 de janeiro, às 11:00com Ana Lima',
    ])
  })

  it('shows no next dates for a booking on its own', async () => {
    await openManage({ [GET]: json(200, booking()) })
    expect(screen.queryByRole('region', { name: 'Seus próximos horários' })).not.toBeInTheDocument()
  })

  it('cancels after asking', async () => {
    const { user, callsTo } = await openManage({
      [GET]: json(200, booking()),
      'POST /api/v1/public/bookings/tok.abc/cancel': json(200, booking({ status: 'cancelled', canChange: false })),
    })
    await user.click(screen.getByRole('button', { name: 'Cancelar agendamento' }))
    const confirm = screen.getByRole('group', { name: 'Cancelar este agendamento?' })
    await user.click(within(confirm).getByRole('button', { name: 'Voltar' }))
    expect(callsTo('POST /api/v1/public/bookings/tok.abc/cancel')).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'Cancelar agendamento' }))
    await user.click(screen.getByRole('button', { name: 'Sim, cancelar' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Agendamento cancelado.')
    expect(screen.getByRole('status')).toHaveFocus()
    expect(screen.getByText('Cancelado')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Agendar novamente' })).toHaveAttribute('href', '/store/salao-bela-vida')
    expect(screen.queryByRole('button', { name: 'Remarcar' })).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Pagamento via Pix' })).not.toBeInTheDocument()
    // The consent box still says what it consents to, not only its hint.
    expect(screen.getByRole('checkbox', { name: /^Quero receber novidades de Studio Bela pelo WhatsApp/ })).toBeInTheDocument()
  })

  it('keeps the consent sentence even when an answer comes without it', async () => {
    await openManage({ [GET]: json(200, booking({ status: 'cancelled', canChange: false, consentText: '' })) })
    expect(await screen.findByRole('checkbox', { name: /^Quero receber novidades de .+ pelo WhatsApp/ })).toBeInTheDocument()
  })

  it('shows the server message when it is too late to cancel', async () => {
    const { user } = await openManage({
      [GET]: json(200, booking()),
      'POST /api/v1/public/bookings/tok.abc/cancel': apiError(422, 'invalid', 'O prazo para cancelar pela internet terminou.'),
    })
    await user.click(screen.getByRole('button', { name: 'Cancelar agendamento' }))
    await user.click(screen.getByRole('button', { name: 'Sim, cancelar' }))
    expect(await screen.findByText('O prazo para cancelar pela internet terminou.')).toBeInTheDocument()
  })

  it('moves to another free time, and refreshes the times when one was just taken', async () => {
    // The calendar starts at today on the store's clock: 26 November 2026, 12:00 in São Paulo.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-26T15:00:00Z'))
    const { user, callsTo } = await openManage({
      [GET]: json(200, booking()),
      'GET /api/v1/public/bookings/tok.abc/availability': (call) =>
        json(200, { days: call.query.from === '2026-11-26' ? NOVEMBER : [] }),
      'PUT /api/v1/public/bookings/tok.abc': (_, i) =>
        i === 0
          ? apiError(409, 'conflict', 'Este horário acabou de ser reservado. Escolha outro horário.')
          : json(200, booking({ date: '2026-11-28', time: '08:00' })),
    })
    await user.click(screen.getByRole('button', { name: 'Remarcar' }))
    const move = screen.getByRole('region', { name: 'Remarcar' })
    expect(within(move).getByText('novembro de 2026')).toBeInTheDocument()
    expect(within(move).getByRole('button', { name: 'Confirmar' })).toBeDisabled()
    expect(callsTo('GET /api/v1/public/bookings/tok.abc/availability')[0]?.query).toEqual({ from: '2026-11-26', days: '5' })
    await user.click(await within(move).findByRole('button', { name: /^sábado, 28 de novembro/ }))
    await user.click(within(move).getByRole('button', { name: '08:00' }))
    await user.click(within(move).getByRole('button', { name: 'Confirmar' }))
    expect(await within(move).findByRole('alert')).toHaveTextContent('Este horário acabou de ser reservado.')
    expect(callsTo('PUT /api/v1/public/bookings/tok.abc')[0]?.body).toEqual({ date: '2026-11-28', time: '08:00' })
    await waitFor(() => expect(callsTo('GET /api/v1/public/bookings/tok.abc/availability').length).toBeGreaterThan(1))
    await user.click(await within(move).findByRole('button', { name: '08:00' }))
    await user.click(within(move).getByRole('button', { name: 'Confirmar' }))
    expect(await screen.findByText('Agendamento remarcado para sábado, 28 de novembro, às 08:00.')).toHaveFocus()
  })

  it('explains when changes are no longer possible online and offers WhatsApp', async () => {
    await openManage({ [GET]: json(200, booking({ canChange: false })) })
    expect(screen.getByText(/O prazo para remarcar ou cancelar pela internet terminou sexta-feira, 27\/11 às 09:00/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Falar com a loja' }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\/5511912345678/)
    expect(screen.queryByRole('button', { name: 'Remarcar' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Cancelar agendamento' })).not.toBeInTheDocument()
  })

  it('says a tampered link is invalid', async () => {
    publicApi({ 'GET /api/v1/public/bookings/forjado': apiError(404, 'not_found', 'Link inválido ou expirado') })
    renderApp('/agendamento/forjado')
    expect(await screen.findByRole('heading', { name: 'Link inválido' })).toBeInTheDocument()
  })
})
