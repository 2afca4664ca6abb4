import {
  ArrowRightIcon,
  BellRingIcon,
  CalendarCheckIcon,
  CalendarClockIcon,
  CalendarRangeIcon,
  CircleDollarSignIcon,
  GaugeIcon,
  type LucideIcon,
  UsersIcon,
} from 'lucide-react'
import { Link } from 'react-router'

import { LoadError } from '@/components/layout/load-error'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Progress } from '@/components/ui/progress'
import { Skeleton } from '@/components/ui/skeleton'
import { paths } from '@/config/paths'
import { dayMonth, weekdayShort } from '@/lib/dates'
import { countLabel } from '@/lib/format'
import { formatBRL } from '@/lib/money'
import { cn } from '@/lib/utils'

import type { Appointment } from '../api/get-appointments'
import { type PlanUsage, useDashboard } from '../api/get-dashboard'
import { findProfessional, findService, useCatalog } from './catalog-context'
import { ReminderButton } from './reminder-button'
import { StatusActions } from './status-actions'
import { StatusBadge } from './status-badge'

// The dashboard home's agenda sections (issue 4): today, tomorrow's reminders, the figures.
// They read GET /api/v1/dashboard and need the CatalogContext for names.

const agendaPath = (date: string) => `${paths.dashboard.appointments.path}?view=day&date=${date}`

/**
 * Row is one appointment on the home page: the name gets two lines before it is cut (a 14-character
 * cut hid who was coming), and every action says what it does in words (issue 23).
 */
function Row({
  appointment: a,
  reminder = false,
  visit,
}: {
  appointment: Appointment
  reminder?: boolean
  /** The services of a's visit, when it has several: the reminder names them all. */
  visit?: Appointment[]
}) {
  const catalog = useCatalog()
  const service = findService(catalog, a.serviceId)?.name ?? 'Serviço excluído'
  const professional = findProfessional(catalog, a.professionalId)?.name ?? 'Profissional excluído'
  return (
    <li
      aria-label={a.clientName}
      className={cn(
        'flex flex-col gap-2 py-3 transition-opacity duration-300 first:pt-0 last:pb-0',
        a.isDeleted && 'line-through opacity-50',
      )}
    >
      <div className="flex min-w-0 items-start gap-3">
        <span className="w-12 shrink-0 text-sm font-semibold tabular-nums">{a.time}</span>
        <div className="min-w-0 flex-1">
          <p className="line-clamp-2 font-medium break-words" title={a.clientName}>
            {a.clientName}
          </p>
          <p className="line-clamp-2 text-sm break-words text-muted-foreground">
            {service} · {professional}
          </p>
          {/* Under the name, not beside it: on a phone the name keeps the row's width. */}
          <StatusBadge status={a.status} className="mt-1.5" />
        </div>
      </div>
      <div>
        {reminder ? <ReminderButton appointment={a} visit={visit} /> : <StatusActions appointment={a} />}
      </div>
    </li>
  )
}

function PanelSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-3" aria-busy="true">
      <Skeleton className="h-12" />
      <Skeleton className="h-12" />
    </div>
  )
}

/** TodayPanel: today's appointments in time order, with professional, status and one-tap changes. */
export function TodayPanel({ className }: { className?: string }) {
  const { data, isPending, isError, error, refetch } = useDashboard()
  return (
    <Card className={className}>
      <CardHeader className="grid-cols-[1fr_auto] items-center">
        <div className="grid grid-cols-1 gap-1">
          <CardTitle>Agenda de hoje</CardTitle>
          <CardDescription>
            {data ? countLabel(data.todayAppointments.length, 'agendamento', 'agendamentos') : 'Carregando…'}
          </CardDescription>
        </div>
        <Button variant="link" asChild>
          <Link to={data ? agendaPath(data.today) : paths.dashboard.appointments.path}>
            Ver agenda
            <ArrowRightIcon aria-hidden="true" />
          </Link>
        </Button>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <PanelSkeleton />
        ) : isError ? (
          <LoadError error={error} onRetry={() => void refetch()} what="a agenda de hoje" />
        ) : data.todayAppointments.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {data.usage.count === 0
              ? 'Sua agenda ainda está vazia. Os agendamentos que você fizer e os que os clientes marcarem pela sua página aparecem aqui.'
              : 'Nenhum agendamento para hoje.'}
          </p>
        ) : (
          <ul className="divide-y">
            {data.todayAppointments.map((a) => (
              <Row key={a.id} appointment={a} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

/** TomorrowReminders: tomorrow's appointments with their WhatsApp reminder, remembering the sent ones. */
export function TomorrowReminders({ className }: { className?: string }) {
  const { data, isPending, isError, error, refetch } = useDashboard()
  const open = data?.tomorrowAppointments.filter((a) => a.status === 'scheduled' || a.status === 'confirmed') ?? []
  // One reminder per visit: its first service's, naming them all.
  const items = open.filter((a, i) => !a.visitId || open.findIndex((b) => b.visitId === a.visitId) === i)
  const visitOf = (a: Appointment) => (a.visitId ? open.filter((b) => b.visitId === a.visitId) : undefined)
  const sent = items.filter((a) => a.reminderSentAt !== null).length
  return (
    <Card className={className}>
      <CardHeader className="grid-cols-[1fr_auto] items-center">
        <div className="grid grid-cols-1 gap-1">
          <CardTitle className="flex items-center gap-2">
            <BellRingIcon className="size-4 text-primary" aria-hidden="true" />
            Lembretes de amanhã
          </CardTitle>
          <CardDescription>
            {!data
              ? 'Carregando…'
              : items.length === 0
                ? 'Nenhum agendamento para amanhã.'
                : `${sent} de ${countLabel(items.length, 'lembrete enviado', 'lembretes enviados')}`}
          </CardDescription>
        </div>
      </CardHeader>
      {(isPending || isError || items.length > 0) && (
        <CardContent>
          {isPending ? (
            <PanelSkeleton />
          ) : isError ? (
            <LoadError error={error} onRetry={() => void refetch()} what="os agendamentos de amanhã" />
          ) : (
            <ul className="divide-y">
              {items.map((a) => (
                <Row key={a.id} appointment={a} reminder visit={visitOf(a)} />
              ))}
            </ul>
          )}
        </CardContent>
      )}
    </Card>
  )
}

function Figure({ label, value, icon: Icon, hint }: { label: string; value: string; icon: LucideIcon; hint?: string }) {
  return (
    <div className="flex flex-col gap-2 rounded-xl border bg-card p-4 shadow-xs">
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm text-muted-foreground">{label}</span>
        <Icon className="size-4 text-primary" aria-hidden="true" />
      </div>
      <span className="text-2xl font-semibold tracking-tight tabular-nums">{value}</span>
      {hint && <span className="text-xs text-muted-foreground">{hint}</span>}
    </div>
  )
}

function usageText(u: PlanUsage) {
  if (u.unlimited) return { value: 'Ilimitado', hint: `${countLabel(u.count, 'agendamento', 'agendamentos')} no Premium` }
  return {
    value: `${u.count.toLocaleString('pt-BR')} de ${u.limit.toLocaleString('pt-BR')}`,
    hint:
      u.remaining === 0
        ? 'Limite do plano gratuito atingido'
        : `${u.remaining === 1 ? 'Resta' : 'Restam'} ${countLabel(u.remaining, 'agendamento', 'agendamentos')}`,
  }
}

/**
 * DashboardCards: appointments today and this week, this month's revenue (completed), clients,
 * completion rate, the plan's usage and the next 7 days.
 */
export function DashboardCards({ className }: { className?: string }) {
  const { data, isPending, isError, error, refetch } = useDashboard()
  if (isPending) {
    return (
      <div className={cn('grid grid-cols-2 gap-3 lg:grid-cols-3', className)} aria-busy="true">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} className="h-28 rounded-xl" />
        ))}
      </div>
    )
  }
  if (isError) return <LoadError error={error} onRetry={() => void refetch()} what="os números da loja" />
  const usage = usageText(data.usage)
  const max = Math.max(1, ...data.nextDays.map((d) => d.count))
  return (
    <div className={cn('grid grid-cols-1 gap-3 lg:gap-4', className)}>
      <section aria-label="Resumo" className="grid grid-cols-2 gap-3 lg:grid-cols-3 lg:gap-4">
        <Figure label="Hoje" value={data.todayCount.toLocaleString('pt-BR')} icon={CalendarCheckIcon} hint="agendamentos" />
        <Figure label="Esta semana" value={data.weekCount.toLocaleString('pt-BR')} icon={CalendarRangeIcon} hint="agendamentos" />
        <Figure label="Faturamento do mês" value={formatBRL(data.monthRevenue)} icon={CircleDollarSignIcon} hint="atendimentos concluídos" />
        <Figure label="Clientes" value={data.clients.toLocaleString('pt-BR')} icon={UsersIcon} />
        <Figure label="Taxa de conclusão" value={`${data.completionRate}%`} icon={GaugeIcon} />
        <div className="flex flex-col gap-2 rounded-xl border bg-card p-4 shadow-xs">
          <div className="flex items-center justify-between gap-2">
            <span className="text-sm text-muted-foreground">Uso do plano</span>
            <CalendarClockIcon className="size-4 text-primary" aria-hidden="true" />
          </div>
          <span className="text-2xl font-semibold tracking-tight tabular-nums">{usage.value}</span>
          {!data.usage.unlimited && <Progress value={data.usage.progress} aria-label="Uso do plano" />}
          <span className="text-xs text-muted-foreground">{usage.hint}</span>
        </div>
      </section>
      {data.nextDays.length > 0 && (
        // On a phone the bars take the card's side padding and gaps, so each is a 44 px target.
        <section aria-labelledby="next-days" className="rounded-xl border bg-card px-1 pt-4 pb-2 shadow-xs sm:p-4">
          <h2 id="next-days" className="px-3 text-sm font-semibold sm:px-0">
            Próximos 7 dias
          </h2>
          <ul className="mt-3 grid grid-cols-7 items-end sm:gap-3">
            {data.nextDays.map((d) => (
              <li key={d.date}>
                {/* Named by what it shows (WCAG 2.5.3): the day on top in the name, at the foot on screen. */}
                <Link
                  to={agendaPath(d.date)}
                  className="flex flex-col-reverse items-center gap-1 rounded-md py-1 outline-none hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  <span className="text-xs text-muted-foreground">
                    {weekdayShort(d.date)} <span className="sr-only">{dayMonth(d.date)}:</span>
                  </span>{' '}
                  <span aria-hidden="true" className="flex h-20 w-full items-end justify-center">
                    <span
                      className="w-3/5 max-w-8 rounded-t-md bg-linear-to-t from-brand-from to-brand-to"
                      style={{ height: `${Math.max(4, (d.count / max) * 100)}%` }}
                    />
                  </span>
                  <span className="text-xs font-semibold tabular-nums">
                    {d.count} <span className="sr-only">{d.count === 1 ? 'agendamento' : 'agendamentos'}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}
