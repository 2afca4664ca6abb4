// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest'

import { apiError, json, mockApi } from '@/test/api-mock'

import { api, ApiError, setAuthBridge } from './api-client'

describe('api client', () => {
  let token: string
  const refresh = vi.fn<() => Promise<string | null>>()

  beforeEach(() => {
    token = 'old-token'
    refresh.mockReset()
    setAuthBridge({ getAccessToken: () => Promise.resolve(token), refresh })
  })

  it('sends the access token and decodes the JSON answer', async () => {
    const { calls } = mockApi({ 'GET /api/v1/profile': json(200, { id: 'u1' }) })
    await expect(api.get('/profile')).resolves.toEqual({ id: 'u1' })
    expect(calls[0]?.authorization).toBe('Bearer old-token')
  })

  it('refreshes once after a 401 and retries with the new token', async () => {
    refresh.mockImplementation(() => {
      token = 'new-token'
      return Promise.resolve('new-token')
    })
    const { calls } = mockApi({
      'GET /api/v1/store': (call) =>
        call.authorization === 'Bearer new-token'
          ? json(200, { name: 'Salão Bela' })
          : apiError(401, 'unauthorized', 'Sessão expirada'),
    })
    await expect(api.get('/store')).resolves.toEqual({ name: 'Salão Bela' })
    expect(refresh).toHaveBeenCalledTimes(1)
    expect(calls.map((c) => c.authorization)).toEqual(['Bearer old-token', 'Bearer new-token'])
  })

  it('retries only once: a second 401 is thrown', async () => {
    refresh.mockResolvedValue('new-token')
    const { calls } = mockApi({
      'GET /api/v1/store': apiError(401, 'unauthorized', 'Sessão expirada'),
    })
    const error = await api.get('/store').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(401)
    expect(refresh).toHaveBeenCalledTimes(1)
    expect(calls).toHaveLength(2)
  })

  it('throws the 401 without retrying when the refresh fails', async () => {
    refresh.mockResolvedValue(null)
    const { calls } = mockApi({ 'GET /api/v1/plan': apiError(401, 'unauthorized', 'Não autorizado') })
    await expect(api.get('/plan')).rejects.toMatchObject({ status: 401, code: 'unauthorized' })
    expect(calls).toHaveLength(1)
  })

  it('neither sends a token nor refreshes for calls made without auth', async () => {
    const { calls } = mockApi({
      'POST /api/v1/auth/signin': apiError(400, 'invalid_credentials', 'Email ou senha incorretos'),
    })
    await expect(
      api.post('/auth/signin', { email: 'a@b.c', password: 'x' }, { auth: false }),
    ).rejects.toMatchObject({ status: 400, code: 'invalid_credentials' })
    expect(calls[0]?.authorization).toBeNull()
    expect(calls[0]?.body).toEqual({ email: 'a@b.c', password: 'x' })
    expect(refresh).not.toHaveBeenCalled()
  })

  it('reads the error shape: code, message, fields and reasons', async () => {
    mockApi({
      'POST /api/v1/auth/signup': apiError(422, 'weak_password', 'Senha fraca', {
        fields: { password: 'Senha fraca' },
        reasons: ['length', 'common'],
      }),
    })
    const error = (await api.post('/auth/signup', {}, { auth: false }).catch((e: unknown) => e)) as ApiError
    expect(error).toMatchObject({
      status: 422,
      code: 'weak_password',
      message: 'Senha fraca',
      fields: { password: 'Senha fraca' },
      reasons: ['length', 'common'],
    })
  })

  it('turns a body that is not JSON into an error named by its status', async () => {
    mockApi({ 'GET /api/v1/plan': new Response('<html>Bad gateway</html>', { status: 502 }) })
    await expect(api.get('/plan')).rejects.toMatchObject({ status: 502, code: 'internal' })
  })

  it('reports a network failure as status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')))
    await expect(api.get('/plan')).rejects.toMatchObject({ status: 0, code: 'network' })
  })

  it('answers undefined for 204', async () => {
    mockApi({ 'PUT /api/v1/auth/password': json(204) })
    await expect(api.put('/auth/password', { currentPassword: 'a', newPassword: 'b' })).resolves.toBeUndefined()
  })

  it.each([
    ['1', 'Muitas tentativas. Tente novamente em 1 segundo.'],
    ['2', 'Muitas tentativas. Tente novamente em 2 segundos.'],
    ['60', 'Muitas tentativas. Tente novamente em 1 minuto.'],
    ['61', 'Muitas tentativas. Tente novamente em 2 minutos.'],
    ['3600', 'Muitas tentativas. Tente novamente em 1 hora.'],
  ])('says a Retry-After of %s s with the right plural', async (retryAfter, message) => {
    mockApi({
      'POST /api/v1/auth/signin': new Response(
        JSON.stringify({ error: { code: 'rate_limited', message: 'Muitas tentativas. Tente novamente em 1 segundos.' } }),
        { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': retryAfter } },
      ),
    })
    await expect(api.post('/auth/signin', {}, { auth: false })).rejects.toMatchObject({ status: 429, message })
  })
})
