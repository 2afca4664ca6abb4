import { ClockIcon, PackageIcon, PencilIcon, UsersIcon } from 'lucide-react'

import { Button } from '@/components/ui/button'
import { DeleteItemButton, ItemCard, ItemCardActions } from '@/components/ui/item-card'
import { formatDuration } from '@/lib/format'
import { formatBRL } from '@/lib/money'
import { describeTiming } from '@/lib/timing'

import type { Service } from '../api/get-services'

export type ProfessionalName = { id: string; name: string }

/** professionalNames lists, in the professionals' order, the names of those who perform a service. */
function professionalNames(service: Service, professionals: readonly ProfessionalName[] | undefined) {
  return (professionals ?? []).filter((p) => service.professionalIds.includes(p.id)).map((p) => p.name)
}

export function ServiceCard({
  service,
  professionals,
  includes = [],
  onEdit,
  onDelete,
}: {
  service: Service
  professionals: readonly ProfessionalName[] | undefined
  /** A combo's services, by name. */
  includes?: string[]
  onEdit: () => void
  onDelete: () => void
}) {
  const titleId = `service-${service.id}`
  const names = professionalNames(service, professionals)
  return (
    <ItemCard titleId={titleId}>
      <div className="flex items-start justify-between gap-3">
        <h2 id={titleId} className="min-w-0 text-base font-semibold break-words">
          {service.name}
        </h2>
        <p className="shrink-0 text-base font-semibold text-primary tabular-nums">
          {service.price === null ? (
            <span className="text-sm font-normal text-muted-foreground">Sem preço</span>
          ) : (
            formatBRL(service.price)
          )}
        </p>
      </div>
      {service.description && (
        <p className="line-clamp-2 text-sm text-muted-foreground">{service.description}</p>
      )}
      <dl className="grid grid-cols-1 gap-1.5 text-sm">
        <div className="flex items-center gap-2">
          <dt>
            <ClockIcon className="size-4 text-muted-foreground" aria-hidden="true" />
            <span className="sr-only">Duração</span>
          </dt>
          <dd className="min-w-0 break-words">
            {[formatDuration(service.duration), ...describeTiming(service)].join(' · ')}
          </dd>
        </div>
        {includes.length > 0 && (
          <div className="flex items-start gap-2">
            <dt className="pt-0.5">
              <PackageIcon className="size-4 text-muted-foreground" aria-hidden="true" />
              <span className="sr-only">Pacote</span>
            </dt>
            <dd className="min-w-0 break-words">Inclui {includes.join(', ')}</dd>
          </div>
        )}
        <div className="flex items-start gap-2">
          <dt className="pt-0.5">
            <UsersIcon className="size-4 text-muted-foreground" aria-hidden="true" />
            <span className="sr-only">Profissionais</span>
          </dt>
          <dd className={names.length === 0 ? 'text-muted-foreground' : undefined}>
            {names.length > 0 ? names.join(', ') : 'Nenhum profissional escolhido'}
          </dd>
        </div>
      </dl>
      <ItemCardActions>
        <Button variant="outline" className="flex-1" onClick={onEdit} aria-label={`Editar ${service.name}`}>
          <PencilIcon aria-hidden="true" />
          Editar
        </Button>
        <DeleteItemButton name={service.name} onClick={onDelete} />
      </ItemCardActions>
    </ItemCard>
  )
}
