import { PlusIcon, XIcon } from 'lucide-react'
import { useWatch } from 'react-hook-form'

import { Button } from '@/components/ui/button'
import { NativeSelect } from '@/components/ui/select'
import { fromMinutes, toMinutes } from '@/lib/dates'
import { formatDuration } from '@/lib/format'

import { professionalsFor } from '../api/appointment-form'
import type { AppointmentFormApi } from './appointment-form-api'
import { findService, useCatalog } from './catalog-context'

/** A later service of a visit, and who performs it ('' while not chosen yet). */
export type MorePart = { serviceId: string; professionalId: string }

/** The most services one visit may hold, the first one's included (the API's). */
export const MAX_VISIT_SERVICES = 4

/**
 * MoreServices: a visit's later services in the new-appointment form (issue 27), each starting
 * when the one before it ends, with who performs it; 'Adicionar outro serviço' adds one.
 */
export function MoreServices({
  form,
  more,
  onChange,
}: {
  form: AppointmentFormApi
  more: MorePart[]
  onChange: (more: MorePart[]) => void
}) {
  const catalog = useCatalog()
  const [firstServiceId, firstProfessionalId, startTime] = useWatch({
    control: form.control,
    name: ['serviceId', 'professionalId', 'time'],
  })
  const set = (i: number, part: MorePart) => onChange(more.map((m, k) => (k === i ? part : m)))
  // When each service starts: the one before's end.
  const first = (/^\d\d:\d\d$/.test(startTime) ? toMinutes(startTime) : NaN) + (findService(catalog, firstServiceId)?.duration ?? 0)
  const starts = more.map((_, i) =>
    more.slice(0, i).reduce((at, m) => at + (findService(catalog, m.serviceId)?.duration ?? 0), first),
  )
  return (
    <section aria-label="Outros serviços da visita" className="grid grid-cols-1 gap-3">
      {more.map((m, i) => {
        const service = findService(catalog, m.serviceId)
        const eligible = professionalsFor(service, catalog.professionals)
        return (
          <div key={i} className="grid grid-cols-1 gap-2 rounded-xl border bg-card p-4">
            <div className="flex items-center justify-between gap-2">
              <p className="text-sm font-medium">
                {i + 2}º serviço{Number.isFinite(starts[i]) && service ? ` · às ${fromMinutes(starts[i]!)}` : ''}
              </p>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Tirar o ${i + 2}º serviço`}
                onClick={() => onChange(more.filter((_, k) => k !== i))}
              >
                <XIcon aria-hidden="true" />
              </Button>
            </div>
            <NativeSelect
              aria-label={`Serviço ${i + 2}`}
              value={m.serviceId}
              onChange={(e) => {
                const next = findService(catalog, e.target.value)
                const pros = professionalsFor(next, catalog.professionals)
                const keep = pros.some((p) => p.id === m.professionalId) ? m.professionalId : ''
                const guess = pros.some((p) => p.id === firstProfessionalId) ? firstProfessionalId : pros.length === 1 ? pros[0]!.id : ''
                set(i, { serviceId: e.target.value, professionalId: keep || guess })
              }}
            >
              <option value="">Escolha o serviço</option>
              {catalog.services.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name} ({formatDuration(s.duration)})
                </option>
              ))}
            </NativeSelect>
            <NativeSelect
              aria-label={`Profissional do serviço ${i + 2}`}
              value={m.professionalId}
              disabled={!service}
              onChange={(e) => set(i, { ...m, professionalId: e.target.value })}
            >
              <option value="">Escolha o profissional</option>
              {eligible.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </NativeSelect>
          </div>
        )
      })}
      {more.length < MAX_VISIT_SERVICES - 1 && (
        <Button
          type="button"
          variant="outline"
          className="w-full"
          onClick={() => onChange([...more, { serviceId: '', professionalId: '' }])}
        >
          <PlusIcon aria-hidden="true" />
          Adicionar outro serviço
        </Button>
      )}
    </section>
  )
}
