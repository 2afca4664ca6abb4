// A thin fetch wrapper for /api/v1. It sends the access token, refreshes it once on a 401
// and retries, and turns every failure into an ApiError. It never touches the UI.

import { connectionBack, connectionLost, connectionWatched, deviceOffline } from './connection'
import { waitLabel } from './format'

export const API_BASE = '/api/v1'

/**
 * OFFLINE_WRITE is what a change made in the signed-in app without a network says (issue 28): it
 * is refused before anything leaves the phone, never queued, so nothing is sent twice when the
 * signal returns.
 */
export const OFFLINE_WRITE = 'Sem conexão: nada foi enviado. Tente de novo quando a internet voltar.'

/** ApiError is the server's error shape ({"error": {code, message, fields, reasons}}) plus the status. */
export class ApiError extends Error {
  readonly status: number
  readonly code: string
  readonly fields: Record<string, string>
  readonly reasons: string[]

  constructor(init: {
    status: number
    code: string
    message: string
    fields?: Record<string, string>
    reasons?: string[]
  }) {
    super(init.message)
    this.name = 'ApiError'
    this.status = init.status
    this.code = init.code
    this.fields = init.fields ?? {}
    this.reasons = init.reasons ?? []
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

/** How the client reaches the auth state without importing it (lib/auth registers itself). */
export type AuthBridge = {
  /** The current access token, after any refresh already under way has finished. */
  getAccessToken(): Promise<string | null>
  /** Refreshes the session (one request however many callers) and returns the new token. */
  refresh(): Promise<string | null>
}

let bridge: AuthBridge = {
  getAccessToken: () => Promise.resolve(null),
  refresh: () => Promise.resolve(null),
}

export function setAuthBridge(next: AuthBridge) {
  bridge = next
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** JSON-encoded, except FormData, which is sent as multipart/form-data. */
  body?: unknown
  /** Send the access token and refresh it on 401 (default true). */
  auth?: boolean
  signal?: AbortSignal
}

const statusCodes: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  422: 'invalid',
  429: 'rate_limited',
}

type ErrorBody = {
  error?: { code?: unknown; message?: unknown; fields?: unknown; reasons?: unknown }
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: ErrorBody | null = null
  try {
    body = (await response.json()) as ErrorBody
  } catch {
    // Not JSON (a proxy page, an empty body): fall back to the status.
  }
  const e = body?.error
  // A rate limit's wait is said here, from Retry-After, in words that agree with the number
  // ("1 segundo", "2 minutos"), whatever the server's message says.
  const retryAfter = Number(response.headers.get('Retry-After'))
  const message =
    response.status === 429 && retryAfter > 0
      ? `Muitas tentativas. Tente novamente em ${waitLabel(retryAfter)}.`
      : typeof e?.message === 'string' && e.message
        ? e.message
        : response.status === 429
          ? 'Muitas tentativas. Aguarde um pouco e tente novamente.'
          : 'Ocorreu um erro inesperado. Tente novamente.'
  return new ApiError({
    status: response.status,
    code: typeof e?.code === 'string' ? e.code : (statusCodes[response.status] ?? 'internal'),
    message,
    fields:
      e?.fields && typeof e.fields === 'object' ? (e.fields as Record<string, string>) : undefined,
    reasons: Array.isArray(e?.reasons) ? (e.reasons as string[]) : undefined,
  })
}

async function send(path: string, options: RequestOptions, token: string | null, accept = 'application/json') {
  const headers: Record<string, string> = { Accept: accept }
  // FormData goes as multipart: fetch writes the Content-Type with its boundary.
  const multipart = options.body instanceof FormData
  if (options.body !== undefined && !multipart) headers['Content-Type'] = 'application/json'
  if (token) headers.Authorization = `Bearer ${token}`
  const method = options.method ?? 'GET'
  // The signed-in app refuses a change offline (issue 28); the public booking sends its own,
  // with a request id the server books once, when the connection returns (details-form.tsx).
  if (method !== 'GET' && deviceOffline() && connectionWatched()) throw new ApiError({ status: 0, code: 'offline', message: OFFLINE_WRITE })
  try {
    const response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body:
        options.body === undefined
          ? undefined
          : multipart
            ? (options.body as FormData)
            : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    })
    connectionBack()
    return response
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    connectionLost()
    throw new ApiError({
      status: 0,
      code: 'network',
      message: 'Não foi possível conectar ao servidor. Verifique sua conexão.',
    })
  }
}

/** respond sends a request with the token, refreshing it once on a 401; a failure is an ApiError. */
export async function respond(path: string, options: RequestOptions, accept?: string): Promise<Response> {
  const auth = options.auth ?? true
  let response = await send(path, options, auth ? await bridge.getAccessToken() : null, accept)
  if (response.status === 401 && auth) {
    const token = await bridge.refresh()
    if (token) response = await send(path, options, token, accept)
  }
  if (!response.ok) throw await toApiError(response)
  return response
}

/** request calls the API and returns the decoded JSON (undefined for 204). */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await respond(path, options)
  if (response.status === 204) return undefined as T
  const text = await response.text()
  return (text ? JSON.parse(text) : undefined) as T
}

/**
 * download fetches a file the API serves to a signed-in owner (an export) and hands it to the
 * browser as a download, named as the server's Content-Disposition says (or `fallbackName`).
 */
export async function download(path: string, fallbackName: string) {
  let response = await send(path, {}, await bridge.getAccessToken())
  if (response.status === 401) {
    const token = await bridge.refresh()
    if (token) response = await send(path, {}, token)
  }
  if (!response.ok) throw await toApiError(response)
  const disposition = response.headers.get('Content-Disposition') ?? ''
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'DELETE' }),
}
