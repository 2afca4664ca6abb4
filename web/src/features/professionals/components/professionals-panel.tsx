import { ContactIcon } from 'lucide-react'

import { CollectionPanel } from '@/components/layout/collection-panel'
import type { WorkingHours } from '@/lib/working-hours'
import { useDialogTarget } from '@/lib/use-dialog-target'

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
  const form = useDialogTarget<Professional>()
  const removal = useDialogTarget<Professional>()

  return (
    <CollectionPanel
      intro="Quem atende na sua loja. Cada profissional tem a própria agenda e página."
      query={query}
      what="os profissionais"
      add={{ label: 'Novo profissional', onClick: () => form.show(null) }}
      empty={{
        icon: ContactIcon,
        title: 'Nenhum profissional cadastrado',
        text: 'Cadastre quem atende na loja para que os clientes possam escolher com quem agendar.',
      }}
      placeholder="h-64"
      itemKey={(professional) => professional.id}
      dialogs={
        <>
          <ProfessionalFormDialog open={form.open} onOpenChange={form.setOpen} professional={form.target} storeHours={storeHours} />
          <DeleteProfessionalDialog professional={removal.target} open={removal.open} onOpenChange={removal.setOpen} />
        </>
      }
    >
      {(professional) => (
        <ProfessionalCard
          professional={professional}
          onEdit={() => form.show(professional)}
          onDelete={() => removal.show(professional)}
          onBlockedTimes={onBlockedTimes ? () => onBlockedTimes(professional) : undefined}
        />
      )}
    </CollectionPanel>
  )
}
