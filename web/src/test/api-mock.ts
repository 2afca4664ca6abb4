import { vi } from 'vitest'

import type { Profile, SessionResponse } from '@/lib/auth/types'

export type Call = {
  method: string
  path: string
  /** The search parameters (?a=1 → {a: '1'}). */
  query: Record<string, string>
  /** Decoded JSON, or FormData entries as an object. */
  body: unknown
  authorization: string | null
}

type Reply = Response | Promise<Response>
type Handler = Response | ((call: Call, index: number) => Reply)

export function json(status: number, body?: unknown): Response {
  return body === undefined
    ? new Response(null, { status })
    : new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

export function apiError(
  status: number,
  code: string,
  message: string,
  extra: { fields?: Record<string, string>; reasons?: string[] } = {},
) {
  return json(status, { error: { code, message, ...extra } })
}

/** never is a reply that does not arrive (a request still in flight). */
export const never = () => new Promise<Response>(() => {})

/** The calls of this test to routes its table did not list (setup.ts fails the test on any). */
let unlisted: string[] = []

/** takeUnlistedCalls returns and forgets the calls to unlisted routes. */
export function takeUnlistedCalls() {
  const out = unlisted
  unlisted = []
  return out
}

/**
 * mockApi replaces fetch with a table of "METHOD /api/v1/path" → reply (or a function of the call
 * and its index among calls to that route). An unlisted route answers 404 and fails the test when
 * it ends: a page that asks for something the test forgot must not pass on a silent 404 (list
 * it, with `apiError(404, …)` where a 404 is the point). The access token's renewal, which the
 * API client asks for before its first call in a test file, answers a session unless the table
 * lists it. A '*' in a listed path stands for one segment (an id). Returns every call made.
 */
export function mockApi(routes: Record<string, Handler>) {
  routes = { 'POST /api/v1/auth/refresh': json(200, sessionResponse()), ...routes }
  const calls: Call[] = []
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost')
    const query = Object.fromEntries(url.searchParams.entries())
    const method = init?.method ?? 'GET'
    const headers = new Headers(init?.headers)
    const call: Call = {
      method,
      path: url.pathname,
      query,
      body:
        typeof init?.body === 'string'
          ? JSON.parse(init.body)
          : init?.body instanceof FormData
            ? Object.fromEntries(init.body.entries())
            : undefined,
      authorization: headers.get('Authorization'),
    }
    const key = `${method} ${url.pathname}`
    const index = calls.filter((c) => `${c.method} ${c.path}` === key).length
    calls.push(call)
    const handler = routes[key] ?? routes[wildcardKey(routes, key)]
    if (handler === undefined) {
      unlisted.push(key)
      return Promise.resolve(apiError(404, 'not_found', 'Não encontrado'))
    }
    if (typeof handler === 'function') return Promise.resolve(handler(call, index))
    return Promise.resolve(handler).then((response) => response.clone())
  })
  vi.stubGlobal('fetch', fetchMock)
  const callsTo = (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key)
  return { calls, callsTo, fetchMock }
}

/** wildcardKey is the listed key with '*' segments that matches key, or ''. */
function wildcardKey(routes: Record<string, Handler>, key: string) {
  const parts = key.split('/')
  return (
    Object.keys(routes).find((k) => {
      const want = k.split('/')
      return k.includes('*') && want.length === parts.length && want.every((w, i) => w === '*' || w === parts[i])
    }) ?? ''
  )
}

export const profile: Profile = {
  id: 'user-1',
  name: 'Maria Souza',
  email: 'maria@salao.com.br',
  phone: null,
  avatar: null,
}

export function sessionResponse(
  opts: { token?: string; expiresIn?: number; profile?: Profile } = {},
): SessionResponse {
  const expiresIn = opts.expiresIn ?? 900
  return {
    session: {
      accessToken: opts.token ?? 'access-1',
      tokenType: 'bearer',
      expiresIn,
      expiresAt: Math.floor(Date.now() / 1000) + expiresIn,
      user: { id: profile.id, email: profile.email, metadata: { name: profile.name } },
    },
    store: { storeId: profile.id, role: 'dono', professionalId: null },
    profile: opts.profile ?? profile,
  }
}

/** cacheProfile makes the next auth store start as a returning user. */
export function cacheProfile(p: Profile = profile) {
  window.localStorage.setItem('agendo:last-user', p.id)
  window.localStorage.setItem(`agendo:profile:${p.id}`, JSON.stringify(p))
}
