import { ContactIcon } from 'lucide-react'
import { useState } from 'react'

import { CollectionPanel } from '@/components/layout/collection-panel'
import type { WorkingHours } from '@/lib/working-hours'

import { useProfessionals, type Professional } from '../api/get-professionals'
import { DeleteProfessionalDialog } from './delete-professional-dialog'
import { ProfessionalCard } from './professional-card'
import { ProfessionalFormDialog } from './professional-form-dialog'

/**
 * ProfessionalsPanel lists the professionals (oldest first) with create, edit and delete.
 * What else a card offers (the blocked times) comes from the page that composes it.
 */
export function ProfessionalsPanel({
  storeHours,
  onBlockedTimes,
}: {
  storeHours: WorkingHours | null | undefined
  onBlockedTimes?: (professional: Professional) => void
}) {
  const query = useProfessionals()
  const [editing, setEditing] = useState<Professional | null>(null)
  const [formOpen, setFormOpen] = useState(false)
  const [deleting, setDeleting] = useState<Professional | null>(null)
  const [deleteOpen, setDeleteOpen] = useState(false)

  const openForm = (professional: Professional | null) => {
    setEditing(professional)
    setFormOpen(true)
  }

  return (
    <CollectionPanel
      intro="Quem atende na sua loja. Cada profissional tem a própria agenda e página."
      query={query}
      what="os profissionais"
      add={{ label: 'Novo profissional', onClick: () => openForm(null) }}
      empty={{
        icon: ContactIcon,
        title: 'Nenhum profissional cadastrado',
        text: 'Cadastre quem atende na loja para que os clientes possam escolher com quem agendar.',
      }}
      placeholder="h-64"
      itemKey={(professional) => professional.id}
      dialogs={
        <>
          <ProfessionalFormDialog open={formOpen} onOpenChange={setFormOpen} professional={editing} storeHours={storeHours} />
          <DeleteProfessionalDialog professional={deleting} open={deleteOpen} onOpenChange={setDeleteOpen} />
        </>
      }
    >
      {(professional) => (
        <ProfessionalCard
          professional={professional}
          onEdit={() => openForm(professional)}
          onDelete={() => {
            setDeleting(professional)
            setDeleteOpen(true)
          }}
          onBlockedTimes={onBlockedTimes ? () => onBlockedTimes(professional) : undefined}
        />
      )}
    </CollectionPanel>
  )
}
