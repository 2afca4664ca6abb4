import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { createQueryClient } from '@/lib/query-client'
import { json, mockApi } from '@/test/api-mock'

import { WaitlistButton } from './waitlist-button'

const entry = {
  id: 'w1',
  date: '2026-12-05',
  serviceId: 's1',
  professionalId: '',
  clientName: 'Yasmin Carvalho',
  clientPhone: '+5511966661111',
  clientEmail: '',
  status: 'offered',
  createdAt: '2026-12-01T12:00:00Z',
  offerTime: '10:00',
  offerProfessionalId: 'p1',
  offerExpiresAt: '2026-12-04T13:42:00Z',
  appointmentId: '',
  serviceName: 'Corte',
  professionalName: '',
  offerLink: 'http://agendo.test/lista-de-espera/esp.abc',
  whatsapp: 'https://wa.me/5511966661111?text=Ol%C3%A1',
}

afterEach(() => vi.unstubAllGlobals())

describe('the salon’s waitlist', () => {
  it('shows who waits, the offer with its WhatsApp message, and takes someone out', async () => {
    const user = userEvent.setup()
    const api = mockApi({
      'GET /api/v1/waitlist': json(200, {
        items: [entry, { ...entry, id: 'w2', clientName: 'Zilda Prado', status: 'waiting', offerTime: '', offerExpiresAt: null, whatsapp: '', offerLink: '' }],
      }),
      'DELETE /api/v1/waitlist/w2': json(204),
    })
    render(
      <QueryClientProvider client={createQueryClient()}>
        <WaitlistButton />
      </QueryClientProvider>,
    )
    await user.click(await screen.findByRole('button', { name: 'Lista de espera (2)' }))
    const dialog = await screen.findByRole('dialog', { name: 'Lista de espera' })
    expect(within(dialog).getByText(/Horário oferecido: 10:00/)).toBeInTheDocument()
    expect(within(dialog).getByRole('link', { name: 'Enviar pelo WhatsApp' })).toHaveAttribute('href', entry.whatsapp)
    expect(within(dialog).getAllByText('Corte · qualquer profissional')).toHaveLength(2)
    await user.click(within(dialog).getAllByRole('button', { name: 'Tirar da fila' })[1]!)
    expect(api.callsTo('DELETE /api/v1/waitlist/w2')).toHaveLength(1)
  })
})
