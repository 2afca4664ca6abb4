import { QueryClientProvider, type QueryKey } from '@tanstack/react-query'
import { render, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { apiError, cacheProfile, json, mockApi, sessionResponse } from '@/test/api-mock'

import { setAuthBridge } from './api-client'
import { AuthStoreContext } from './auth/auth-context'
import { createAuthStore } from './auth/auth-store'
import { bookedId, handleLiveEvent, ignoreEchoOf, invalidationKeysFor, leaveAlone, useLiveUpdates } from './live-updates'
import { createQueryClient } from './query-client'
import { queryKeys } from './query-keys'

const keys: Record<string, QueryKey> = {
  appointments: [...queryKeys.appointments, 'list', {}],
  clients: [...queryKeys.clients, 'list', {}],
  dashboard: queryKeys.dashboard,
  trash: [...queryKeys.trash, { offset: 0 }],
  services: [...queryKeys.services, 'list'],
}

function seeded() {
  const client = createQueryClient()
  for (const key of Object.values(keys)) client.setQueryData(key, { items: [] })
  const stale = () =>
    Object.entries(keys)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
  return { client, stale }
}

describe('invalidation by event', () => {
  it('maps each event to the queries it makes stale', () => {
    expect(invalidationKeysFor('appointment.created')).toEqual(
      expect.arrayContaining([queryKeys.appointments, queryKeys.clients, queryKeys.dashboard, queryKeys.trash]),
    )
    expect(invalidationKeysFor('client.updated')).toEqual([
      queryKeys.clients,
      queryKeys.appointments,
      queryKeys.dashboard,
      queryKeys.promotions,
      queryKeys.reports,
    ])
    expect(invalidationKeysFor('appointment.updated')).toContainEqual(queryKeys.promotions)
    expect(invalidationKeysFor('appointment.updated')).toContainEqual(queryKeys.reports)
    expect(invalidationKeysFor('blocked-time.updated')).toEqual([
      queryKeys.blockedTimes,
      queryKeys.availability,
      queryKeys.reports,
    ])
    expect(invalidationKeysFor('connected')).toEqual([])
    expect(invalidationKeysFor('appointment.booked')).toEqual(invalidationKeysFor('appointment.created'))
  })

  it('tells a booking made on the public page from the other events', () => {
    expect(bookedId({ event: 'appointment.booked', data: '{"type":"appointment.booked","id":"ap1"}', id: '' })).toBe('ap1')
    expect(bookedId({ event: 'appointment.created', data: '{"type":"appointment.created","id":"ap1"}', id: '' })).toBeNull()
    expect(bookedId({ event: 'appointment.booked', data: 'not json', id: '' })).toBeNull()
  })

  it('leaves alone the queries of something this tab is removing, until released', () => {
    const { client, stale } = seeded()
    const page = [...queryKeys.clients, 'detail', '5511912345678']
    client.setQueryData(page, { appointments: [] })
    const release = leaveAlone((query) => query.queryKey[2] === '5511912345678')
    const echo = { event: 'client.updated', data: '{"type":"client.updated","id":"anon-qwertyuiopas"}', id: '' }
    handleLiveEvent(client, echo)
    expect(stale()).toEqual(['appointments', 'clients', 'dashboard'])
    expect(client.getQueryState(page)?.isInvalidated).toBe(false)
    release()
    handleLiveEvent(client, echo)
    expect(client.getQueryState(page)?.isInvalidated).toBe(true)
  })

  it('invalidates appointments, clients, dashboard and trash, but not the services', () => {
    const { client, stale } = seeded()
    handleLiveEvent(client, { event: 'appointment.deleted', data: '{"type":"appointment.deleted","id":"x1"}', id: '' })
    expect(stale()).toEqual(['appointments', 'clients', 'dashboard', 'trash'])
  })

  it("skips the echo of this tab's own change", () => {
    const { client, stale } = seeded()
    ignoreEchoOf('mine')
    handleLiveEvent(client, { event: 'appointment.updated', data: '{"type":"appointment.updated","id":"mine"}', id: '' })
    expect(stale()).toEqual([])
  })
})

function Live({ initialDelayMs }: { initialDelayMs?: number }) {
  useLiveUpdates({ initialDelayMs })
  return null
}

describe('useLiveUpdates', () => {
  it('opens the stream with the access token and refreshes the lists when an event arrives', async () => {
    cacheProfile()
    const encoder = new TextEncoder()
    let push: (text: string) => void = () => {}
    const { callsTo } = mockApi({
      'POST /api/v1/auth/refresh': json(200, sessionResponse({ token: 'live-token' })),
      'GET /api/v1/events': () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              push = (text) => controller.enqueue(encoder.encode(text))
            },
          }),
          { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
        ),
    })
    const store = createAuthStore()
    setAuthBridge(store)
    const { client, stale } = seeded()
    const view = render(
      <QueryClientProvider client={client}>
        <AuthStoreContext value={store}>
          <Live />
        </AuthStoreContext>
      </QueryClientProvider>,
    )
    await waitFor(() => expect(callsTo('GET /api/v1/events')).toHaveLength(1))
    expect(callsTo('GET /api/v1/events')[0]?.authorization).toBe('Bearer live-token')

    push('event: connected\ndata: {}\n\n: ping\n\n')
    push('event: appointment.crea')
    push('ted\ndata: {"type":"appointment.created","id":"new-1"}\n\n')
    await waitFor(() => expect(stale()).toEqual(['appointments', 'clients', 'dashboard', 'trash']))
    view.unmount()
  })

  it('signs out, and stops reconnecting, when the server closed the stream of an ended session', async () => {
    cacheProfile()
    let end: () => void = () => {}
    const { callsTo } = mockApi({
      // The session is revoked elsewhere (an admin lock, a sign-out everywhere) after the start.
      'POST /api/v1/auth/refresh': (_call, index) =>
        index === 0
          ? json(200, sessionResponse({ token: 'live-token' }))
          : apiError(401, 'unauthorized', 'Sessão encerrada. Entre novamente.'),
      'GET /api/v1/events': (_call, index) =>
        index === 0
          ? new Response(
              new ReadableStream<Uint8Array>({
                start(controller) {
                  end = () => controller.close()
                },
              }),
              { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
            )
          : apiError(401, 'unauthorized', 'Sessão encerrada. Entre novamente.'),
    })
    const store = createAuthStore()
    setAuthBridge(store)
    const authEvents: string[] = []
    store.onEvent((event) => authEvents.push(event))
    const { client } = seeded()
    const view = render(
      <QueryClientProvider client={client}>
        <AuthStoreContext value={store}>
          <Live initialDelayMs={1} />
        </AuthStoreContext>
      </QueryClientProvider>,
    )
    await waitFor(() => expect(callsTo('GET /api/v1/events')).toHaveLength(1))

    end() // the server closes the stream: its session ended
    await waitFor(() => expect(authEvents).toContain('SIGNED_OUT'))
    expect(store.getState().isAuthenticated).toBe(false)
    // One reconnection met 401, one refresh confirmed the session is gone, and that was all.
    expect(callsTo('GET /api/v1/events')).toHaveLength(2)
    expect(callsTo('POST /api/v1/auth/refresh')).toHaveLength(2)
    view.unmount()
  })
})
