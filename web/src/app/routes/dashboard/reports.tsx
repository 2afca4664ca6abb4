import { paths } from '@/config/paths'
import { useProfessionals } from '@/features/professionals/api/get-professionals'
import { ReportsPage } from '@/features/reports/components/reports-page'
import { useStore } from '@/features/store/api/get-store'
import { InactiveClients } from '@/features/whatsapp/components/contact-list'

/**
 * Relatórios, with the professionals to filter by and the store's name from their own features,
 * and 'Clientes para reativar' from the WhatsApp lists.
 */
export function ReportsRoute() {
  const professionals = useProfessionals().data
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
