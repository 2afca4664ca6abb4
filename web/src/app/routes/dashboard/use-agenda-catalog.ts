import { useMemo } from 'react'

import type { Catalog } from '@/features/appointments/components/catalog-context'
import { useProfessionals } from '@/features/professionals/api/get-professionals'
import { useServices } from '@/features/services/api/get-services'
import { useStore } from '@/features/store/api/get-store'

/**
 * useAgendaCatalog gathers what the agenda shows beside its appointments (services,
 * professionals, the store's name, address, hours and time zone) from their own features.
 */
export function useAgendaCatalog(): Catalog {
  const services = useServices()
  const professionals = useProfessionals()
  const store = useStore()
  return useMemo(
    () => ({
      services: services.data ?? [],
      professionals: professionals.data ?? [],
      store: store.data ?? null,
      isPending: services.isPending || professionals.isPending || store.isPending,
    }),
    [services.data, services.isPending, professionals.data, professionals.isPending, store.data, store.isPending],
  )
}
