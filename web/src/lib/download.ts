// Files from the API (the reports' CSV exports): fetched with the access token like any call,
// kept apart from api-client.ts so that only the pages that download carry it.

import { type RequestOptions, respond } from './api-client'

/** A file the API sent: its bytes and the name the server gave it (null when it gave none). */
export type DownloadedFile = { blob: Blob; filename: string | null }

/**
 * filenameOf reads the file name of a Content-Disposition header: the UTF-8 form
 * (filename*=utf-8''rel%C3%A1torio.csv) first, then the plain one (filename="a.csv").
 */
export function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null
  const extended = /filename\*\s*=\s*utf-8''([^;]+)/i.exec(disposition)
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim())
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/.exec(disposition)
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim()
  return name || null
}

/** download fetches a file from the API (a CSV export) with the access token, as a Blob. */
export async function download(
  path: string,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<DownloadedFile> {
  const response = await respond(path, { ...options, method: 'GET' }, '*/*')
  return { blob: await response.blob(), filename: filenameOf(response.headers.get('Content-Disposition')) }
}
