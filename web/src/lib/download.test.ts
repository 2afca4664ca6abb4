// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest'

import { apiError, mockApi } from '@/test/api-mock'

import { ApiError, setAuthBridge } from './api-client'
import { download, filenameOf } from './download'

describe('filenameOf', () => {
  it.each([
    ['attachment; filename=agendo-clientes.csv', 'agendo-clientes.csv'],
    ['attachment; filename="relatório de novembro.csv"', 'relatório de novembro.csv'],
    ["attachment; filename*=utf-8''relat%C3%B3rio.csv", 'relatório.csv'],
    ["attachment; filename=\"relatorio.csv\"; filename*=UTF-8''relat%C3%B3rio.csv", 'relatório.csv'],
    ['attachment', null],
    [null, null],
  ])('reads %j as %j', (header, name) => {
    expect(filenameOf(header)).toBe(name)
  })
})

describe('download', () => {
  const refresh = vi.fn<() => Promise<string | null>>()
  beforeEach(() => {
    refresh.mockReset()
    setAuthBridge({ getAccessToken: () => Promise.resolve('token-1'), refresh })
  })

  it('fetches with the token and answers the bytes and the name', async () => {
    const { calls } = mockApi({
      'GET /api/v1/reports/export': new Response('a;b\r\n', {
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename=x.csv' },
      }),
    })
    const file = await download('/reports/export?kind=clients')
    expect(file.filename).toBe('x.csv')
    expect(await file.blob.text()).toBe('a;b\r\n')
    expect(calls[0]?.authorization).toBe('Bearer token-1')
  })

  it("throws the server's error", async () => {
    mockApi({ 'GET /api/v1/reports/export': apiError(422, 'invalid', 'O período pode ter no máximo 3 anos') })
    const error = await download('/reports/export?kind=clients').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).message).toBe('O período pode ter no máximo 3 anos')
  })
})
