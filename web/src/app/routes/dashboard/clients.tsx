import { useNavigate, useParams } from 'react-router'

import { paths } from '@/config/paths'
import { useCan } from '@/lib/auth/permissions'
import { clientPathId } from '@/features/clients/api/get-client'
import { ClientDetail } from '@/features/clients/components/client-detail'
import { NewClientButton } from '@/features/clients/components/client-form-dialog'
import { ClientsPanel } from '@/features/clients/components/clients-panel'
import { ImportClientsButton } from '@/features/clients/components/import-clients-dialog'
import { useProfessionals } from '@/features/professionals/api/get-professionals'
import { ClientRewards } from '@/features/promotions/components/client-rewards'
import { useServices } from '@/features/services/api/get-services'
import { useStore } from '@/features/store/api/get-store'
import { WhatsAppListsButton } from '@/features/whatsapp/components/whatsapp-lists-dialog'

/**
 * The Clientes page: everyone who booked or was added, with search, sort and pages, a new
 * client by hand, and the WhatsApp lists.
 */
export function ClientsRoute() {
  const navigate = useNavigate()
  // A profissional's clients are the ones they served: adding and importing are the salon's.
  const adds = useCan('clients.add')
  return (
    <div className="grid grid-cols-1 gap-5">
      <div className="flex flex-col gap-3">
        <p className="text-sm text-muted-foreground">
          Quem já agendou e quem você cadastrou, com o que gastaram e quando vieram pela última vez.
        </p>
        <div className="grid grid-cols-1 gap-2 sm:flex sm:flex-wrap">
          {adds && (
            <>
              <NewClientButton
                onCreated={(client) => void navigate(paths.dashboard.client.build(clientPathId(client.phone)))}
              />
              <ImportClientsButton />
            </>
          )}
          <WhatsAppListsButton />
        </div>
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
      onDeleted={() => void navigate(paths.dashboard.clients.path, { replace: true })}
      onPhoneChanged={(client) => {
        const next = clientPathId(client.phone)
        if (next === phone) return
        // The old phone's cached queries go by themselves once this page has left them.
        void navigate(paths.dashboard.client.build(next), { replace: true })
      }}
    />
  )
}
