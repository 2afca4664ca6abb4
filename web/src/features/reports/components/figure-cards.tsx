import type { ReactNode } from 'react'

import { countLabel, formatDuration, formatPercent } from '@/lib/format'
import { formatBRL } from '@/lib/money'
import { cn } from '@/lib/utils'

import type { Report, ReportFigures } from '../api/get-report'
import { type Change, pointsChange, relativeChange } from '../utils/figures'
import { shortRange } from '../utils/period'

// The period's figures as cards, each with how it moved against the period before.

const TONES = { good: 'text-success', bad: 'text-destructive', neutral: 'text-muted-foreground' } as const

/** ChangeLine: "↑ 12% vs. 13/10 a 31/10", read aloud as "alta de 12% em relação a 13/10 a 31/10". */
export function ChangeLine({ change, compare }: { change: Change; compare: string }) {
  if (change.kind === 'none') return null
  if (change.kind === 'no-base') {
    return <p className="text-xs text-muted-foreground">sem base de comparação</p>
  }
  return (
    <p className="text-xs text-muted-foreground">
      <span aria-hidden="true" className={cn('font-semibold whitespace-nowrap', TONES[change.tone])}>
        {change.text}
      </span>
      <span className="sr-only">{change.spoken}</span> <span className="whitespace-nowrap">vs. {compare}</span>
    </p>
  )
}

function FigureCard({
  title,
  value,
  change,
  compare,
  help,
  className,
  big = false,
  children,
}: {
  title: string
  /** The headline figure, larger. */
  big?: boolean
  value: ReactNode
  change?: Change
  compare: string
  help?: string
  className?: string
  children?: ReactNode
}) {
  return (
    <section aria-label={title} className={cn('rp-figure min-w-0 rounded-xl border bg-card p-4 shadow-xs', className)}>
      <h3 className="text-sm font-medium text-muted-foreground">{title}</h3>
      <p className={cn('font-semibold tracking-tight whitespace-nowrap tabular-nums', big ? 'text-2xl' : 'text-xl')}>{value}</p>
      <div>{change && <ChangeLine change={change} compare={compare} />}</div>
      <div className="flex flex-col gap-1">
        {children}
        {help && <p className="mt-auto pt-1 text-xs text-muted-foreground">{help}</p>}
      </div>
    </section>
  )
}

function Detail({ children }: { children: ReactNode }) {
  return <p className="text-xs text-foreground">{children}</p>
}

const rate = (value: number | null) => (value === null ? '—' : formatPercent(value))

/** hours: 5760 minutes → "96h"; under an hour "45 min". */
const hours = (minutes: number) => formatDuration(minutes)

/**
 * HeadlineFigures are the three figures an owner checks first: what came in, how many were
 * served, and who did not come.
 */
export function HeadlineFigures({ report }: { report: Report }) {
  const { current: c, previous: p } = report
  const compare = shortRange(report.previousFrom, report.previousTo, report.today)
  const expected = c.completed + c.noShow
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
      <FigureCard
        title="Faturamento"
        value={formatBRL(c.revenue)}
        change={relativeChange(c.revenue, p.revenue, 'more-is-better')}
        compare={compare}
        className="col-span-2 lg:col-span-1"
        big
      >
        {c.averageTicket !== null && <Detail>Em média {formatBRL(c.averageTicket)} por atendimento</Detail>}
      </FigureCard>
      <FigureCard
        title="Atendimentos"
        value={c.completed.toLocaleString('pt-BR')}
        change={relativeChange(c.completed, p.completed, 'more-is-better')}
        compare={compare}
      >
        <Detail>de {countLabel(c.appointments, 'marcado', 'marcados')}</Detail>
      </FigureCard>
      <FigureCard
        title="Faltas"
        value={c.noShow.toLocaleString('pt-BR')}
        change={relativeChange(c.noShow, p.noShow, 'less-is-better')}
        compare={compare}
      >
        {expected > 0 && (
          <Detail>
            de {countLabel(expected, 'esperado', 'esperados')} ({rate(c.noShowRate)})
          </Detail>
        )}
      </FigureCard>
    </div>
  )
}

/** MoreFigures are the period's other figures, each said in words. */
export function MoreFigures({ report }: { report: Report }) {
  const { current: c, previous: p } = report
  const compare = shortRange(report.previousFrom, report.previousTo, report.today)
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
      <FigureCard
        title="Agendamentos"
        value={c.appointments.toLocaleString('pt-BR')}
        change={relativeChange(c.appointments, p.appointments, 'more-is-better')}
        compare={compare}
        help="Todos os horários marcados no período"
      />
      <FigureCard
        title="Ticket médio"
        value={c.averageTicket === null ? '—' : formatBRL(c.averageTicket)}
        change={c.averageTicket === null ? { kind: 'none' } : relativeChange(c.averageTicket, p.averageTicket ?? 0, 'more-is-better')}
        compare={compare}
        help="Quanto rendeu, em média, cada atendimento"
      />
      <FigureCard
        title="Cancelamentos"
        value={rate(c.cancellationRate)}
        change={pointsChange(c.cancellationRate, p.cancellationRate, 'less-is-better')}
        compare={compare}
      >
        {c.appointments > 0 && (
          <Detail>
            {countLabel(c.cancelled, 'cancelado', 'cancelados')} de {countLabel(c.appointments, 'agendamento', 'agendamentos')}
          </Detail>
        )}
      </FigureCard>
      <FigureCard
        title="Agenda ocupada"
        value={rate(c.occupancy)}
        change={pointsChange(c.occupancy, p.occupancy, 'more-is-better')}
        compare={compare}
        help="Das horas em que a equipe atende, quanto tinha cliente marcado"
      >
        {c.openMinutes > 0 && (
          <Detail>
            {hours(c.bookedMinutes)} com clientes de {hours(c.openMinutes)}
          </Detail>
        )}
      </FigureCard>
      <FigureCard
        title="Clientes atendidos"
        value={c.clientsServed.toLocaleString('pt-BR')}
        change={relativeChange(c.clientsServed, p.clientsServed, 'more-is-better')}
        compare={compare}
      >
        <Detail>
          {countLabel(c.newClients, 'novo', 'novos')} e {c.returningClients.toLocaleString('pt-BR')}{' '}
          {c.returningClients === 1 ? 'que já tinha vindo' : 'que já tinham vindo'}
        </Detail>
      </FigureCard>
      <FigureCard
        title="Comissões"
        value={formatBRL(c.commission)}
        change={relativeChange(c.commission, p.commission, 'neutral')}
        compare={compare}
        help="O que a equipe recebe, pelo percentual de cada profissional"
      />
    </div>
  )
}

const STATUS_ROWS: readonly { key: keyof ReportFigures; label: string; colour: string }[] = [
  { key: 'completed', label: 'Concluídos', colour: 'bg-success' },
  { key: 'confirmed', label: 'Confirmados', colour: 'bg-primary' },
  { key: 'scheduled', label: 'Agendados', colour: 'bg-sky-500' },
  { key: 'noShow', label: 'Faltaram', colour: 'bg-amber-500' },
  { key: 'cancelled', label: 'Cancelados', colour: 'bg-muted-foreground' },
]

/** Split is a bar cut in the shares of its parts, with a legend that says each part's count. */
function Split({ label, parts }: { label: string; parts: { label: string; value: number; colour: string }[] }) {
  const total = parts.reduce((n, part) => n + part.value, 0)
  return (
    <div className="grid grid-cols-1 gap-3">
      <div aria-hidden="true" className="rp-bar flex overflow-hidden rounded-full bg-muted">
        {total > 0 &&
          parts.map((part) =>
            part.value > 0 ? <span key={part.label} className={part.colour} style={{ width: `${(part.value / total) * 100}%` }} /> : null,
          )}
      </div>
      <ul aria-label={label} className="grid grid-cols-1 gap-1.5 text-sm">
        {parts.map((part) => (
          <li key={part.label} className="flex items-center gap-2">
            <span aria-hidden="true" className={cn('size-3 shrink-0 rounded-full', part.colour)} />
            <span className="min-w-0 flex-1">{part.label}</span>
            <span className="font-medium tabular-nums">{part.value.toLocaleString('pt-BR')}</span>
            <span className="w-12 text-right text-xs text-muted-foreground tabular-nums">
              {total > 0 ? formatPercent(part.value / total) : '—'}
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
}

function DetailCard({ title, help, children }: { title: string; help?: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex min-w-0 flex-col gap-3">
      <div>
        <h3 className="text-base font-semibold">{title}</h3>
        {help && <p className="mt-0.5 text-xs text-muted-foreground">{help}</p>}
      </div>
      {children}
    </section>
  )
}

/** BookingsBreakdown splits the appointments by status and by who booked them. */
export function BookingsBreakdown({ report, allProfessionals }: { report: Report; allProfessionals: boolean }) {
  const { current: c, previous: p } = report
  const compare = shortRange(report.previousFrom, report.previousTo, report.today)
  return (
    <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
      <DetailCard title="Agendamentos por situação" help="Como está hoje cada horário marcado no período">
        <Split
          label="Agendamentos por situação"
          parts={STATUS_ROWS.map((s) => ({ label: s.label, value: c[s.key] as number, colour: s.colour }))}
        />
      </DetailCard>

      <DetailCard title="Quem marcou" help="O salão ou o próprio cliente, pela sua página">
        <Split
          label="Quem marcou"
          parts={[
            { label: 'O salão', value: c.ownerBookings, colour: 'bg-primary' },
            { label: 'O cliente, pela sua página', value: c.publicBookings, colour: 'bg-sky-500' },
          ]}
        />
        <div className="rounded-lg bg-muted/50 p-3 text-sm">
          <p className="font-medium">Sua página</p>
          <p className="mt-0.5">
            {countLabel(c.storeVisits, 'visita', 'visitas')} e {countLabel(c.publicBookings, 'agendamento', 'agendamentos')} feitos
            por ela
            {c.visitConversion !== null && c.visitConversion <= 1 && (
              <>
                : <strong className="font-semibold">{formatPercent(c.visitConversion)}</strong> das visitas viraram horário marcado
              </>
            )}
          </p>
          <ChangeLine change={pointsChange(c.visitConversion, p.visitConversion, 'more-is-better')} compare={compare} />
          {!allProfessionals && <p className="mt-1 text-xs text-muted-foreground">As visitas são de toda a loja.</p>}
        </div>
      </DetailCard>
    </div>
  )
}

/** ClientReturns follows the period's new clients: how many came back within 30, 60 and 90 days. */
export function ClientReturns({ report }: { report: Report }) {
  const { current: c, previous: p } = report
  const compare = shortRange(report.previousFrom, report.previousTo, report.today)
  return (
    <DetailCard
      title="Clientes novos que voltaram"
      help="Dos clientes que vieram pela primeira vez no período, quantos voltaram depois (conta quem já passou do prazo)"
    >
      <ul className="grid grid-cols-1 divide-y text-sm">
        {c.returns.map((r) => {
          const before = p.returns.find((b) => b.days === r.days)
          return (
            <li key={r.days} className="grid grid-cols-[auto_1fr] items-start gap-x-3 py-2 first:pt-0 last:pb-0">
              <span className="pt-1 font-medium whitespace-nowrap">Em {r.days} dias</span>
              <span className="min-w-0">
                <span className="text-lg font-semibold tabular-nums">{rate(r.rate)}</span>{' '}
                <span className="text-xs text-muted-foreground">
                  {r.clients > 0
                    ? `${r.returned.toLocaleString('pt-BR')} de ${countLabel(r.clients, 'cliente', 'clientes')}`
                    : c.newClients > 0
                      ? 'o prazo ainda não passou'
                      : 'nenhum cliente novo'}
                </span>
                <ChangeLine change={pointsChange(r.rate, before?.rate ?? null, 'more-is-better')} compare={compare} />
              </span>
            </li>
          )
        })}
      </ul>
    </DetailCard>
  )
}
