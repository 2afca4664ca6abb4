import { PlusIcon, XIcon } from 'lucide-react'
import { useState } from 'react'

import { formatDuration } from '@/lib/format'

import type { PublicProfessional, PublicService } from '../api/types'
import { addedPart, ANY_PROFESSIONAL, MAX_VISIT_SERVICES, professionalsFor } from './booking-flow'
import type { Selection, VisitPart } from './booking-steps'
import { iconButton, option } from './booking-sheet-styles'
import { priceLabel } from './labels'

/**
 * VisitServices heads the day step: the services of the visit in order, each with who does it,
 * and 'Adicionar outro serviço', which lists the others; one tap adds one, after the last. A
 * later service's professional can be changed or it can be removed; the times shown are then
 * those where the whole visit fits.
 */
export function VisitServices({
  services,
  professionals,
  sel,
  onChange,
}: {
  services: PublicService[]
  professionals: PublicProfessional[]
  sel: Selection
  onChange: (more: VisitPart[]) => void
}) {
  const [adding, setAdding] = useState(false)
  const more = sel.more ?? []
  const first = services.find((s) => s.id === sel.serviceId)
  if (!first) return null
  const chosen = [first.id, ...more.map((m) => m.serviceId)]
  const others = services.filter((s) => !chosen.includes(s.id))
  const nameOf = (id: string) => professionals.find((p) => p.id === id)?.name ?? ''
  const who = (id: string | undefined) => (id === ANY_PROFESSIONAL ? 'Qualquer profissional' : `com ${nameOf(id ?? '')}`)

  return (
    <section aria-label="Serviços da visita" className="mb-4 grid gap-2">
      <ul className="grid gap-2">
        <li className={option(false)}>
          <span className="min-w-0 flex-1">
            <span className="block font-medium">{first.name}</span>
            <span className="block text-sm text-muted-foreground">
              {formatDuration(first.duration)} · {who(sel.professionalId)}
            </span>
          </span>
        </li>
        {more.map((m, i) => {
          const s = services.find((x) => x.id === m.serviceId)
          if (!s) return null
          return (
            <li key={m.serviceId} className={option(false)}>
              <span className="min-w-0 flex-1">
                <span className="block font-medium">{s.name}</span>
                <span className="block text-sm text-muted-foreground">
                  {formatDuration(s.duration)} · {priceLabel(s.price)}
                </span>
                <select
                  aria-label={`Profissional para ${s.name}`}
                  className="mt-2 w-full rounded-xl border bg-card px-4 text-sm"
                  style={{ minHeight: 44 }}
                  value={m.professionalId}
                  onChange={(e) => onChange(more.map((x, k) => (k === i ? { ...x, professionalId: e.target.value } : x)))}
                >
                  <option value={ANY_PROFESSIONAL}>Qualquer profissional</option>
                  {professionalsFor(professionals, s).map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </select>
              </span>
              <button
                type="button"
                className={iconButton}
                aria-label={`Tirar ${s.name} da visita`}
                onClick={() => onChange(more.filter((_, k) => k !== i))}
              >
                <XIcon className="size-5" aria-hidden="true" />
              </button>
            </li>
          )
        })}
      </ul>
      {chosen.length < MAX_VISIT_SERVICES && others.length > 0 && (
        <>
          <button
            type="button"
            className={option(adding)}
            aria-expanded={adding}
            onClick={() => setAdding((v) => !v)}
          >
            <PlusIcon className="size-5 text-muted-foreground" aria-hidden="true" />
            <span className="min-w-0 flex-1 font-medium">Adicionar outro serviço</span>
          </button>
          {adding && (
            <ul className="grid gap-2" aria-label="Outros serviços">
              {others.map((s) => (
                <li key={s.id}>
                  <button
                    type="button"
                    className={option(false)}
                    onClick={() => {
                      onChange([...more, addedPart(s, sel.professionalId)])
                      setAdding(false)
                    }}
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block font-medium">{s.name}</span>
                      <span className="block text-sm text-muted-foreground">
                        {formatDuration(s.duration)} · {priceLabel(s.price)}
                      </span>
                    </span>
                    <PlusIcon className="size-5 text-muted-foreground" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  )
}
