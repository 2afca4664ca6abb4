import { useMemo } from 'react'

import type { Catalog } from '@/features/appointments/components/catalog-context'
import { useProfessionals } from '@/features/professionals/api/get-professionals'
import { useServices } from '@/features/services/api/get-services'
import { useStore } from '@/features/store/api/get-store'
import { useOwnProfessional } from '@/lib/auth/permissions'

/**
 * useAgendaCatalog gathers what the agenda shows beside its appointments (services,
 * professionals, the store's name, address, hours and time zone) from their own features. A
 * professional's agenda has one professional: their own.
 */
export function useAgendaCatalog(): Catalog {
  const services = useServices()
  const professionals = useProfessionals()
  const store = useStore()
  const own = useOwnProfessional()
  return useMemo(
    () => ({
      services: services.data ?? [],
      professionals: (professionals.data ?? []).filter((p) => own === null || p.id === own),
      store: store.data ?? null,
      isPending: services.isPending || professionals.isPending || store.isPending,
    }),
    [services.data, services.isPending, professionals.data, professionals.isPending, store.data, store.isPending, own],
  )
}
