import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { apiError, json } from '@/test/api-mock'
import { renderApp } from '@/test/render-app'

import { booking, publicApi } from './test-fixtures'

const GET = 'GET /api/v1/public/waitlist/esp.abc'
const CLAIM = 'POST /api/v1/public/waitlist/esp.abc/claim'

const offer = (over: Record<string, unknown> = {}) => ({
  status: 'offered',
  storeName: 'Salão Bela Vida',
  storeSlug: 'bela-vida',
  clientName: 'Yasmin Carvalho',
  service: 'Corte',
  professional: 'Ana Lima',
  date: '2026-12-05',
  time: '10:00',
  expiresAt: '2026-12-04T13:42:00Z',
  ...over,
})

describe('Link da lista de espera', { timeout: 20_000 }, () => {
  it('books the time held with one tap and opens the booking', async () => {
    const { callsTo } = publicApi({
      [GET]: json(200, offer()),
      [CLAIM]: json(201, booking({ token: 'ag.xyz' })),
      'GET /api/v1/public/bookings/ag.xyz': json(200, booking({ token: 'ag.xyz' })),
    })
    const { router } = renderApp('/lista-de-espera/esp.abc')
    expect(await screen.findByRole('heading', { name: 'Yasmin, abriu um horário para você' })).toBeInTheDocument()
    expect(screen.getByText(/sábado, 5 de dezembro, às 10:00/i)).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Confirmar horário' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/agendamento/ag.xyz'))
    expect(callsTo(CLAIM)).toHaveLength(1)
  })

  it('says when the offer passed, in the server’s words, and points to the store', async () => {
    publicApi({
      [GET]: json(200, offer()),
      [CLAIM]: apiError(422, 'invalid', 'Este horário não está mais reservado para você: o prazo de 30 minutos acabou ou a oferta já foi usada.'),
    })
    renderApp('/lista-de-espera/esp.abc')
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Confirmar horário' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('o prazo de 30 minutos acabou')
  })

  it('shows an expired offer without a button', async () => {
    publicApi({ [GET]: json(200, offer({ status: 'expired' })) })
    renderApp('/lista-de-espera/esp.abc')
    expect(await screen.findByRole('heading', { name: 'Esta oferta passou' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Confirmar horário' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ver horários da loja' })).toHaveAttribute('href', '/store/bela-vida')
  })
})
