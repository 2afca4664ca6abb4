import { ScissorsIcon } from 'lucide-react'
import { useState } from 'react'

import { CollectionPanel } from '@/components/layout/collection-panel'

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
  const [editing, setEditing] = useState<Service | null>(null)
  const [formOpen, setFormOpen] = useState(false)
  const [deleting, setDeleting] = useState<Service | null>(null)
  const [deleteOpen, setDeleteOpen] = useState(false)

  const openForm = (service: Service | null) => {
    setEditing(service)
    setFormOpen(true)
  }

  return (
    <CollectionPanel
      intro="O que sua loja oferece, com duração e preço. Aparecem na página pública para agendar."
      query={query}
      what="os serviços"
      add={{ label: 'Novo serviço', onClick: () => openForm(null) }}
      empty={{
        icon: ScissorsIcon,
        title: 'Nenhum serviço cadastrado',
        text: 'Cadastre os serviços que você oferece para que os clientes possam agendar.',
      }}
      placeholder="h-44"
      itemKey={(service) => service.id}
      dialogs={
        <>
          <ServiceFormDialog open={formOpen} onOpenChange={setFormOpen} service={editing} professionals={professionals} />
          <DeleteServiceDialog service={deleting} open={deleteOpen} onOpenChange={setDeleteOpen} />
        </>
      }
    >
      {(service) => (
        <ServiceCard
          service={service}
          professionals={professionals}
          onEdit={() => openForm(service)}
          onDelete={() => {
            setDeleting(service)
            setDeleteOpen(true)
          }}
        />
      )}
    </CollectionPanel>
  )
}
