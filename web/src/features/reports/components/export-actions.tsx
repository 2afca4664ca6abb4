import { FileSpreadsheetIcon, LoaderCircleIcon, PrinterIcon } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'

import { Button } from '@/components/ui/button'
import { isApiError } from '@/lib/api-client'

import { type ExportKind, useExportReport } from '../api/export-report'
import type { ReportQuery } from '../api/get-report'

// The period's spreadsheets (CSV with ';', for Excel and Google Planilhas) and the printed report.

const EXPORTS: readonly { kind: ExportKind; label: string }[] = [
  { kind: 'appointments', label: 'Exportar agendamentos' },
  { kind: 'commissions', label: 'Exportar comissões' },
  { kind: 'clients', label: 'Exportar clientes' },
]

export function ExportActions({ query, onPrint }: { query: ReportQuery; onPrint: () => void }) {
  const exporter = useExportReport()
  const [running, setRunning] = useState<ExportKind | null>(null)
  const run = (kind: ExportKind) => {
    setRunning(kind)
    exporter.mutate(
      { kind, query },
      {
        onSuccess: (name) => toast.success('Planilha baixada', { description: name, duration: 4000 }),
        onError: (error) => {
          console.error('Erro ao exportar relatório', error)
          toast.error('Não foi possível exportar', {
            description: isApiError(error) && error.message ? error.message : 'Tente de novo em instantes.',
          })
        },
        onSettled: () => setRunning(null),
      },
    )
  }
  return (
    <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4">
      {EXPORTS.map(({ kind, label }) => (
        <Button key={kind} variant="outline" disabled={running !== null} onClick={() => run(kind)}>
          {running === kind ? (
            <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
          ) : (
            <FileSpreadsheetIcon aria-hidden="true" className="text-success" />
          )}
          {label}
        </Button>
      ))}
      <Button variant="outline" onClick={onPrint}>
        <PrinterIcon aria-hidden="true" />
        Imprimir / Salvar PDF
      </Button>
    </div>
  )
}
