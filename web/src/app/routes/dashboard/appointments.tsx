import { AppointmentsPage } from '@/features/appointments/components/appointments-page'
import { CatalogContext } from '@/features/appointments/components/catalog-context'

import { useAgendaCatalog } from './use-agenda-catalog'

/** The Agendamentos page, with services, professionals and store from their own features. */
export function AppointmentsRoute() {
  return (
    <CatalogContext value={useAgendaCatalog()}>
      <AppointmentsPage />
    </CatalogContext>
  )
}
