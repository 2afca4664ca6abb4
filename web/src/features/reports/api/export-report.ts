import { useMutation } from '@tanstack/react-query'

import type * as Api from '@/lib/api-schema'
import { download } from '@/lib/download'
import { saveFile } from '@/lib/save-file'

import { reportParams, type ReportQuery } from './get-report'

/** ExportKind is what a CSV holds: the period's appointments, the commissions, or the clients. */
export type ExportKind = Api.operations['getReportsExport']['parameters']['query']['kind']

// GET /api/v1/reports/export?kind=…&from=…&to=…&professionalId=… → a CSV file (';', UTF-8 BOM).
export async function exportReport(kind: ExportKind, q: ReportQuery) {
  const file = await download(`/reports/export?${reportParams(q, { kind }).toString()}`)
  const name = file.filename ?? `agendo-${kind}${q.from && q.to ? `-${q.from}-a-${q.to}` : ''}.csv`
  saveFile(file.blob, name)
  return name
}

/** useExportReport downloads one export and saves it; the page says how it went. */
export function useExportReport() {
  return useMutation({
    mutationFn: ({ kind, query }: { kind: ExportKind; query: ReportQuery }) => exportReport(kind, query),
  })
}
