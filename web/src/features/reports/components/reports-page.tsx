import './reports.css'

import { AlertCircleIcon, CalendarX2Icon, RefreshCwIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

import { Alert, AlertDescription } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { isApiError } from '@/lib/api-client'
import { countLabel } from '@/lib/format'
import { cn } from '@/lib/utils'

import type { Report, ReportQuery } from '../api/get-report'
import { useReport, useReportFilters } from '../hooks/use-report'
import { BUCKET_TITLES } from '../utils/chart-labels'
import { periodTitle } from '../utils/period'

import { ChartCard, NoData, PaymentDonut, RankBars, type RankItem, RevenueChart } from './charts'
import { CommissionsTable } from './commissions'
import { ExportActions } from './export-actions'
import { DetailCards, FigureCards } from './figure-cards'
import { Heatmap } from './heatmap'
import { type PeriodErrors, PeriodFilter, type ProfessionalOption } from './period-filter'

// Relatórios: a period's figures beside the period before, the charts behind them, the
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
}: {
  report: Report
  query: ReportQuery
  professionalsPath: string
  agendaPath: string
}) {
  if (report.current.appointments === 0) return <EmptyPeriod agendaPath={agendaPath} />
  const one = Boolean(query.professionalId)
  const professionals = [...report.professionals]
    .filter((p) => p.appointments > 0 || p.revenue > 0)
    .sort((a, b) => b.revenue - a.revenue || a.name.localeCompare(b.name, 'pt-BR'))
  const services = serviceItems(report)
  const completed = report.current.completed > 0
  return (
    <>
      <FigureCards report={report} />
      <DetailCards report={report} allProfessionals={!one} />

      {/* One day is one point: the figures above say it all. */}
      {report.revenue.length > 1 && (
        <ChartCard title={BUCKET_TITLES[report.bucket]} description="Atendimentos concluídos, pela data do agendamento">
          <RevenueChart report={report} />
        </ChartCard>
      )}

      <div className={cn('grid grid-cols-1 gap-5', !one && 'lg:grid-cols-2')}>
        {!one && (
          <ChartCard title="Faturamento por profissional">
            {completed && professionals.length > 0 ? (
              <RankBars items={professionals} caption="Faturamento por profissional" nameHead="Profissional" />
            ) : (
              <NoData>Nenhum atendimento concluído no período.</NoData>
            )}
          </ChartCard>
        )}
        <ChartCard title="Faturamento por serviço">
          {services.length > 0 ? (
            <RankBars items={services} caption="Faturamento por serviço" nameHead="Serviço" />
          ) : (
            <NoData>Nenhum atendimento concluído no período.</NoData>
          )}
        </ChartCard>
      </div>

      <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
        <ChartCard title="Formas de pagamento" description="Faturamento dos atendimentos concluídos">
          <PaymentDonut methods={report.paymentMethods} />
        </ChartCard>
        <ChartCard title="Horários mais movimentados" description="Agendamentos pela hora de início">
          <Heatmap cells={report.heatmap} />
        </ChartCard>
      </div>

      <ChartCard title="Comissões por profissional" description="Sobre os atendimentos concluídos, com o percentual de cada um">
        {report.professionals.length > 0 ? (
          <CommissionsTable professionals={report.professionals} professionalsPath={professionalsPath} />
        ) : (
          <NoData>Nenhum profissional com agendamentos no período.</NoData>
        )}
      </ChartCard>

      <ChartCard title="Exportar e imprimir" description="Planilhas do período (CSV) para abrir no Excel ou no Google Planilhas" className="rp-noprint">
        <ExportActions query={query} />
      </ChartCard>
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
          <p className="text-xs text-muted-foreground">
            Valores: preço dos atendimentos concluídos, pela data do agendamento, no fuso da loja ({data.timeZone}).
          </p>
        </header>
        <ReportBody report={data} query={exportQuery} professionalsPath={professionalsPath} agendaPath={agendaPath} />
      </div>
    )
  }

  return (
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
        <ChartCard
          title="Clientes para reativar"
          description="Quem não volta há um tempo e não tem horário marcado. Cada um já vem com uma mensagem pronta."
          className="rp-noprint"
        >
          {reactivation}
        </ChartCard>
      )}
    </div>
  )
}

/** days counts the days of a period, both ends included. */
function days(from: string, to: string) {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
}
