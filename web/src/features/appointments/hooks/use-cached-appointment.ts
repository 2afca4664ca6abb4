import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useSyncExternalStore } from 'react'

import { findAppointment } from '../api/cache'
import type { Appointment } from '../api/get-appointments'

/**
 * useCachedAppointment follows an appointment through the cache, so a dialog opened on it
 * shows a status changed a moment ago (here, in another tab or by a rollback).
 */
export function useCachedAppointment(held: Appointment | null): Appointment | null {
  const client = useQueryClient()
  const id = held?.id
  const subscribe = useCallback((onChange: () => void) => client.getQueryCache().subscribe(onChange), [client])
  const current = useSyncExternalStore(subscribe, () => (id ? findAppointment(client, id) : undefined))
  return current ?? held
}
