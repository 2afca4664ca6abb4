import { paths } from '@/config/paths'
import { useProfessionals } from '@/features/professionals/api/get-professionals'
import { ReportsPage } from '@/features/reports/components/reports-page'
import { useStore } from '@/features/store/api/get-store'
import { InactiveClients } from '@/features/whatsapp/components/contact-list'
import { useOwnProfessional } from '@/lib/auth/permissions'

/**
 * Relatórios, with the professionals to filter by and the store's name from their own features,
 * and 'Clientes para reativar' from the WhatsApp lists.
 */
export function ReportsRoute() {
  const own = useOwnProfessional() // a professional's reports are their own numbers
  const professionals = useProfessionals().data?.filter((p) => own === null || p.id === own)
  const storeName = useStore().data?.name
  return (
    <ReportsPage
      professionals={professionals}
      storeName={storeName || undefined}
      reactivation={<InactiveClients />}
      professionalsPath={paths.dashboard.professionals.path}
      agendaPath={paths.dashboard.appointments.path}
    />
  )
}
