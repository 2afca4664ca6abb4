import { afterEach, describe, expect, it, vi } from 'vitest'

import { apiError, cacheProfile, json, mockApi, never, profile, sessionResponse } from '@/test/api-mock'

import { setAuthBridge } from '../api-client'
import { watchConnection } from '../connection'
import { createAuthStore, LAST_USER_KEY, offlineKey, profileKey } from './auth-store'
import type { AuthEvent } from './types'

function newStore() {
  const store = createAuthStore()
  setAuthBridge(store)
  return store
}

/** settle lets pending promise callbacks run (fetch mocks answer asynchronously). */
const settle = () => vi.advanceTimersByTimeAsync(0)

describe('auth store start', () => {
  let stop: (() => void) | undefined
  afterEach(() => stop?.())

  it('without a cached profile: loading while it refreshes, then signed in', async () => {
    mockApi({ 'POST /api/v1/auth/refresh': json(200, sessionResponse()) })
    const store = newStore()
    expect(store.getState()).toMatchObject({ isLoading: true, isAuthenticated: false })
    store.start()
    stop = store.stop
    await vi.waitFor(() => expect(store.getState().isLoading).toBe(false))
    expect(store.getState()).toMatchObject({ isAuthenticated: true, profile })
    expect(store.getState().session?.accessToken).toBe('access-1')
    expect(window.localStorage.getItem(LAST_USER_KEY)).toBe(profile.id)
  })

  it('loads the profile when the refresh answer has none', async () => {
    const { callsTo } = mockApi({
      'POST /api/v1/auth/refresh': json(200, { session: sessionResponse().session }),
      'GET /api/v1/profile': json(200, profile),
    })
    const store = newStore()
    store.start()
    stop = store.stop
    await vi.waitFor(() => expect(store.getState().isAuthenticated).toBe(true))
    expect(callsTo('GET /api/v1/profile')[0]?.authorization).toBe('Bearer access-1')
  })

  it('without a session: not signed in and no longer loading', async () => {
    mockApi({ 'POST /api/v1/auth/refresh': apiError(401, 'unauthorized', 'Sessão inválida') })
    const store = newStore()
    store.start()
    stop = store.stop
    await vi.waitFor(() => expect(store.getState().isLoading).toBe(false))
    expect(store.getState()).toMatchObject({ isAuthenticated: false, profile: null, session: null })
  })

  it('with a cached profile: signed in at once, and API calls wait for the refresh', async () => {
    cacheProfile()
    let answer: (r: Response) => void = () => {}
    mockApi({ 'POST /api/v1/auth/refresh': () => new Promise<Response>((r) => (answer = r)) })
    const store = newStore()
    expect(store.getState()).toMatchObject({ isAuthenticated: true, isLoading: false, profile })

    store.start()
    stop = store.stop
    let token: string | null = 'not yet'
    const pending = store.getAccessToken().then((t) => (token = t))
    await Promise.resolve()
    expect(token).toBe('not yet')

    answer(json(200, sessionResponse({ token: 'fresh' })))
    await pending
    expect(token).toBe('fresh')
  })

  it('with a cached profile whose session is gone: clears the cache and signs out', async () => {
    cacheProfile()
    mockApi({ 'POST /api/v1/auth/refresh': apiError(401, 'unauthorized', 'Sessão inválida') })
    const store = newStore()
    const events: AuthEvent[] = []
    store.onEvent((e) => events.push(e))
    store.start()
    stop = store.stop
    await vi.waitFor(() => expect(store.getState().isAuthenticated).toBe(false))
    expect(window.localStorage.getItem(profileKey(profile.id))).toBeNull()
    expect(window.localStorage.getItem(LAST_USER_KEY)).toBeNull()
    expect(events).toContain('SIGNED_OUT')
  })

  it('with no refresh cookie (204): signed out quietly, the stale cached profile gone', async () => {
    cacheProfile()
    mockApi({ 'POST /api/v1/auth/refresh': json(204) })
    const store = newStore()
    const events: AuthEvent[] = []
    store.onEvent((e) => events.push(e))
    store.start()
    stop = store.stop
    await vi.waitFor(() => expect(events).toContain('INITIAL_SESSION'))
    expect(store.getState()).toMatchObject({ isAuthenticated: false, profile: null, session: null })
    expect(window.localStorage.getItem(LAST_USER_KEY)).toBeNull()
    expect(await store.getAccessToken()).toBeNull()
  })

  it('shares one refresh request between concurrent callers', async () => {
    const { callsTo } = mockApi({ 'POST /api/v1/auth/refresh': json(200, sessionResponse()) })
    const store = newStore()
    const tokens = await Promise.all([store.refresh(), store.refresh(), store.getAccessToken()])
    expect(tokens).toEqual(['access-1', 'access-1', 'access-1'])
    expect(callsTo('POST /api/v1/auth/refresh')).toHaveLength(1)
  })
})

describe('auth store refresh schedule', () => {
  it('refreshes on the 30 s tick once the session is within 90 s of expiry', async () => {
    vi.useFakeTimers()
    const { callsTo } = mockApi({
      'POST /api/v1/auth/refresh': (_call, i) =>
        json(200, sessionResponse({ token: `access-${i + 1}`, expiresIn: i === 0 ? 200 : 900 })),
    })
    const store = newStore()
    store.start()
    await settle()
    const refreshes = () => callsTo('POST /api/v1/auth/refresh').length
    expect(refreshes()).toBe(1) // the start
    expect(store.getState().session?.accessToken).toBe('access-1')

    // Expires at 200 s: 170, 140 and 110 s left at the 30, 60 and 90 s ticks — no refresh.
    await vi.advanceTimersByTimeAsync(90_000)
    expect(refreshes()).toBe(1)

    // At the 120 s tick 80 s are left (< 90 s): refresh.
    await vi.advanceTimersByTimeAsync(30_000)
    expect(refreshes()).toBe(2)
    expect(store.getState().session?.accessToken).toBe('access-2')

    // The new session lasts 900 s: the next ticks leave it alone.
    await vi.advanceTimersByTimeAsync(120_000)
    expect(refreshes()).toBe(2)
    store.stop()
  })

  it('stops checking after stop()', async () => {
    vi.useFakeTimers()
    const { callsTo } = mockApi({
      'POST /api/v1/auth/refresh': json(200, sessionResponse({ expiresIn: 60 })),
    })
    const store = newStore()
    store.start()
    await settle()
    store.stop()
    await vi.advanceTimersByTimeAsync(120_000)
    expect(callsTo('POST /api/v1/auth/refresh')).toHaveLength(1)
  })

  it('keeps checking while another reader still needs the session', async () => {
    vi.useFakeTimers()
    const { callsTo } = mockApi({
      'POST /api/v1/auth/refresh': json(200, sessionResponse({ expiresIn: 60 })),
    })
    const store = newStore()
    store.start() // the route guard
    store.start() // the dashboard layout
    await settle()
    store.stop() // one unmounts
    await vi.advanceTimersByTimeAsync(30_000)
    expect(callsTo('POST /api/v1/auth/refresh')).toHaveLength(2) // one start-up refresh, one renewal
    store.stop()
    await vi.advanceTimersByTimeAsync(120_000)
    expect(callsTo('POST /api/v1/auth/refresh')).toHaveLength(2)
  })

  it('retries a refresh that meets a network failure, backing off from 200 ms', async () => {
    vi.useFakeTimers()
    let attempt = 0
    mockApi({
      'POST /api/v1/auth/refresh': () =>
        ++attempt < 3 ? Promise.reject(new TypeError('Failed to fetch')) : json(200, sessionResponse()),
    })
    const store = newStore()
    const token = store.refresh()
    await vi.advanceTimersByTimeAsync(200 + 400)
    await expect(token).resolves.toBe('access-1')
    expect(attempt).toBe(3)
  })
})

describe('auth store sign-in and sign-out', () => {
  async function signedIn() {
    const store = newStore()
    await store.setSession(sessionResponse())
    return store
  }

  it('stores the session and the cached profile on sign-in, and reports SIGNED_IN', async () => {
    const store = newStore()
    const events: AuthEvent[] = []
    store.onEvent((e) => events.push(e))
    await store.setSession(sessionResponse())
    expect(store.getState()).toMatchObject({ isAuthenticated: true, isLoading: false })
    expect(JSON.parse(window.localStorage.getItem(profileKey(profile.id)) ?? 'null')).toEqual(profile)
    expect(events).toEqual(['SIGNED_IN'])
  })

  it.each([401, 403, 404])('ignores a %i from sign-out and clears the session', async (status) => {
    const store = await signedIn()
    const { callsTo } = mockApi({
      'POST /api/v1/auth/signout': apiError(status, 'x', 'x'),
      'POST /api/v1/auth/refresh': apiError(401, 'unauthorized', 'x'),
    })
    const events: AuthEvent[] = []
    store.onEvent((e) => events.push(e))
    await expect(store.signOut('local')).resolves.toBeUndefined()
    expect(callsTo('POST /api/v1/auth/signout')[0]?.body).toEqual({ scope: 'local' })
    expect(store.getState()).toMatchObject({ isAuthenticated: false, profile: null, session: null })
    expect(window.localStorage.getItem(profileKey(profile.id))).toBeNull()
    expect(window.localStorage.getItem(LAST_USER_KEY)).toBeNull()
    expect(events).toContain('SIGNED_OUT')
  })

  it('erases the agenda kept for offline reading on sign-out', async () => {
    const store = await signedIn()
    window.localStorage.setItem(offlineKey(profile.id), '{"storeId":"s1","state":{}}')
    mockApi({ 'POST /api/v1/auth/signout': json(204) })
    await store.signOut('local')
    expect(window.localStorage.getItem(offlineKey(profile.id))).toBeNull()
  })

  it('offline, sends nothing and keeps the session: the server would keep it anyway', async () => {
    const store = await signedIn()
    window.localStorage.setItem(offlineKey(profile.id), '{"storeId":"s1","state":{}}')
    const { calls } = mockApi({ 'POST /api/v1/auth/signout': json(204) })
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const unwatch = watchConnection() // the signed-in app's
    try {
      await expect(store.signOut('local')).rejects.toMatchObject({ code: 'offline' })
    } finally {
      unwatch()
      vi.restoreAllMocks()
    }
    expect(calls).toHaveLength(0)
    expect(store.getState().isAuthenticated).toBe(true)
    expect(window.localStorage.getItem(offlineKey(profile.id))).not.toBeNull()
  })

  it('reports other sign-out failures, but still leaves this browser signed out', async () => {
    const store = await signedIn()
    mockApi({ 'POST /api/v1/auth/signout': apiError(500, 'internal', 'Erro interno') })
    await expect(store.signOut('local')).rejects.toMatchObject({ status: 500 })
    expect(store.getState().isAuthenticated).toBe(false)
  })

  it("keeps this session when signing out the others, whatever happens", async () => {
    const store = await signedIn()
    const { callsTo } = mockApi({ 'POST /api/v1/auth/signout': json(204) })
    await store.signOut('others')
    expect(callsTo('POST /api/v1/auth/signout')[0]).toMatchObject({
      body: { scope: 'others' },
      authorization: 'Bearer access-1',
    })
    expect(store.getState().isAuthenticated).toBe(true)

    mockApi({ 'POST /api/v1/auth/signout': apiError(500, 'internal', 'Erro interno') })
    await expect(store.signOut('others')).rejects.toMatchObject({ status: 500 })
    expect(store.getState().isAuthenticated).toBe(true)
  })

  it('ignores a profile update when no user is loaded', () => {
    mockApi({ 'POST /api/v1/auth/refresh': never })
    const store = newStore()
    store.setProfile({ ...profile, name: 'Outra' })
    expect(store.getState().profile).toBeNull()
    expect(window.localStorage.getItem(profileKey(profile.id))).toBeNull()
  })
})
