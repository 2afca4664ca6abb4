import { act, renderHook, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

import { useCreepingProgress } from '@/components/layout/use-creeping-progress'
import { createAuthStore } from '@/lib/auth/auth-store'
import { apiError, cacheProfile, json, mockApi, never, sessionResponse } from '@/test/api-mock'
import { dashboardShell } from '@/test/fixtures'
import { renderApp } from '@/test/render-app'

const dashboardData = {
  ...dashboardShell(),
  'GET /api/v1/store': json(200, { name: '', slug: '' }),
  'GET /api/v1/plan': json(200, { type: 'free', isActive: true }),
  'GET /api/v1/auth/access': json(200, { isAdmin: false }),
  'GET /api/v1/settings/help': json(200, { websiteUrl: 'https://ajuda.exemplo.com', whatsappNumber: '1' }),
}

describe('protected guard', () => {
  it("shows 'Agendo', 'Carregando...' and the progress bar while the session loads", async () => {
    mockApi({ 'POST /api/v1/auth/refresh': never })
    renderApp('/dashboard')
    expect(await screen.findByRole('progressbar')).toBeInTheDocument()
    expect(screen.getByText('Agendo')).toBeInTheDocument()
    expect(screen.getByText('Carregando...')).toBeInTheDocument()
  })

  // The bar's arithmetic is tested on the hook itself: the screen may be
  // mounted again while the lazy route loads, which restarts the bar.
  it('rises 10 % every 300 ms and stops at 90 %', () => {
    vi.useFakeTimers()
    const { result } = renderHook(() => useCreepingProgress())
    expect(result.current).toBe(0)
    act(() => {
      vi.advanceTimersByTime(300)
    })
    expect(result.current).toBe(10)
    act(() => {
      vi.advanceTimersByTime(299)
    })
    expect(result.current).toBe(10)
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(result.current).toBe(20)
    act(() => {
      vi.advanceTimersByTime(300 * 20)
    })
    expect(result.current).toBe(90)
    vi.useRealTimers()
  })

  it('starts the bar at 0', async () => {
    mockApi({ 'POST /api/v1/auth/refresh': never })
    renderApp('/dashboard/settings')
    expect(await screen.findByRole('progressbar')).toHaveAttribute('aria-valuenow', '0')
  })

  it.each([
    ['a visitor (no refresh cookie: 204)', () => json(204)],
    ['an ended session (401)', () => apiError(401, 'unauthorized', 'Sessão inválida')],
  ])('sends %s to /login, replacing the history entry', async (_who, answer) => {
    mockApi({ 'POST /api/v1/auth/refresh': answer() })
    const { router } = renderApp('/dashboard/clients')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.historyAction).toBe('REPLACE')
    expect(await screen.findByRole('heading', { name: 'Entrar' })).toBeInTheDocument()
  })

  it('shows the page at once to a returning user, without the loading screen', async () => {
    cacheProfile()
    mockApi({ 'POST /api/v1/auth/refresh': json(200, sessionResponse()), ...dashboardData })
    renderApp('/dashboard')
    expect(screen.queryByText('Carregando...')).not.toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Olá, Maria!' })).toBeInTheDocument()
  })
})

describe('visitor guard', () => {
  it('sends a signed-in owner from /login to /dashboard', async () => {
    cacheProfile()
    mockApi({ 'POST /api/v1/auth/refresh': json(200, sessionResponse()), ...dashboardData })
    const { router } = renderApp('/login')
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
    expect(router.state.historyAction).toBe('REPLACE')
  })

  it.each(['/login', '/register', '/forgot-password'])(
    'sends no refresh from %s in a browser that was never signed in (it could only answer 401)',
    async (path) => {
      const { callsTo } = mockApi({ 'POST /api/v1/auth/refresh': apiError(401, 'unauthorized', 'Sessão inválida') })
      const authStore = createAuthStore()
      const remembers = vi.spyOn(authStore, 'remembersUser')
      const start = vi.spyOn(authStore, 'start')
      renderApp(path, { authStore })
      expect(await screen.findByRole('heading', { name: /Entrar|Criar conta|senha/i })).toBeInTheDocument()
      // The guard has asked and been told no: the moment it would have started the session
      // (and sent the refresh, in the same call) is past.
      await waitFor(() => expect(remembers).toHaveReturnedWith(false))
      expect(start).not.toHaveBeenCalled()
      expect(callsTo('POST /api/v1/auth/refresh')).toHaveLength(0)
    },
  )

  it.each(['/register', '/forgot-password'])('sends a signed-in owner from %s to /dashboard', async (path) => {
    cacheProfile()
    mockApi({ 'POST /api/v1/auth/refresh': json(200, sessionResponse()), ...dashboardData })
    const { router } = renderApp(path)
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
  })
})

describe('other routes', () => {
  it('redirects / to /login', async () => {
    mockApi({ 'POST /api/v1/auth/refresh': apiError(401, 'unauthorized', 'x') })
    const { router } = renderApp('/')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.historyAction).toBe('REPLACE')
  })

  it('shows the not-found page for an unknown path', async () => {
    mockApi({ 'POST /api/v1/auth/refresh': apiError(401, 'unauthorized', 'x') })
    renderApp('/nao-existe')
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Voltar para o início' })).toHaveAttribute('href', '/')
  })

  it('serves the public store route to anyone', async () => {
    mockApi({
      'POST /api/v1/auth/refresh': apiError(401, 'unauthorized', 'x'),
      'GET /api/v1/public/stores/salao-bela': apiError(404, 'not_found', 'Loja não encontrada'),
    })
    const { router } = renderApp('/store/salao-bela')
    expect(await screen.findByRole('heading', { name: 'Loja não encontrada' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/store/salao-bela')
  })
})
