import { AlertCircleIcon, PlusIcon, RefreshCwIcon, ScissorsIcon } from 'lucide-react'
import { useState } from 'react'

import { Alert, AlertDescription } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'

import { useServices, type Service } from '../api/get-services'
import { DeleteServiceDialog } from './delete-service-dialog'
import { ServiceCard, type ProfessionalName } from './service-card'
import { ServiceFormDialog } from './service-form-dialog'

/**
 * ServicesPanel lists the services (oldest first) with create, edit and delete. The
 * professionals' names come from the page that composes it.
 */
export function ServicesPanel({ professionals }: { professionals: readonly ProfessionalName[] | undefined }) {
  const { data: services, isPending, isError, refetch } = useServices()
  const [editing, setEditing] = useState<Service | null>(null)
  const [formOpen, setFormOpen] = useState(false)
  const [deleting, setDeleting] = useState<Service | null>(null)
  const [deleteOpen, setDeleteOpen] = useState(false)

  const openForm = (service: Service | null) => {
    setEditing(service)
    setFormOpen(true)
  }

  return (
    <div className="grid grid-cols-1 gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          O que sua loja oferece, com duração e preço. Aparecem na página pública para agendar.
        </p>
        <Button onClick={() => openForm(null)} className="w-full sm:w-auto">
          <PlusIcon aria-hidden="true" />
          Novo serviço
        </Button>
      </div>

      {isPending ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-44 rounded-xl" />
          ))}
        </div>
      ) : isError ? (
        <Alert variant="destructive">
          <AlertCircleIcon aria-hidden="true" />
          <AlertDescription>
            <p>Não foi possível carregar os serviços.</p>
            <Button variant="outline" size="sm" className="mt-2 w-fit" onClick={() => void refetch()}>
              <RefreshCwIcon aria-hidden="true" />
              Tentar novamente
            </Button>
          </AlertDescription>
        </Alert>
      ) : services.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed bg-card px-6 py-12 text-center">
          <span className="flex size-12 items-center justify-center rounded-2xl bg-secondary text-secondary-foreground">
            <ScissorsIcon className="size-6" aria-hidden="true" />
          </span>
          <h2 className="mt-4 text-base font-semibold">Nenhum serviço cadastrado</h2>
          <p className="mt-1 max-w-sm text-sm text-muted-foreground">
            Cadastre os serviços que você oferece para que os clientes possam agendar.
          </p>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {services.map((service) => (
            <li key={service.id} className="grid min-w-0 grid-cols-1">
              <ServiceCard
                service={service}
                professionals={professionals}
                onEdit={() => openForm(service)}
                onDelete={() => {
                  setDeleting(service)
                  setDeleteOpen(true)
                }}
              />
            </li>
          ))}
        </ul>
      )}

      <ServiceFormDialog open={formOpen} onOpenChange={setFormOpen} service={editing} professionals={professionals} />
      <DeleteServiceDialog service={deleting} open={deleteOpen} onOpenChange={setDeleteOpen} />
    </div>
  )
}
