import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import type * as Api from '@/lib/api-schema'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

// Importing clients from another system (issue 29): the file goes with each step (the preview,
// then the import); nothing of it stays on the server. Undone within 7 days.

export type ImportPreview = Api.ImportPreview
export type ImportRow = Api.ImportRow
export type ImportResult = Api.ImportResult
export type ImportField = ImportPreview['mapping'][number]

/** The fields a column can go to, as the mapping's select offers them. */
export const IMPORT_FIELDS: readonly { value: string; label: string }[] = [
  { value: '', label: 'Não importar' },
  { value: 'name', label: 'Nome' },
  { value: 'firstName', label: 'Nome (primeiro nome)' },
  { value: 'lastName', label: 'Sobrenome' },
  { value: 'phone', label: 'Telefone (WhatsApp)' },
  { value: 'phone2', label: 'Outro telefone' },
  { value: 'email', label: 'E-mail' },
  { value: 'birthday', label: 'Aniversário' },
  { value: 'notes', label: 'Observações' },
  { value: 'tags', label: 'Etiquetas' },
]

/** The files the reader takes, for <input type="file" accept>. */
export const IMPORT_ACCEPT = '.csv,.txt,.tsv,.xlsx,.vcf,text/csv,text/vcard,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** The largest file the server reads (clientfile.MaxBytes). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024

function form(file: File, mapping?: string[]) {
  const body = new FormData()
  if (mapping) body.append('mapping', JSON.stringify(mapping))
  body.append('file', file)
  return body
}

// POST /api/v1/client-imports/preview (multipart: file, mapping) → what importing would do.
export function previewImport({ file, mapping }: { file: File; mapping?: string[] }) {
  return api.post<ImportPreview>('/client-imports/preview', form(file, mapping))
}

// POST /api/v1/client-imports (multipart: file, mapping) → 201, the import done.
export function importClients({ file, mapping }: { file: File; mapping?: string[] }) {
  return api.post<ImportResult>('/client-imports', form(file, mapping))
}

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport })
}

export function useImportClients() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: importClients,
    onSuccess: () => {
      for (const queryKey of [queryKeys.clients, queryKeys.dashboard]) void client.invalidateQueries({ queryKey })
    },
  })
}

const importsKey = [...queryKeys.clients, 'imports'] as const

// GET /api/v1/client-imports → the latest imports, with until when each can be undone.
export const clientImportsQueryOptions = () =>
  queryOptions({ queryKey: importsKey, queryFn: () => api.get<Api.ClientImports>('/client-imports') })

export function useClientImports() {
  return useQuery(clientImportsQueryOptions())
}

// POST /api/v1/client-imports/{id}/undo → how many clients went, and stayed (they booked since).
export function useUndoImport() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.post<Api.ImportUndone>(`/client-imports/${encodeURIComponent(id)}/undo`),
    onSuccess: () => {
      for (const queryKey of [queryKeys.clients, queryKeys.dashboard]) void client.invalidateQueries({ queryKey })
    },
  })
}
