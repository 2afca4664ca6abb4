import { useMutation } from '@tanstack/react-query'

import { api, isApiError } from './api-client'
import type * as Api from '@/lib/api-schema'
import type { UploadResponse as ApiUploadResponse } from '@/lib/api-schema'

// Image uploads (DESIGN.md section 8): POST /api/v1/files, multipart, fields `file` and `kind`.
// The checks here spare a slow upload that would fail; the server is the authority.

export type UploadKind = Api.UploadRequest['kind']

/** UploadedFile is the server's answer; `url` is what the store, profile and photos keep. */
export type UploadedFile = ApiUploadResponse

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
/** For <input type="file" accept>. */
export const IMAGE_ACCEPT = ACCEPTED_IMAGE_TYPES.join(',')

export const UPLOAD_WRONG_TYPE = 'Envie uma imagem JPG, PNG ou WebP.'
export const UPLOAD_TOO_LARGE = 'A imagem deve ter no máximo 5 MB.'
export const UPLOAD_FAILED = 'Não foi possível enviar a imagem. Tente novamente.'

const megabytes = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 })

/** checkImageFile answers why a file cannot be sent, in Portuguese, or null when it can. */
export function checkImageFile(file: File): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return UPLOAD_WRONG_TYPE
  if (file.size > MAX_UPLOAD_BYTES) {
    return `Esta imagem tem ${megabytes.format(file.size / 1024 / 1024)} MB. ${UPLOAD_TOO_LARGE}`
  }
  return null
}

// POST /api/v1/files → 201 UploadedFile
export function uploadFile({ file, kind }: { file: File; kind: UploadKind }) {
  const form = new FormData()
  form.append('kind', kind)
  form.append('file', file)
  return api.post<UploadedFile>('/files', form)
}

/** uploadErrorMessage says what went wrong with an upload, preferring the server's words. */
export function uploadErrorMessage(error: unknown) {
  if (error instanceof UploadCheckError) return error.message
  if (!isApiError(error) || error.status >= 500) return UPLOAD_FAILED
  if (error.status === 413) return error.message || UPLOAD_TOO_LARGE
  // 0 is the client's "no connection" message; 4xx carry the server's reason (422: not an image).
  return error.message || UPLOAD_FAILED
}

/** UploadCheckError is a file refused before sending (wrong type, too large). */
export class UploadCheckError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UploadCheckError'
  }
}

/** useUpload checks and sends one image; errors read well through uploadErrorMessage. */
export function useUpload(kind: UploadKind) {
  return useMutation({
    mutationFn: (file: File) => {
      const problem = checkImageFile(file)
      if (problem) return Promise.reject(new UploadCheckError(problem))
      return uploadFile({ file, kind })
    },
  })
}

/** thumbnailOf answers the thumbnail address of a stored image ('/files/<id>' → '/files/<id>/thumb'). */
export function thumbnailOf(url: string) {
  return /^\/files\/[^/]+$/.test(url) ? `${url}/thumb` : url
}
