import { QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'

import { setAuthBridge } from '@/lib/api-client'
import { AuthStoreContext } from '@/lib/auth/auth-context'
import { createAuthStore } from '@/lib/auth/auth-store'
import { createQueryClient } from '@/lib/query-client'
import { cacheProfile, json, mockApi, never, sessionResponse } from '@/test/api-mock'
import { dashboardShell } from '@/test/fixtures'

import { DashboardDataProvider } from './data-provider'

function renderProvider() {
  cacheProfile()
  const store = createAuthStore()
  setAuthBridge(store)
  const client = createQueryClient()
  client.setDefaultOptions({ queries: { retry: false } })
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <AuthStoreContext value={store}>
          <DashboardDataProvider>
            <p>Conteúdo do painel</p>
          </DashboardDataProvider>
        </AuthStoreContext>
      </QueryClientProvider>
    </MemoryRouter>,
  )
}

describe('dashboard data provider', () => {
  it('ends the first loading after 10 s even when the plan never arrives', async () => {
    vi.useFakeTimers()
    mockApi({
      'POST /api/v1/auth/refresh': never,
      'GET /api/v1/store': json(200, { name: 'Salão', slug: 'salao' }),
      'GET /api/v1/plan': never,
    })
    renderProvider()
    await act(() => vi.advanceTimersByTimeAsync(9_999))
    expect(screen.getByText('Carregando seus dados...')).toBeInTheDocument()
    expect(screen.queryByText('Conteúdo do painel')).not.toBeInTheDocument()
    await act(() => vi.advanceTimersByTimeAsync(1))
    expect(screen.queryByText('Carregando seus dados...')).not.toBeInTheDocument()
    expect(screen.getByText('Conteúdo do painel')).toBeInTheDocument()
  })

  it('ends as soon as store and plan are in', async () => {
    vi.useFakeTimers()
    mockApi({
      ...dashboardShell(),
      'POST /api/v1/auth/refresh': json(200, sessionResponse()),
      'GET /api/v1/store': json(200, { name: 'Salão', slug: 'salao' }),
      'GET /api/v1/plan': json(200, { type: 'free', isActive: true }),
    })
    renderProvider()
    await act(() => vi.advanceTimersByTimeAsync(10))
    expect(screen.getByText('Conteúdo do painel')).toBeInTheDocument()
  })
})
