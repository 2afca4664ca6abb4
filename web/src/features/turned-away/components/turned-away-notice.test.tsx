import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { createQueryClient } from '@/lib/query-client'
import { json, mockApi } from '@/test/api-mock'

import { TurnedAwayNotice } from './turned-away-notice'

const URL = 'GET /api/v1/plan/turned-away'

function renderNotice(toPlans = false) {
  const client = createQueryClient()
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <TurnedAwayNotice toPlans={toPlans} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return client
}

afterEach(() => vi.unstubAllGlobals())

describe('the owner told of customers turned away at the free limit', () => {
  it('says how many this month, with the way out', async () => {
    mockApi({ [URL]: json(200, { month: '2026-11', count: 3, limited: true, full: true, checkoutUrl: '' }) })
    renderNotice(true)
    const notice = await screen.findByRole('region', { name: '3 clientes não conseguiram agendar pela sua página este mês' })
    expect(notice).toHaveTextContent('Com o Premium, ela volta a receber agendamentos na hora.')
    expect(screen.getByRole('link', { name: 'Assinar Premium' })).toHaveAttribute('href', '/dashboard/plans')
  })

  it('says one in the singular, and on Planos leaves the button to the page without a checkout', async () => {
    mockApi({ [URL]: json(200, { month: '2026-11', count: 1, limited: true, full: true, checkoutUrl: '' }) })
    renderNotice()
    expect(await screen.findByRole('region', { name: '1 cliente não conseguiu agendar pela sua página este mês' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Assinar Premium' })).not.toBeInTheDocument()
  })

  it('goes straight to the checkout where one is configured', async () => {
    const checkoutUrl = 'https://buy.stripe.com/test_123?client_reference_id=u1'
    mockApi({ [URL]: json(200, { month: '2026-11', count: 2, limited: true, full: true, checkoutUrl }) })
    renderNotice(true)
    await screen.findByRole('region', { name: '2 clientes não conseguiram agendar pela sua página este mês' })
    expect(screen.getByRole('link', { name: 'Assinar Premium' })).toHaveAttribute('href', checkoutUrl)
  })

  it('leaves Planos its own Assinar Premium, and says so when the page takes bookings again', async () => {
    const checkoutUrl = 'https://buy.stripe.com/test_123?client_reference_id=u1'
    mockApi({ [URL]: json(200, { month: '2026-11', count: 2, limited: true, full: false, checkoutUrl }) })
    renderNotice()
    const notice = await screen.findByRole('region', { name: '2 clientes não conseguiram agendar pela sua página este mês' })
    expect(notice).toHaveTextContent('Sua página voltou a receber agendamentos')
    expect(notice).not.toHaveTextContent('não está recebendo')
    expect(screen.queryByRole('link', { name: 'Assinar Premium' })).not.toBeInTheDocument()
  })

  it('says nothing with no one turned away, or on Premium', async () => {
    const api = mockApi({
      [URL]: (_, i) => json(200, i === 0 ? { month: '2026-11', count: 0, limited: true, checkoutUrl: '' } : { month: '2026-11', count: 4, limited: false, checkoutUrl: '' }),
    })
    const client = renderNotice(true)
    await vi.waitFor(() => expect(api.calls).toHaveLength(1))
    await client.refetchQueries()
    expect(api.calls).toHaveLength(2)
    expect(screen.queryByRole('region')).not.toBeInTheDocument()
  })
})
