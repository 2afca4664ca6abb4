import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { createQueryClient } from '@/lib/query-client'
import { json, mockApi } from '@/test/api-mock'

import { ClientConsent } from './client-consent'

const text = 'Quero receber novidades de Studio Bela pelo WhatsApp'
const given = {
  id: 'c1',
  clientPhone: '+5511955554444',
  granted: true,
  source: 'booking_page',
  textVersion: '2026-11-v1',
  text,
  createdAt: '2026-11-23T12:00:00Z',
}

function renderConsent() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ClientConsent phone="+5511955554444" />
    </QueryClientProvider>,
  )
}

afterEach(() => vi.unstubAllGlobals())

describe('a client’s consent to news on WhatsApp', () => {
  it('says when and where the client agreed, and records a SAIR', async () => {
    const user = userEvent.setup()
    const withdrawn = { ...given, id: 'c2', granted: false, source: 'whatsapp', createdAt: '2026-11-24T12:00:00Z' }
    const api = mockApi({
      'GET /api/v1/clients/5511955554444/consent': json(200, { granted: true, text, textVersion: '2026-11-v1', history: [given] }),
      'POST /api/v1/clients/5511955554444/consent': json(201, { granted: false, text, textVersion: '2026-11-v1', history: [given, withdrawn] }),
    })
    renderConsent()
    expect(await screen.findByText('Aceita receber novidades.')).toBeInTheDocument()
    expect(screen.getByText('Registrado em 23/11/2026 na página de agendamento.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Registrar pedido para sair (SAIR)' }))
    expect(await screen.findByText('Pediu para não receber novidades.')).toBeInTheDocument()
    expect(api.callsTo('POST /api/v1/clients/5511955554444/consent')[0]?.body).toEqual({ granted: false, source: 'whatsapp' })
    expect(screen.getByRole('button', { name: 'Aceitou pessoalmente' })).toBeInTheDocument()
  })

  it('records a yes given in person for a client who never answered', async () => {
    const user = userEvent.setup()
    const api = mockApi({
      'GET /api/v1/clients/5511955554444/consent': json(200, { granted: false, text, textVersion: '2026-11-v1', history: [] }),
      'POST /api/v1/clients/5511955554444/consent': json(201, {
        granted: true,
        text,
        textVersion: '2026-11-v1',
        history: [{ ...given, source: 'in_person' }],
      }),
    })
    renderConsent()
    expect(await screen.findByText('Ainda não aceitou receber novidades.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Aceitou pessoalmente' }))
    expect(await screen.findByText('Aceita receber novidades.')).toBeInTheDocument()
    expect(api.callsTo('POST /api/v1/clients/5511955554444/consent')[0]?.body).toEqual({ granted: true, source: 'in_person' })
  })
})
