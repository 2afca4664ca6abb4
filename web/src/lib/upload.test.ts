// @vitest-environment node
import { describe, expect, it } from 'vitest'

import { apiError, json, mockApi } from '@/test/api-mock'

import { ApiError } from './api-client'
import {
  checkImageFile,
  thumbnailOf,
  uploadErrorMessage,
  UploadCheckError,
  uploadFile,
  UPLOAD_FAILED,
  UPLOAD_TOO_LARGE,
  UPLOAD_WRONG_TYPE,
} from './upload'

function file(name: string, type: string, size = 1000) {
  const f = new File(['x'], name, { type })
  Object.defineProperty(f, 'size', { value: size })
  return f
}

describe('checkImageFile', () => {
  it('accepts JPEG, PNG and WebP up to 5 MB', () => {
    expect(checkImageFile(file('a.jpg', 'image/jpeg'))).toBeNull()
    expect(checkImageFile(file('a.png', 'image/png', 5 * 1024 * 1024))).toBeNull()
    expect(checkImageFile(file('a.webp', 'image/webp'))).toBeNull()
  })

  it('refuses other types', () => {
    expect(checkImageFile(file('a.pdf', 'application/pdf'))).toBe(UPLOAD_WRONG_TYPE)
    expect(checkImageFile(file('a.gif', 'image/gif'))).toBe(UPLOAD_WRONG_TYPE)
    expect(checkImageFile(file('a', ''))).toBe(UPLOAD_WRONG_TYPE)
  })

  it('refuses more than 5 MB and says the size', () => {
    expect(checkImageFile(file('big.jpg', 'image/jpeg', 6.2 * 1024 * 1024))).toBe(
      `Esta imagem tem 6,2 MB. ${UPLOAD_TOO_LARGE}`,
    )
  })
})

describe('uploadFile', () => {
  it('posts multipart with the file and its kind, and no JSON content type', async () => {
    const uploaded = { id: 'f1', url: '/files/f1', thumbUrl: '/files/f1/thumb', contentType: 'image/jpeg', width: 8, height: 8 }
    const { callsTo, fetchMock } = mockApi({ 'POST /api/v1/files': json(201, uploaded) })
    const logo = file('logo.png', 'image/png')
    await expect(uploadFile({ file: logo, kind: 'logo' })).resolves.toEqual(uploaded)
    const [call] = callsTo('POST /api/v1/files')
    expect(call?.body).toEqual({ kind: 'logo', file: expect.any(File) as unknown })
    const init = fetchMock.mock.calls[0]?.[1]
    expect(new Headers(init?.headers).get('Content-Type')).toBeNull()
  })
})

describe('uploadErrorMessage', () => {
  it("shows the server's reason for 413 and 422", () => {
    expect(
      uploadErrorMessage(new ApiError({ status: 413, code: 'payload_too_large', message: 'A imagem passa de 5 MB' })),
    ).toBe('A imagem passa de 5 MB')
    expect(
      uploadErrorMessage(new ApiError({ status: 422, code: 'invalid', message: 'O arquivo não é uma imagem JPEG, PNG ou WebP' })),
    ).toBe('O arquivo não é uma imagem JPEG, PNG ou WebP')
  })

  it('shows the check message, and a generic one for server failures', () => {
    expect(uploadErrorMessage(new UploadCheckError(UPLOAD_WRONG_TYPE))).toBe(UPLOAD_WRONG_TYPE)
    expect(uploadErrorMessage(new ApiError({ status: 500, code: 'internal', message: 'boom' }))).toBe(UPLOAD_FAILED)
    expect(uploadErrorMessage(new Error('?'))).toBe(UPLOAD_FAILED)
  })

  it('reads a real 413 answer', async () => {
    mockApi({ 'POST /api/v1/files': apiError(413, 'payload_too_large', 'A imagem passa de 5 MB') })
    const error = await uploadFile({ file: file('a.png', 'image/png'), kind: 'photo' }).catch((e: unknown) => e)
    expect(uploadErrorMessage(error)).toBe('A imagem passa de 5 MB')
  })
})

describe('thumbnailOf', () => {
  it('points a stored image at its thumbnail', () => {
    expect(thumbnailOf('/files/abc')).toBe('/files/abc/thumb')
    expect(thumbnailOf('https://exemplo.com/a.png')).toBe('https://exemplo.com/a.png')
  })
})
