import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import { api } from '@/lib/api-client'
import type { CalendarFeedInput, CalendarFeeds, CalendarFeedView } from '@/lib/api-schema'
import { queryKeys } from '@/lib/query-keys'

export type { CalendarFeedView }

// GET /api/v1/calendar-feeds: the signed-in member's own.
export function useCalendarFeeds() {
  return useQuery({ queryKey: queryKeys.calendarFeeds, queryFn: () => api.get<CalendarFeeds>('/calendar-feeds') })
}

// POST /api/v1/calendar-feeds
export function useCreateCalendarFeed() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: CalendarFeedInput) => api.post<CalendarFeedView>('/calendar-feeds', input),
    onSuccess: () => void qc.invalidateQueries({ queryKey: queryKeys.calendarFeeds }),
  })
}

// DELETE /api/v1/calendar-feeds/{id}
export function useDeleteCalendarFeed() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/calendar-feeds/${id}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: queryKeys.calendarFeeds }),
  })
}
