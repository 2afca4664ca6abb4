import type { ReactNode } from 'react'

import { countLabel, formatBRL, formatDuration, formatPercent } from '@/lib/format'
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

/** FigureCards are the eight headline figures. */
export function FigureCards({ report }: { report: Report }) {
  const { current: c, previous: p } = report
  const compare = shortRange(report.previousFrom, report.previousTo, report.today)
  const expected = c.completed + c.noShow
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <FigureCard
        title="Faturamento"
        value={formatBRL(c.revenue)}
        change={relativeChange(c.revenue, p.revenue, 'more-is-better')}
        compare={compare}
        className="col-span-2 lg:col-span-1"
        big
      >
        <Detail>{countLabel(c.completed, 'atendimento concluído', 'atendimentos concluídos')}</Detail>
      </FigureCard>
      <FigureCard
        title="Agendamentos"
        value={c.appointments.toLocaleString('pt-BR')}
        change={relativeChange(c.appointments, p.appointments, 'more-is-better')}
        compare={compare}
      />
      <FigureCard
        title="Ticket médio"
        value={c.averageTicket === null ? '—' : formatBRL(c.averageTicket)}
        change={c.averageTicket === null ? { kind: 'none' } : relativeChange(c.averageTicket, p.averageTicket ?? 0, 'more-is-better')}
        compare={compare}
        help="Faturamento ÷ atendimentos concluídos"
      />
      <FigureCard
        title="Comissões"
        value={formatBRL(c.commission)}
        change={relativeChange(c.commission, p.commission, 'neutral')}
        compare={compare}
        className="col-span-2 lg:col-span-1"
        help="Valor dos atendimentos × percentual de cada profissional"
      />
      <FigureCard
        title="Taxa de faltas"
        value={rate(c.noShowRate)}
        change={pointsChange(c.noShowRate, p.noShowRate, 'less-is-better')}
        compare={compare}
        help="Faltas ÷ (concluídos + faltas)"
      >
        {expected > 0 && (
          <Detail>
            {countLabel(c.noShow, 'falta', 'faltas')} em {countLabel(expected, 'atendimento previsto', 'atendimentos previstos')}
          </Detail>
        )}
      </FigureCard>
      <FigureCard
        title="Taxa de cancelamento"
        value={rate(c.cancellationRate)}
        change={pointsChange(c.cancellationRate, p.cancellationRate, 'less-is-better')}
        compare={compare}
        help="Cancelados ÷ todos os agendamentos"
      >
        {c.appointments > 0 && (
          <Detail>
            {countLabel(c.cancelled, 'cancelado', 'cancelados')} de {countLabel(c.appointments, 'agendamento', 'agendamentos')}
          </Detail>
        )}
      </FigureCard>
      <FigureCard
        title="Ocupação"
        value={rate(c.occupancy)}
        change={pointsChange(c.occupancy, p.occupancy, 'more-is-better')}
        compare={compare}
        help="Tempo agendado ÷ tempo disponível (horários da loja e dos profissionais, menos bloqueios)"
      >
        {c.openMinutes > 0 && (
          <Detail>
            {hours(c.bookedMinutes)} agendadas de {hours(c.openMinutes)}
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
          {countLabel(c.newClients, 'novo', 'novos')} × {countLabel(c.returningClients, 'recorrente', 'recorrentes')}
        </Detail>
      </FigureCard>
    </div>
  )
}

const STATUS_ROWS: readonly { key: keyof ReportFigures; label: string; colour: string }[] = [
  { key: 'completed', label: 'Concluídos', colour: 'bg-success' },
  { key: 'confirmed', label: 'Confirmados', colour: 'bg-primary' },
  { key: 'scheduled', label: 'Agendados', colour: 'bg-sky-500' },
  { key: 'noShow', label: 'Não compareceram', colour: 'bg-amber-500' },
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
    <section aria-label={title} className="flex min-w-0 flex-col gap-3 rounded-xl border bg-card p-4 shadow-xs sm:p-5">
      <div>
        <h3 className="text-base font-semibold">{title}</h3>
        {help && <p className="mt-0.5 text-xs text-muted-foreground">{help}</p>}
      </div>
      {children}
    </section>
  )
}

/** DetailCards split the appointments by status, follow the new clients and say where bookings come from. */
export function DetailCards({ report, allProfessionals }: { report: Report; allProfessionals: boolean }) {
  const { current: c, previous: p } = report
  const compare = shortRange(report.previousFrom, report.previousTo, report.today)
  return (
    <div className="grid grid-cols-1 gap-3 lg:grid-cols-3">
      <DetailCard title="Agendamentos por situação" help="Todos os agendamentos do período, pela situação de hoje">
        <Split
          label="Agendamentos por situação"
          parts={STATUS_ROWS.map((s) => ({ label: s.label, value: c[s.key] as number, colour: s.colour }))}
        />
      </DetailCard>

      <DetailCard
        title="Retorno de clientes novos"
        help="Dos clientes que vieram pela primeira vez no período, quantos voltaram em até 30, 60 e 90 dias (conta quem já completou o prazo)"
      >
        <ul className="grid grid-cols-1 divide-y text-sm">
          {c.returns.map((r) => {
            const before = p.returns.find((b) => b.days === r.days)
            return (
              <li key={r.days} className="grid grid-cols-[auto_1fr] items-start gap-x-3 py-2 first:pt-0 last:pb-0">
                <span className="w-16 pt-1 font-medium">{r.days} dias</span>
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

      <DetailCard title="Origem dos agendamentos" help="Feitos pelo salão × pelos clientes na página pública">
        <Split
          label="Origem dos agendamentos"
          parts={[
            { label: 'Salão', value: c.ownerBookings, colour: 'bg-primary' },
            { label: 'Página pública', value: c.publicBookings, colour: 'bg-sky-500' },
          ]}
        />
        <div className="rounded-lg bg-muted/50 p-3 text-sm">
          <p className="font-medium">Visitas → agendamentos</p>
          <p className="mt-0.5 tabular-nums">
            {countLabel(c.storeVisits, 'visita', 'visitas')} → {countLabel(c.publicBookings, 'agendamento', 'agendamentos')}
            {c.visitConversion !== null && <strong className="font-semibold"> ({formatPercent(c.visitConversion)})</strong>}
          </p>
          <ChangeLine change={pointsChange(c.visitConversion, p.visitConversion, 'more-is-better')} compare={compare} />
          <p className="mt-1 text-xs text-muted-foreground">
            Agendamentos pela página ÷ visitas às páginas da loja{allProfessionals ? '' : ' (as visitas são de toda a loja)'}
          </p>
        </div>
      </DetailCard>
    </div>
  )
}
