import { useNavigate, useParams } from 'react-router'

import { paths } from '@/config/paths'
import { clientPathId } from '@/features/clients/api/get-client'
import { ClientDetail } from '@/features/clients/components/client-detail'
import { ClientsPanel } from '@/features/clients/components/clients-panel'
import { useProfessionals } from '@/features/professionals/api/get-professionals'
import { ClientRewards } from '@/features/promotions/components/client-rewards'
import { useServices } from '@/features/services/api/get-services'
import { useStore } from '@/features/store/api/get-store'
import { WhatsAppListsButton } from '@/features/whatsapp/components/whatsapp-lists-dialog'

/** The Clientes page: everyone who booked, with search, sort and pages, and the WhatsApp lists. */
export function ClientsRoute() {
  return (
    <div className="grid grid-cols-1 gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          Todos que já agendaram, com o que gastaram e quando vieram pela última vez.
        </p>
        <WhatsAppListsButton className="w-full sm:w-auto" />
      </div>
      <ClientsPanel detailPath={paths.dashboard.client.build} />
    </div>
  )
}

/**
 * One client's page, with the services' and professionals' names from their own features and
 * their loyalty cards from Promoções.
 */
export function ClientRoute() {
  const { phone = '' } = useParams()
  const navigate = useNavigate()
  const services = useServices().data
  const professionals = useProfessionals().data
  const storeName = useStore().data?.name
  return (
    <ClientDetail
      key={phone}
      phone={phone}
      storeName={storeName || undefined}
      backPath={paths.dashboard.clients.path}
      rewards={(client) => (
        <ClientRewards
          phone={phone}
          clientName={client.name}
          storeName={storeName || undefined}
          promotionPath={paths.dashboard.promotion.build}
        />
      )}
      names={{
        // '…' while the names load, undefined once a name is gone for good.
        service: (id) => (services ? services.find((s) => s.id === id)?.name : '…'),
        professional: (id) => (professionals ? professionals.find((p) => p.id === id)?.name : '…'),
      }}
      onPhoneChanged={(client) => {
        const next = clientPathId(client.phone)
        if (next === phone) return
        // The old phone's cached queries go by themselves once this page has left them.
        void navigate(paths.dashboard.client.build(next), { replace: true })
      }}
    />
  )
}
