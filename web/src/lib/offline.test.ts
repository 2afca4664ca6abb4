import { onlineManager, QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { json, mockApi, profile } from '@/test/api-mock'

import { api, ApiError, OFFLINE_WRITE, setAuthBridge } from './api-client'
import { offlineKey, type AuthStore } from './auth/auth-store'
import { watchConnection } from './connection'
import { agendaUpdatedAt, keepOffline, MAX_AGENDA_QUERIES, restoreOffline, saveOffline, updatedLabel } from './offline'
import { createQueryClient } from './query-client'

const day = (date: string) => ['appointments', 'range', { from: date, to: date, professionalId: '' }]

/** auth is a signed-in member of store s1, as keepOffline reads it. */
const auth = (storeId = 's1') =>
  ({ getState: () => ({ profile, seat: { storeId, role: 'profissional', professionalId: 'p1' } }) }) as unknown as AuthStore

function offlineDevice() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
}

describe('the agenda kept for offline reading', () => {
  afterEach(() => vi.restoreAllMocks())

  it('keeps the agenda and what its pages need, not the rest, and only the latest days', () => {
    const client = new QueryClient()
    client.setQueryData(['store'], { name: 'Salão Beleza Pura' })
    client.setQueryData(['professionals'], [{ id: 'p1' }])
    client.setQueryData(['dashboard'], { today: [] })
    client.setQueryData(['clients'], [{ name: 'Maria' }])
    client.setQueryData(['appointments', 'messages', 'a1'], [])
    for (let i = 1; i <= MAX_AGENDA_QUERIES + 3; i++) {
      client.setQueryData(day(`2026-11-${String(i).padStart(2, '0')}`), [], { updatedAt: 1000 + i })
    }
    saveOffline(client, profile.id, 's1')

    const restored = new QueryClient()
    restoreOffline(restored, profile.id, 's1')
    expect(restored.getQueryData(['store'])).toEqual({ name: 'Salão Beleza Pura' })
    expect(restored.getQueryData(['professionals'])).toEqual([{ id: 'p1' }])
    expect(restored.getQueryData(['dashboard'])).toEqual({ today: [] })
    expect(restored.getQueryData(['clients'])).toBeUndefined()
    expect(restored.getQueryData(['appointments', 'messages', 'a1'])).toBeUndefined()
    const days = restored.getQueryCache().findAll({ queryKey: ['appointments', 'range'] })
    expect(days).toHaveLength(MAX_AGENDA_QUERIES)
    expect(restored.getQueryData(day('2026-11-15'))).toEqual([]) // the newest
    expect(restored.getQueryData(day('2026-11-03'))).toBeUndefined() // among the oldest
  })

  it('gives another store nothing, and never replaces what is newer on screen', () => {
    const client = new QueryClient()
    client.setQueryData(['store'], { name: 'Antigo' }, { updatedAt: 1000 })
    saveOffline(client, profile.id, 's1')

    const other = new QueryClient()
    restoreOffline(other, profile.id, 's2')
    expect(other.getQueryData(['store'])).toBeUndefined()

    const newer = new QueryClient()
    newer.setQueryData(['store'], { name: 'Novo' }, { updatedAt: 2000 })
    restoreOffline(newer, profile.id, 's1')
    expect(newer.getQueryData(['store'])).toEqual({ name: 'Novo' })
  })

  it('opened without a signal, shows the kept agenda with the time it was read', async () => {
    const readAt = new Date('2026-11-28T09:12:00').getTime()
    vi.useFakeTimers({ now: readAt, toFake: ['Date'] })
    const first = new QueryClient()
    const keeping = keepOffline(first, auth())
    await first.fetchQuery({ queryKey: ['dashboard'], queryFn: () => ({ today: ['Escova progressiva'] }) })
    // An optimistic change later (refused offline, or undone) is no read: the time stays 9:12.
    vi.setSystemTime(new Date('2026-11-28T09:40:00'))
    first.setQueryData(['dashboard'], { today: ['Escova progressiva', 'Otimista'] })
    first.setQueryData(['dashboard'], { today: ['Escova progressiva'] })
    expect(agendaUpdatedAt(first)).toBe(readAt)
    saveOffline(first, profile.id, 's1')
    keeping()
    vi.useRealTimers()

    offlineDevice()
    const client = createQueryClient()
    const stop = keepOffline(client, auth())
    try {
      expect(onlineManager.isOnline()).toBe(false)
      expect(client.getQueryData(['dashboard'])).toEqual({ today: ['Escova progressiva'] })
      expect(agendaUpdatedAt(client)).toBe(readAt)
      // Kept while the page lives: a day not on screen is still there minutes later.
      expect(client.getQueryCache().find({ queryKey: ['dashboard'] })?.gcTime).toBe(Infinity)
      expect(updatedLabel(readAt, new Date('2026-11-28T10:00:00'))).toBe('atualizado às 9:12')
      expect(updatedLabel(readAt, new Date('2026-11-29T10:00:00'))).toBe('atualizado em 28/11 às 9:12')
    } finally {
      stop()
    }
  })

  it('a page just opened that has read only the store keeps the agenda kept before', () => {
    const before = new QueryClient()
    before.setQueryData(day('2026-11-28'), [{ clientName: 'Helena Vasconcelos de Albuquerque' }])
    before.setQueryData(['store'], { name: 'Antigo' })
    saveOffline(before, profile.id, 's1')

    const opened = new QueryClient()
    opened.setQueryData(['store'], { name: 'Salão Beleza Pura' })
    saveOffline(opened, profile.id, 's1')

    const restored = new QueryClient()
    restoreOffline(restored, profile.id, 's1')
    expect(restored.getQueryData(['store'])).toEqual({ name: 'Salão Beleza Pura' })
    expect(restored.getQueryData(day('2026-11-28'))).toEqual([{ clientName: 'Helena Vasconcelos de Albuquerque' }])
  })

  it('a reload within a second of an answer saves it before the page goes', async () => {
    const client = new QueryClient()
    const stop = keepOffline(client, auth())
    try {
      await client.fetchQuery({ queryKey: day('2026-11-30'), queryFn: () => [{ clientName: 'Ana' }] })
      window.dispatchEvent(new Event('pagehide'))
      const restored = new QueryClient()
      restoreOffline(restored, profile.id, 's1')
      expect(restored.getQueryData(day('2026-11-30'))).toEqual([{ clientName: 'Ana' }])
    } finally {
      stop()
    }
  })

  it('saves what the agenda reads as it arrives, under the user', async () => {
    vi.useFakeTimers()
    const client = new QueryClient()
    const stop = keepOffline(client, auth())
    try {
      void client.fetchQuery({ queryKey: ['dashboard'], queryFn: () => ({ today: [] }) })
      await vi.advanceTimersByTimeAsync(1_000)
      const saved = JSON.parse(window.localStorage.getItem(offlineKey(profile.id)) ?? 'null') as { storeId: string }
      expect(saved.storeId).toBe('s1')
    } finally {
      stop()
    }
  })
})

describe('the connection', () => {
  afterEach(() => vi.restoreAllMocks())

  it('refuses a change offline before anything is sent', async () => {
    setAuthBridge({ getAccessToken: () => Promise.resolve('t'), refresh: () => Promise.resolve('t') })
    const { calls } = mockApi({ 'POST /api/v1/appointments': json(201, {}) })
    offlineDevice()
    const stop = watchConnection()
    try {
      const failure = api.post('/appointments', { clientName: 'Maria' })
      await expect(failure).rejects.toBeInstanceOf(ApiError)
      await expect(failure).rejects.toMatchObject({ code: 'offline', message: OFFLINE_WRITE })
      expect(calls).toHaveLength(0)
    } finally {
      stop()
    }
  })

  it('in the signed-in app, a server out of reach pauses the agenda with what it shows', async () => {
    setAuthBridge({ getAccessToken: () => Promise.resolve('t'), refresh: () => Promise.resolve('t') })
    const client = createQueryClient()
    client.mount() // as QueryClientProvider does: it follows onlineManager
    const stop = watchConnection()
    try {
      client.setQueryData(['dashboard'], { today: ['Corte'] })
      vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))))
      const observer = new QueryObserver(client, {
        queryKey: ['dashboard'],
        queryFn: () => api.get('/dashboard'),
        staleTime: 0,
      })
      const off = observer.subscribe(() => {})
      await vi.waitFor(() => expect(observer.getCurrentResult().fetchStatus).toBe('paused'), { timeout: 3000 })
      expect(onlineManager.isOnline()).toBe(false)
      expect(observer.getCurrentResult()).toMatchObject({ status: 'success', data: { today: ['Corte'] } })

      // The server answers again: the app is online and the agenda fresh.
      mockApi({ 'GET /api/v1/dashboard': json(200, { today: ['Corte', 'Escova'] }) })
      onlineManager.setOnline(true)
      await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual({ today: ['Corte', 'Escova'] }))
      off()
    } finally {
      stop()
      client.unmount()
    }
  })
})
