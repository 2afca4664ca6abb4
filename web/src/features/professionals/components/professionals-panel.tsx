import { AlertCircleIcon, ContactIcon, PlusIcon, RefreshCwIcon } from 'lucide-react'
import { useState } from 'react'

import { Alert, AlertDescription } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
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
  const { data: professionals, isPending, isError, refetch } = useProfessionals()
  const [editing, setEditing] = useState<Professional | null>(null)
  const [formOpen, setFormOpen] = useState(false)
  const [deleting, setDeleting] = useState<Professional | null>(null)
  const [deleteOpen, setDeleteOpen] = useState(false)

  const openForm = (professional: Professional | null) => {
    setEditing(professional)
    setFormOpen(true)
  }

  const newButton = (
    <Button onClick={() => openForm(null)} className="w-full sm:w-auto">
      <PlusIcon aria-hidden="true" />
      Novo profissional
    </Button>
  )

  return (
    <div className="grid grid-cols-1 gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          Quem atende na sua loja. Cada profissional tem a própria agenda e página.
        </p>
        {newButton}
      </div>

      {isPending ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-64 rounded-xl" />
          ))}
        </div>
      ) : isError ? (
        <Alert variant="destructive">
          <AlertCircleIcon aria-hidden="true" />
          <AlertDescription>
            <p>Não foi possível carregar os profissionais.</p>
            <Button variant="outline" size="sm" className="mt-2 w-fit" onClick={() => void refetch()}>
              <RefreshCwIcon aria-hidden="true" />
              Tentar novamente
            </Button>
          </AlertDescription>
        </Alert>
      ) : professionals.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed bg-card px-6 py-12 text-center">
          <span className="flex size-12 items-center justify-center rounded-2xl bg-secondary text-secondary-foreground">
            <ContactIcon className="size-6" aria-hidden="true" />
          </span>
          <h2 className="mt-4 text-base font-semibold">Nenhum profissional cadastrado</h2>
          <p className="mt-1 max-w-sm text-sm text-muted-foreground">
            Cadastre quem atende na loja para que os clientes possam escolher com quem agendar.
          </p>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {professionals.map((professional) => (
            <li key={professional.id} className="grid min-w-0 grid-cols-1">
              <ProfessionalCard
                professional={professional}
                onEdit={() => openForm(professional)}
                onDelete={() => {
                  setDeleting(professional)
                  setDeleteOpen(true)
                }}
                onBlockedTimes={onBlockedTimes ? () => onBlockedTimes(professional) : undefined}
              />
            </li>
          ))}
        </ul>
      )}

      <ProfessionalFormDialog
        open={formOpen}
        onOpenChange={setFormOpen}
        professional={editing}
        storeHours={storeHours}
      />
      <DeleteProfessionalDialog professional={deleting} open={deleteOpen} onOpenChange={setDeleteOpen} />
    </div>
  )
}
