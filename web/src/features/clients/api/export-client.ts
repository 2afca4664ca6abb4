import { useMutation } from '@tanstack/react-query'

import { download } from '@/lib/api-client'

import { clientPathId } from './get-client'

export type ClientExportFormat = 'csv' | 'json'

// GET /api/v1/clients/{phone}/export(.csv) → everything the salon holds about one client
// (LGPD): their appointments, the trash and their rewards, as a file.
export function exportClient({ phone, format }: { phone: string; format: ClientExportFormat }) {
  const id = clientPathId(phone)
  const path = `/clients/${encodeURIComponent(id)}/export${format === 'csv' ? '.csv' : ''}`
  return download(path, `agendo-cliente-${id}.${format}`)
}

export function useExportClient() {
  return useMutation({ mutationFn: exportClient })
}
