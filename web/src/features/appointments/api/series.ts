import { useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '@/lib/api-client'
import type * as Api from '@/lib/api-schema'

import type { AppointmentFormValues } from './appointment-form'
import { formToAppointmentInput } from './appointment-form'
import { invalidateAfterChange } from './cache'

// Recurring appointments (issue 27): the owner previews a series, resolves each date that clashes
// (another time, skip, or book anyway), and books it whole; later, 'este e os próximos' cancels or
// deletes the rest of it.

export type SeriesInput = Api.SeriesInput
export type OccurrenceChoice = Api.OccurrenceChoice
export type PreviewOccurrence = Api.PreviewOccurrence
export type Series = Api.Series

/** How often the form can repeat: every 1–8 weeks, or monthly on the same weekday. */
export const REPEAT_OPTIONS = [
  { value: '', label: 'Não repetir' },
  { value: '1', label: 'Toda semana' },
  ...[2, 3, 4, 5, 6, 7, 8].map((n) => ({ value: String(n), label: `A cada ${n} semanas` })),
  { value: 'monthly', label: 'Todo mês, no mesmo dia da semana' },
] as const

/** Repeat is the form's recurrence, as typed. */
export type Repeat = { every: string; end: 'count' | 'until'; count: string; until: string }

export const NO_REPEAT: Repeat = { every: '', end: 'count', count: '6', until: '' }

/** toRecurrence is the rule the server reads from the form's choices. */
export function toRecurrence(r: Repeat): Api.Recurrence {
  return {
    ...(r.every === 'monthly' ? { monthly: true } : { everyWeeks: Number(r.every) }),
    ...(r.end === 'count' ? { count: Number(r.count) || 0 } : { until: r.until }),
  }
}

export function seriesInput(values: AppointmentFormValues, repeat: Repeat, occurrences?: OccurrenceChoice[]): SeriesInput {
  const { force: _force, ...base } = formToAppointmentInput(values)
  return { ...base, recurrence: toRecurrence(repeat), ...(occurrences ? { occurrences } : {}) }
}

// POST /api/v1/appointments/series/preview → every date with whether it is free.
export function previewSeries(input: SeriesInput) {
  return api.post<Api.SeriesPreview>('/appointments/series/preview', input)
}

// POST /api/v1/appointments/series → 201 Series; 409 naming a date taken meanwhile; 402 at the free limit.
export function useCreateSeries() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: SeriesInput) => api.post<Series>('/appointments/series', input),
    onSuccess: () => invalidateAfterChange(client),
  })
}

/** useUpdateFollowing applies an edit to an appointment of a series and to the series' later ones. */
export function useUpdateFollowing() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: Api.AppointmentInput }) =>
      api.put<Api.SeriesChange>(`/appointments/${id}/following`, input),
    onSuccess: () => invalidateAfterChange(client),
  })
}

/** useSeriesRest cancels or deletes an appointment of a series and the series' later ones. */
export function useSeriesRest() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'cancel' | 'delete' }) =>
      action === 'cancel'
        ? api.post<Api.SeriesChange>(`/appointments/${id}/following/cancel`)
        : api.delete<Api.SeriesChange>(`/appointments/${id}/following`),
    onSuccess: () => invalidateAfterChange(client),
  })
}
