import { ScissorsIcon } from 'lucide-react'

import { CollectionPanel } from '@/components/layout/collection-panel'
import { useDialogTarget } from '@/lib/use-dialog-target'

import { useServices, type Service } from '../api/get-services'
import { DeleteServiceDialog } from './delete-service-dialog'
import { ServiceCard, type ProfessionalName } from './service-card'
import { ServiceFormDialog } from './service-form-dialog'

/**
 * ServicesPanel lists the services (oldest first) with create, edit and delete. The
 * professionals' names come from the page that composes it.
 */
export function ServicesPanel({ professionals }: { professionals: readonly ProfessionalName[] | undefined }) {
  const query = useServices()
  const form = useDialogTarget<Service>()
  const removal = useDialogTarget<Service>()

  return (
    <CollectionPanel
      intro="O que sua loja oferece, com duração e preço. Aparecem na página pública para agendar."
      query={query}
      what="os serviços"
      add={{ label: 'Novo serviço', onClick: () => form.show(null) }}
      empty={{
        icon: ScissorsIcon,
        title: 'Nenhum serviço cadastrado',
        text: 'Cadastre os serviços que você oferece para que os clientes possam agendar.',
      }}
      placeholder="h-44"
      itemKey={(service) => service.id}
      dialogs={
        <>
          <ServiceFormDialog open={form.open} onOpenChange={form.setOpen} service={form.target} professionals={professionals} services={query.data} />
          <DeleteServiceDialog service={removal.target} open={removal.open} onOpenChange={removal.setOpen} />
        </>
      }
    >
      {(service) => (
        <ServiceCard
          service={service}
          professionals={professionals}
          includes={service.includes.flatMap((id) => query.data?.filter((s) => s.id === id).map((s) => s.name) ?? [])}
          onEdit={() => form.show(service)}
          onDelete={() => removal.show(service)}
        />
      )}
    </CollectionPanel>
  )
}
