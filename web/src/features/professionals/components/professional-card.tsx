import { CalendarOffIcon, PencilIcon } from 'lucide-react'

import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { DeleteItemButton, ItemCard, ItemCardActions } from '@/components/ui/item-card'
import { thumbnailOf } from '@/lib/upload'
import { initials } from '@/lib/utils'
import { summarizeWorkingHours } from '@/lib/working-hours'

import type { Professional } from '../api/get-professionals'

/** ProfessionalAvatar is the first photo, or the initials on the brand colour. */
export function ProfessionalAvatar({ professional, className = 'size-14' }: { professional: Professional; className?: string }) {
  const photo = professional.photos[0]
  return (
    <span
      className={`flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-secondary text-base font-semibold text-secondary-foreground ${className}`}
    >
      {photo ? (
        <img src={thumbnailOf(photo)} alt="" className="size-full object-cover" />
      ) : (
        initials(professional.name)
      )}
    </span>
  )
}

const MAX_BADGES = 4

export function ProfessionalCard({
  professional,
  onEdit,
  onDelete,
  onBlockedTimes,
}: {
  professional: Professional
  onEdit: () => void
  onDelete: () => void
  onBlockedTimes?: () => void
}) {
  const titleId = `professional-${professional.id}`
  const extra = professional.specialties.length - MAX_BADGES
  return (
    <ItemCard titleId={titleId} className="gap-4">
      <div className="flex items-start gap-3">
        <ProfessionalAvatar professional={professional} />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="truncate text-base font-semibold">
            {professional.name}
          </h2>
          <p className="truncate text-sm text-muted-foreground">{professional.role || 'Sem função definida'}</p>
        </div>
      </div>

      {professional.specialties.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Especialidades">
          {professional.specialties.slice(0, MAX_BADGES).map((s) => (
            <li key={s}>
              <Badge variant="secondary">{s}</Badge>
            </li>
          ))}
          {extra > 0 && (
            <li>
              <Badge variant="outline" title={professional.specialties.slice(MAX_BADGES).join(', ')}>
                +{extra}
              </Badge>
            </li>
          )}
        </ul>
      )}

      <dl className="grid grid-cols-1 gap-1 text-sm">
        <div className="flex gap-1.5">
          <dt className="text-muted-foreground">Intervalo:</dt>
          <dd>{professional.bookingInterval} min</dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-muted-foreground">Agenda:</dt>
          <dd>{professional.calendarType === 'google' ? 'Google Agenda' : 'Agenda do Agendo'}</dd>
        </div>
        <div className="flex min-w-0 gap-1.5">
          <dt className="shrink-0 text-muted-foreground">Horário:</dt>
          <dd className="min-w-0 truncate" title={professional.workingHours ? summarizeWorkingHours(professional.workingHours) : undefined}>
            {professional.workingHours ? summarizeWorkingHours(professional.workingHours) : 'O mesmo da loja'}
          </dd>
        </div>
        {professional.commissionPct > 0 && (
          <div className="flex gap-1.5">
            <dt className="text-muted-foreground">Comissão:</dt>
            <dd>{professional.commissionPct.toLocaleString('pt-BR')}%</dd>
          </div>
        )}
      </dl>

      <ItemCardActions className="flex-wrap pt-4">
        <Button variant="outline" className="flex-1" onClick={onEdit} aria-label={`Editar ${professional.name}`}>
          <PencilIcon aria-hidden="true" />
          Editar
        </Button>
        {onBlockedTimes && (
          <Button
            variant="outline"
            className="flex-1"
            onClick={onBlockedTimes}
            aria-label={`Bloqueios de ${professional.name}`}
          >
            <CalendarOffIcon aria-hidden="true" />
            Bloqueios
          </Button>
        )}
        <DeleteItemButton name={professional.name} onClick={onDelete} />
      </ItemCardActions>
    </ItemCard>
  )
}
