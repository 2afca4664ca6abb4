import './reports.css'

import { AlertCircleIcon, CalendarX2Icon, RefreshCwIcon } from 'lucide-react'
import { type ReactNode, useEffect, useState } from 'react'
import { flushSync } from 'react-dom'
import { Link } from 'react-router'

import { Alert, AlertDescription } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { isApiError } from '@/lib/api-client'
import { countLabel } from '@/lib/format'
import { formatBRL } from '@/lib/money'
import { cn } from '@/lib/utils'

import type { Report, ReportQuery } from '../api/get-report'
import { PrintingContext } from '../hooks/printing'
import { useReport, useReportFilters } from '../hooks/use-report'
import { BUCKET_TITLES, methodLabel } from '../utils/chart-labels'
import { periodTitle } from '../utils/period'

import { ChartCard, NoData, PaymentDonut, RankBars, type RankItem, RevenueChart } from './charts'
import { CommissionsTable } from './commissions'
import { ExportActions } from './export-actions'
import { BookingsBreakdown, ClientReturns, HeadlineFigures, MoreFigures } from './figure-cards'
import { Heatmap } from './heatmap'
import { type PeriodErrors, PeriodFilter, type ProfessionalOption } from './period-filter'
import { ReportSection } from './report-section'

// Relatórios: the three figures an owner checks (faturamento, atendimentos, faltas) beside the
// period before; then, a tap away each, the other figures, the charts behind them, the
// commissions, the clients to bring back, and the period as spreadsheets or on paper.

/** The services past the first few share one bar: a long tail of tiny bars says nothing. */
const TOP_SERVICES = 8

function serviceItems(report: Report): RankItem[] {
  const sorted = [...report.services].sort((a, b) => b.revenue - a.revenue || b.completed - a.completed)
  if (sorted.length <= TOP_SERVICES) return sorted
  const rest = sorted.slice(TOP_SERVICES - 1)
  return [
    ...sorted.slice(0, TOP_SERVICES - 1),
    {
      id: 'others',
      name: `Outros ${rest.length} serviços`,
      revenue: rest.reduce((n, s) => n + s.revenue, 0),
      completed: rest.reduce((n, s) => n + s.completed, 0),
    },
  ]
}

function ReportSkeleton() {
  return (
    <div aria-busy="true" aria-label="Carregando o relatório" className="grid grid-cols-1 gap-5">
      <div className="grid grid-cols-1 gap-2">
        <Skeleton className="h-7 w-64" />
        <Skeleton className="h-6 w-64" />
      </div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className={cn('h-28 rounded-xl', (i === 0 || i === 3) && 'col-span-2 lg:col-span-1')} />
        ))}
      </div>
      <Skeleton className="h-80 rounded-xl" />
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
        <Skeleton className="h-64 rounded-xl" />
        <Skeleton className="h-64 rounded-xl" />
      </div>
    </div>
  )
}

function Problem({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <Alert variant="destructive">
      <AlertCircleIcon aria-hidden="true" />
      <AlertDescription>
        <p>{message}</p>
        {action}
      </AlertDescription>
    </Alert>
  )
}

function EmptyPeriod({ agendaPath }: { agendaPath: string }) {
  return (
    <div role="status" className="flex flex-col items-center rounded-2xl border border-dashed bg-card px-6 py-10 text-center">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-secondary text-secondary-foreground">
        <CalendarX2Icon className="size-6" aria-hidden="true" />
      </span>
      <p className="mt-4 text-base font-semibold text-balance">Nenhum agendamento neste período</p>
      <p className="mt-1 max-w-sm text-sm text-muted-foreground">
        Escolha outro período ou outro profissional. Os números aparecem aqui assim que houver agendamentos.
      </p>
      <Button variant="outline" className="rp-noprint mt-5" asChild>
        <Link to={agendaPath}>Ver a agenda</Link>
      </Button>
    </div>
  )
}

function ReportBody({
  report,
  query,
  professionalsPath,
  agendaPath,
  onPrint,
}: {
  report: Report
  query: ReportQuery
  professionalsPath: string
  agendaPath: string
  onPrint: () => void
}) {
  if (report.current.appointments === 0) return <EmptyPeriod agendaPath={agendaPath} />
  const c = report.current
  const one = Boolean(query.professionalId)
  const professionals = [...report.professionals]
    .filter((p) => p.appointments > 0 || p.revenue > 0)
    .sort((a, b) => b.revenue - a.revenue || a.name.localeCompare(b.name, 'pt-BR'))
  const services = serviceItems(report)
  const completed = c.completed > 0
  const topService = services[0]
  const topMethod = [...report.paymentMethods].sort((a, b) => b.revenue - a.revenue)[0]
  return (
    <>
      <HeadlineFigures report={report} />

      <ReportSection
        title="Mais números do período"
        summary={`${countLabel(c.appointments, 'agendamento', 'agendamentos')} · ${countLabel(c.clientsServed, 'cliente atendido', 'clientes atendidos')}`}
      >
        <MoreFigures report={report} />
      </ReportSection>

      {/* One day is one point: the figures above say it all. */}
      {report.revenue.length > 1 && (
        <ReportSection title={BUCKET_TITLES[report.bucket]} summary="O faturamento ao longo do período">
          <RevenueChart report={report} />
        </ReportSection>
      )}

      <ReportSection
        title={one ? 'Faturamento por serviço' : 'Faturamento por serviço e profissional'}
        summary={topService && completed ? `O que mais rendeu: ${topService.name}` : 'O que mais rendeu'}
      >
        <div className={cn('grid grid-cols-1 gap-5', !one && 'lg:grid-cols-2')}>
          <ChartCard title="Por serviço">
            {services.length > 0 ? (
              <RankBars items={services} caption="Faturamento por serviço" nameHead="Serviço" />
            ) : (
              <NoData>Nenhum atendimento concluído no período.</NoData>
            )}
          </ChartCard>
          {!one && (
            <ChartCard title="Por profissional">
              {completed && professionals.length > 0 ? (
                <RankBars items={professionals} caption="Faturamento por profissional" nameHead="Profissional" />
              ) : (
                <NoData>Nenhum atendimento concluído no período.</NoData>
              )}
            </ChartCard>
          )}
        </div>
      </ReportSection>

      <ReportSection
        title="Clientes"
        summary={
          c.newClients > 0
            ? `${countLabel(c.newClients, 'cliente novo', 'clientes novos')} e quantos voltaram`
            : 'Nenhum cliente novo no período'
        }
      >
        <ClientReturns report={report} />
      </ReportSection>

      <ReportSection title="Agenda" summary="Situação dos horários, quem marcou e os mais movimentados">
        <BookingsBreakdown report={report} allProfessionals={!one} />
        <ChartCard title="Horários mais movimentados" description="Agendamentos pela hora de início">
          <Heatmap cells={report.heatmap} />
        </ChartCard>
      </ReportSection>

      <ReportSection
        title="Formas de pagamento"
        summary={topMethod && topMethod.revenue > 0 ? `A mais usada: ${methodLabel(topMethod.method)}` : 'Como os clientes pagaram'}
      >
        <PaymentDonut methods={report.paymentMethods} />
      </ReportSection>

      <ReportSection title="Comissões por profissional" summary={`${formatBRL(c.commission)} no total`}>
        {report.professionals.length > 0 ? (
          <CommissionsTable professionals={report.professionals} professionalsPath={professionalsPath} />
        ) : (
          <NoData>Nenhum profissional com agendamentos no período.</NoData>
        )}
      </ReportSection>

      <ReportSection title="Exportar e imprimir" summary="Planilhas para o Excel ou o Google Planilhas, ou um PDF" className="rp-noprint">
        <ExportActions query={query} onPrint={onPrint} />
      </ReportSection>
    </>
  )
}

/**
 * ReportsPage is Relatórios. The app gives it the professionals to choose from, the store's name
 * for the printed heading, and the list of clients to bring back (`reactivation`).
 */
export function ReportsPage({
  professionals,
  storeName,
  reactivation,
  professionalsPath,
  agendaPath,
}: {
  professionals: readonly ProfessionalOption[] | undefined
  storeName?: string
  reactivation?: ReactNode
  professionalsPath: string
  agendaPath: string
}) {
  const [filters, setFilters] = useReportFilters()
  const [printing, print] = usePrinting()
  const { query, data, updating, isPending, error, retry } = useReport(filters)
  const invalid = isApiError(error) && error.status === 422 ? error : null
  const periodErrors: PeriodErrors = invalid ? { from: invalid.fields.from, to: invalid.fields.to } : {}
  const professional = filters.professionalId
    ? (professionals?.find((p) => p.id === filters.professionalId)?.name ?? data?.professionals[0]?.name)
    : undefined

  let body: ReactNode
  if (invalid?.fields.professionalId) {
    body = (
      <Problem
        message={invalid.message}
        action={
          <Button variant="outline" size="sm" className="mt-2 w-fit" onClick={() => setFilters({ ...filters, professionalId: undefined })}>
            Ver todos os profissionais
          </Button>
        }
      />
    )
  } else if (invalid) {
    body = <Problem message={invalid.message} />
  } else if (error) {
    body = (
      <Problem
        message="Não foi possível carregar o relatório."
        action={
          <Button variant="outline" size="sm" className="mt-2 w-fit" onClick={retry}>
            <RefreshCwIcon aria-hidden="true" />
            Tentar novamente
          </Button>
        }
      />
    )
  } else if (filters.period === 'custom' && query === null) {
    body = <p className="text-sm text-muted-foreground">Escolha o primeiro e o último dia do período e toque em Aplicar.</p>
  } else if (isPending || !data || !query) {
    body = <ReportSkeleton />
  } else {
    const exportQuery: ReportQuery = { from: data.from, to: data.to, professionalId: query.professionalId }
    const length = days(data.from, data.to)
    body = (
      <div aria-busy={updating || undefined} className={cn('grid grid-cols-1 gap-5 transition-opacity', updating && 'opacity-60')}>
        <header className="grid grid-cols-1 gap-1">
          <p className="rp-print-only text-sm font-medium">Relatório{storeName ? ` · ${storeName}` : ''}</p>
          <h2 className="text-xl font-semibold tracking-tight">{periodTitle(data.from, data.to)}</h2>
          <p className="text-sm text-muted-foreground">
            {professional ?? 'Todos os profissionais'} · {countLabel(length, 'dia', 'dias')},{' '}
            {length === 1 ? 'comparado com' : 'comparados com'} {periodTitle(data.previousFrom, data.previousTo)}
          </p>
        </header>
        <ReportBody
          report={data}
          query={exportQuery}
          professionalsPath={professionalsPath}
          agendaPath={agendaPath}
          onPrint={print}
        />
      </div>
    )
  }

  return (
    <PrintingContext value={printing}>
      <div className="grid grid-cols-1 gap-5">
        <PeriodFilter
          filters={filters}
          onChange={setFilters}
          professionals={professionals}
          shown={data ? { from: data.from, to: data.to } : null}
          errors={periodErrors}
        />
        {body}
        {reactivation && (
          <ReportSection
            title="Clientes para reativar"
            summary="Quem não volta há um tempo, com mensagem pronta"
            className="rp-noprint"
          >
            {reactivation}
          </ReportSection>
        )}
      </div>
    </PrintingContext>
  )
}

/** days counts the days of a period, both ends included. */
function days(from: string, to: string) {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
}

/**
 * usePrinting opens every section for paper: from 'Imprimir', which waits for the charts to be
 * drawn before the print dialog, and from the browser's own print (Ctrl+P), which cannot wait.
 */
function usePrinting() {
  const [printing, setPrinting] = useState(false)
  useEffect(() => {
    const before = () => flushSync(() => setPrinting(true))
    const after = () => setPrinting(false)
    window.addEventListener('beforeprint', before)
    window.addEventListener('afterprint', after)
    return () => {
      window.removeEventListener('beforeprint', before)
      window.removeEventListener('afterprint', after)
    }
  }, [])
  const print = () => {
    setPrinting(true)
    // recharts draws once it has measured its box: give the opened charts a moment.
    window.setTimeout(() => window.print(), PRINT_SETTLE_MS)
  }
  return [printing, print] as const
}

const PRINT_SETTLE_MS = 400
