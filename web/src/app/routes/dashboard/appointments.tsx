import { AppointmentsPage } from '@/features/appointments/components/appointments-page'
import { CatalogContext } from '@/features/appointments/components/catalog-context'
import { WaitlistButton } from '@/features/waitlist/components/waitlist-button'

import { useAgendaCatalog } from './use-agenda-catalog'

/** The Agendamentos page, with services, professionals and store from their own features, and the waitlist. */
export function AppointmentsRoute() {
  return (
    <CatalogContext value={useAgendaCatalog()}>
      <AppointmentsPage extra={<WaitlistButton className="w-full sm:w-auto" />} />
    </CatalogContext>
  )
}
