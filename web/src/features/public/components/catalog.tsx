import { Link } from 'react-router'

import { buttonVariants } from '@/components/ui/button-variants'

import type { PublicProfessional, PublicService } from '../api/types'

import { Avatar } from './avatar'
import { formatDuration, priceLabel } from './labels'

const bookButton = buttonVariants({ size: 'sm' })

/**
 * ServiceList lists services with duration and price, each with its own "Agendar" (none without
 * onBook: a store that takes no online bookings now).
 */
export function ServiceList({
  services,
  onBook,
}: {
  services: PublicService[]
  onBook?: (service: PublicService) => void
}) {
  if (services.length === 0) {
    return <p className="py-4 text-sm text-muted-foreground">Nenhum serviço disponível para agendamento online.</p>
  }
  return (
    <ul className="divide-y">
      {services.map((s) => (
        <li key={s.id} className="flex items-center gap-4 py-4 first:pt-0 last:pb-0">
          <div className="min-w-0 flex-1">
            <h3 className="font-medium break-words">{s.name}</h3>
            {s.description && <p className="mt-0.5 line-clamp-2 text-sm text-muted-foreground">{s.description}</p>}
            {s.includes.length > 0 && (
              <p className="mt-0.5 text-sm text-muted-foreground">Pacote com {s.includes.join(', ')}</p>
            )}
            <p className="mt-1 text-sm">
              <span className="font-semibold">{priceLabel(s.price)}</span>
              <span className="text-muted-foreground"> · {formatDuration(s.duration)}</span>
            </p>
          </div>
          {onBook && (
            <button type="button" className={bookButton} aria-label={`Agendar ${s.name}`} onClick={() => onBook(s)}>
              Agendar
            </button>
          )}
        </li>
      ))}
    </ul>
  )
}

/** Specialties shows a professional's specialties as small tags. */
export function Specialties({ items, max = 4 }: { items: string[]; max?: number }) {
  if (items.length === 0) return null
  const shown = items.slice(0, max)
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Especialidades">
      {shown.map((s) => (
        <li key={s} className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium">
          {s}
        </li>
      ))}
      {items.length > max && (
        <li className="rounded-full px-1 py-0.5 text-xs text-muted-foreground">+{items.length - max}</li>
      )}
    </ul>
  )
}

/** ProfessionalList shows the team with photo, role and specialties (and "Agendar" with onBook). */
export function ProfessionalList({
  professionals,
  onBook,
}: {
  professionals: PublicProfessional[]
  onBook?: (professional: PublicProfessional) => void
}) {
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      {professionals.map((p) => (
        <li key={p.id} className="flex flex-col gap-3 rounded-xl border p-4">
          <div className="flex items-center gap-3">
            <Avatar name={p.name} photo={p.photos[0]} size={56} className="size-14 text-lg" />
            <div className="min-w-0">
              <h3 className="truncate font-medium">{p.name}</h3>
              {p.role && <p className="truncate text-sm text-muted-foreground">{p.role}</p>}
            </div>
          </div>
          <Specialties items={p.specialties} max={3} />
          <div className="mt-auto flex items-center justify-between gap-2">
            <Link
              to={`/profissional/${encodeURIComponent(p.id)}`}
              className="inline-flex min-h-11 items-center text-sm font-medium text-primary hover:underline sm:min-h-0"
              aria-label={`Ver perfil de ${p.name}`}
            >
              Ver perfil
            </Link>
            {onBook && (
              <button type="button" className={bookButton} aria-label={`Agendar com ${p.name}`} onClick={() => onBook(p)}>
                Agendar
              </button>
            )}
          </div>
        </li>
      ))}
    </ul>
  )
}
