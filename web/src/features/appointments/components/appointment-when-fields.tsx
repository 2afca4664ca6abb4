import { useState } from 'react'
import { visitParam } from '@/lib/visit'
import { useWatch } from 'react-hook-form'

import { FormField } from '@/components/forms/form-field'
import { Button } from '@/components/ui/button'
import { Chip } from '@/components/ui/chip'
import { Input } from '@/components/ui/input'
import { Skeleton } from '@/components/ui/skeleton'
import { addDays, isValidDate, longDate } from '@/lib/dates'
import { countLabel } from '@/lib/format'

import { professionalsFor } from '../api/appointment-form'
import { suggestedTimes } from '../api/free-times'
import { useAvailability } from '../api/get-availability'
import { findService, useCatalog, useStoreNow } from './catalog-context'
import type { AppointmentFormApi } from './appointment-form-api'

/** How many of the next free times show before 'Ver mais'. */
const FIRST_TIMES = 12

/**
 * WhenFields: the date (Hoje, Amanhã or any), the professional's free times that day for the
 * service, and the time, which may be typed (a time that is not free is confirmed on save).
 */
export function WhenFields({
  form,
  appointmentId,
  more,
}: {
  form: AppointmentFormApi
  appointmentId: string | undefined
  /** A visit's later services, complete ones only: the free times are those where all fit. */
  more?: { serviceId: string; professionalId: string }[]
}) {
  const catalog = useCatalog()
  const {
    register,
    control,
    setValue,
    formState: { errors },
  } = form
  const [serviceId, professionalId, date, time] = useWatch({
    control,
    name: ['serviceId', 'professionalId', 'date', 'time'],
  })
  const eligible = professionalsFor(findService(catalog, serviceId), catalog.professionals)
  const availabilityReady = Boolean(serviceId && professionalId && isValidDate(date))
  const availability = useAvailability(
    {
      professionalId,
      serviceId,
      date,
      except: appointmentId,
      more: visitParam(more) || undefined,
    },
    availabilityReady && eligible.some((p) => p.id === professionalId),
  )
  const freeTimes = availability.data ?? []
  const now = useStoreNow()
  const tomorrow = addDays(now.date, 1)
  const suggestions = suggestedTimes(freeTimes, date, now)
  const [allTimes, setAllTimes] = useState(false)
  // The next free times first; all of them on request, or when the chosen one is further on.
  const shownTimes =
    allTimes || suggestions.indexOf(time) >= FIRST_TIMES ? suggestions : suggestions.slice(0, FIRST_TIMES)
  const pickDate = (d: string) => setValue('date', d, { shouldDirty: true, shouldValidate: true })
  const timeIsFree = freeTimes.includes(time)

  return (
    <>
      <FormField
        id="appointment-date"
        label="Data"
        hint={isValidDate(date) ? longDate(date) : undefined}
        error={errors.date?.message}
      >
        {(aria) => (
          <div className="flex flex-wrap items-center gap-2">
            <Chip pressed={date === now.date} onClick={() => pickDate(now.date)}>
              Hoje
            </Chip>
            <Chip pressed={date === tomorrow} onClick={() => pickDate(tomorrow)}>
              Amanhã
            </Chip>
            <Input type="date" className="w-44 grow" {...aria} {...register('date')} />
          </div>
        )}
      </FormField>

      <fieldset className="grid grid-cols-1 gap-2">
        <legend className="mb-2 text-sm font-medium">Horários livres</legend>
        {!availabilityReady ? (
          <p className="text-sm text-muted-foreground">Escolha serviço, profissional e data para ver os horários livres.</p>
        ) : availability.isPending ? (
          <div className="flex gap-2" aria-busy="true">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-11 w-16 rounded-full sm:h-9" />
            ))}
          </div>
        ) : availability.isError ? (
          <p className="text-sm text-muted-foreground">
            Não foi possível carregar os horários livres. Você ainda pode digitar o horário.
          </p>
        ) : suggestions.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {date < now.date
              ? 'Esta data já passou. Você ainda pode digitar o horário.'
              : date === now.date && freeTimes.length > 0
                ? 'Não há mais horários livres hoje. Escolha outro dia ou digite um horário.'
                : 'Nenhum horário livre neste dia. Você ainda pode digitar um horário.'}
          </p>
        ) : (
          <div className="flex flex-wrap gap-2">
            {shownTimes.map((t) => (
              <Chip
                key={t}
                pressed={t === time}
                onClick={() => setValue('time', t, { shouldDirty: true, shouldValidate: true })}
              >
                {t}
              </Chip>
            ))}
            {shownTimes.length < suggestions.length && (
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="rounded-full border-dashed text-primary sm:h-9"
                onClick={() => setAllTimes(true)}
              >
                Mais {countLabel(suggestions.length - shownTimes.length, 'horário', 'horários')}
              </Button>
            )}
          </div>
        )}
      </fieldset>

      <FormField
        id="appointment-time"
        label="Horário"
        hint={
          time && availability.isSuccess && !timeIsFree && freeTimes.length > 0
            ? 'Este horário não está livre: ao salvar, você confirma se quer agendar mesmo assim.'
            : undefined
        }
        error={errors.time?.message}
      >
        {(aria) => <Input type="time" {...aria} {...register('time')} />}
      </FormField>
    </>
  )
}
