import { useMemo } from 'react'
import { useSearchParams } from 'react-router'

import { type Catalog, MY_AGENDA } from '@/features/appointments/components/catalog-context'
import { useProfessionals } from '@/features/professionals/api/get-professionals'
import { useServices } from '@/features/services/api/get-services'
import { useStore } from '@/features/store/api/get-store'
import { useMyAgenda, useOwnProfessional } from '@/lib/auth/permissions'

/**
 * useAgendaCatalog gathers what the agenda shows beside its appointments (services,
 * professionals, the store's name, address, hours and time zone) from their own features. A
 * professional's agenda has one professional: their own; so has anyone else's who serves clients
 * too, while 'Minha agenda' is on (?agenda=minha).
 */
export function useAgendaCatalog(): Catalog {
  const services = useServices()
  const professionals = useProfessionals()
  const store = useStore()
  const [params] = useSearchParams()
  const mine = useMyAgenda()
  const agenda = mine !== null && params.get('agenda') === MY_AGENDA ? mine : undefined
  const own = useOwnProfessional() ?? agenda ?? null
  return useMemo(
    () => ({
      services: services.data ?? [],
      professionals: (professionals.data ?? []).filter((p) => own === null || p.id === own),
      store: store.data ?? null,
      isPending: services.isPending || professionals.isPending || store.isPending,
      agenda,
    }),
    [services.data, services.isPending, professionals.data, professionals.isPending, store.data, store.isPending, own, agenda],
  )
}
