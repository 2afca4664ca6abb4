import { ChevronRightIcon, UsersIcon } from 'lucide-react'

import { formatDuration } from '@/lib/format'

import type { PublicProfessional, PublicService } from '../api/types'
import type { LoadState } from '../api/network'
import { Avatar } from './avatar'
import { ANY_PROFESSIONAL, professionalsFor, servicesFor } from './booking-flow'
import type { Selection } from './booking-steps'
import { errorBox, option } from './booking-sheet-styles'
import { priceLabel } from './labels'
import { dayLabel } from './month'
import { LoadingTimes, NetworkNotice } from './network-notice'
import { TimeGrid, TimeGridSkeleton } from './time-grid'

/** ServiceStep: the services (those of the chosen professional, if one is), one tap each. */
export function ServiceStep({
  services,
  sel,
  onPick,
}: {
  services: PublicService[]
  sel: Selection
  onPick: (id: string) => void
}) {
  const list = servicesFor(services, sel.professionalId)
  return (
    <ul className="grid gap-2">
      {list.map((s, i) => (
        <li key={s.id}>
          <button
            type="button"
            className={option(s.id === sel.serviceId)}
            aria-pressed={s.id === sel.serviceId}
            data-primary-action={i === 0 || undefined}
            onClick={() => onPick(s.id)}
          >
            <span className="min-w-0 flex-1">
              <span className="block font-medium">{s.name}</span>
              <span className="block text-sm text-muted-foreground">
                {formatDuration(s.duration)} · {priceLabel(s.price)}
              </span>
              {s.includes.length > 0 && (
                <span className="block text-sm text-muted-foreground">Pacote com {s.includes.join(', ')}</span>
              )}
            </span>
            <ChevronRightIcon className="size-5 text-muted-foreground" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  )
}

/** ProfessionalStep: 'Qualquer profissional' first, then those who perform the service. */
export function ProfessionalStep({
  professionals,
  service,
  sel,
  onPick,
}: {
  professionals: PublicProfessional[]
  service: PublicService | undefined
  sel: Selection
  onPick: (id: string) => void
}) {
  const list = professionalsFor(professionals, service)
  return (
    <ul className="grid gap-2">
      <li>
        <button
          type="button"
          className={option(sel.professionalId === ANY_PROFESSIONAL)}
          aria-pressed={sel.professionalId === ANY_PROFESSIONAL}
          data-primary-action
          onClick={() => onPick(ANY_PROFESSIONAL)}
        >
          <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
            <UsersIcon className="size-5" aria-hidden="true" />
          </span>
          <span className="min-w-0 flex-1">
            <span className="block font-medium">Qualquer profissional</span>
            <span className="block text-sm text-muted-foreground">Mais horários: quem estiver livre atende você</span>
          </span>
          <ChevronRightIcon className="size-5 text-muted-foreground" aria-hidden="true" />
        </button>
      </li>
      {list.map((p) => (
        <li key={p.id}>
          <button type="button" className={option(p.id === sel.professionalId)} aria-pressed={p.id === sel.professionalId} onClick={() => onPick(p.id)}>
            <Avatar name={p.name} photo={p.photos[0]} size={48} className="size-12" />
            <span className="min-w-0 flex-1">
              <span className="block font-medium">{p.name}</span>
              {p.role && <span className="block text-sm text-muted-foreground">{p.role}</span>}
            </span>
            <ChevronRightIcon className="size-5 text-muted-foreground" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  )
}

/**
 * TimeStep: the day's free times, and first the nearest ones to a time just taken (`taken`),
 * or why there are none.
 */
export function TimeStep({
  sel,
  times,
  timesState,
  taken,
  onRetry,
  onPick,
  onOtherDay,
}: {
  sel: Selection
  times: string[]
  timesState: LoadState
  taken: string | undefined
  onRetry: () => void
  onPick: (time: string) => void
  onOtherDay: () => void
}) {
  const nearest = taken ? [...times.filter((t) => t > taken), ...times.filter((t) => t < taken).reverse()].slice(0, 3) : []
  return (
    <div className="grid gap-4">
      {sel.date && <p className="font-medium first-letter:uppercase">{dayLabel(sel.date)}</p>}
      {timesState === 'ready' && nearest.length > 0 && (
        <div className="grid gap-2 rounded-xl border border-primary/30 bg-secondary/60 p-3">
          <p className="text-sm font-medium">Horários livres mais próximos</p>
          <div className="flex flex-wrap gap-2">
            {nearest.map((t) => (
              <button
                key={t}
                type="button"
                className="h-11 rounded-lg bg-primary px-4 text-sm font-semibold text-primary-foreground tabular-nums hover:bg-primary/90"
                onClick={() => onPick(t)}
                aria-label={`Escolher ${t}`}
              >
                {t}
              </button>
            ))}
          </div>
        </div>
      )}
      {timesState === 'offline' ? (
        <NetworkNotice onRetry={onRetry}>Os horários aparecem assim que a conexão voltar.</NetworkNotice>
      ) : timesState === 'failed' ? (
        <div role="alert" className={errorBox}>
          Não foi possível carregar os horários.{' '}
          <button type="button" className="inline-flex min-h-11 items-center font-medium underline" onClick={onRetry}>
            Tentar de novo
          </button>
        </div>
      ) : timesState === 'loading' ? (
        <div className="grid gap-3">
          <LoadingTimes />
          <TimeGridSkeleton />
        </div>
      ) : times.length > 0 ? (
        <TimeGrid times={times} selected={sel.time} onSelect={onPick} markFirst />
      ) : (
        <p className="rounded-xl bg-muted p-4 text-center text-sm">Não há mais horários livres neste dia.</p>
      )}
      <button type="button" className="inline-flex min-h-11 w-fit items-center text-sm font-medium text-primary hover:underline" onClick={onOtherDay}>
        Escolher outro dia
      </button>
    </div>
  )
}
