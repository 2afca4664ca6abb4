import { CalendarRangeIcon, ChevronRightIcon, HourglassIcon, PencilIcon, TrophyIcon } from 'lucide-react'
import { Link } from 'react-router'

import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { DeleteItemButton, ItemCard, ItemCardActions } from '@/components/ui/item-card'
import { Switch } from '@/components/ui/switch'

import type { PromotionSummary } from '../api/get-promotions'
import { periodText, ruleText, standingText, validityText } from '../api/labels'

/**
 * PromotionCard is one promotion on Promoções: its rule ("10 visitas de Corte = Escova
 * grátis"), how its cards stand, the on/off switch, and the ways to its clients, edit and delete.
 */
export function PromotionCard({
  promotion: p,
  serviceName,
  detailPath,
  switching,
  onActiveChange,
  onEdit,
  onDelete,
}: {
  promotion: PromotionSummary
  /** The name of the service whose visits count; undefined for any service. */
  serviceName: string | undefined
  detailPath: string
  switching: boolean
  onActiveChange: (active: boolean) => void
  onEdit: () => void
  onDelete: () => void
}) {
  const titleId = `promotion-${p.id}`
  const switchId = `promotion-active-${p.id}`
  const period = periodText(p)
  return (
    <ItemCard titleId={titleId}>
      <div className="grid min-w-0 grid-cols-1 gap-1">
        <h2 id={titleId} className="text-base font-semibold break-words">
          {p.name}
        </h2>
        <p className="text-sm font-medium text-primary break-words">{ruleText(p, serviceName)}</p>
      </div>

      {!p.isActive && (
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <Badge variant="warning">Pausada</Badge>
          Ninguém ganha nem usa o prêmio enquanto estiver pausada.
        </p>
      )}
      {/* How the card stands is the way to its clients. */}
      <Link
        to={detailPath}
        className="flex min-h-11 items-center gap-2 rounded-md border border-input bg-card px-3 py-2 text-sm font-medium shadow-xs transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <TrophyIcon className="size-4 shrink-0 text-primary" aria-hidden="true" />
        <span className="min-w-0 flex-1">
          <span className="sr-only">Ver clientes de {p.name}:</span>{' '}
          {p.isActive ? standingText(p.earned, p.oneVisitAway) : 'Ver clientes'}
        </span>
        <ChevronRightIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      </Link>

      <dl className="grid grid-cols-1 gap-1.5 text-sm text-muted-foreground">
        {period && (
          <div className="flex items-start gap-2">
            <dt className="pt-0.5">
              <CalendarRangeIcon className="size-4" aria-hidden="true" />
              <span className="sr-only">Período</span>
            </dt>
            <dd>{period}</dd>
          </div>
        )}
        <div className="flex items-start gap-2">
          <dt className="pt-0.5">
            <HourglassIcon className="size-4" aria-hidden="true" />
            <span className="sr-only">Validade</span>
          </dt>
          <dd>{validityText(p.validDays)}</dd>
        </div>
      </dl>

      <ItemCardActions>
        <Switch id={switchId} checked={p.isActive} disabled={switching} onCheckedChange={onActiveChange} />
        <label htmlFor={switchId} className="min-w-0 flex-1 text-sm font-medium">
          Ativa <span className="sr-only">({p.name})</span>
        </label>
        <Button variant="ghost" size="icon" onClick={onEdit}>
          <PencilIcon aria-hidden="true" />
          <span className="sr-only">Editar {p.name}</span>
        </Button>
        <DeleteItemButton name={p.name} onClick={onDelete} />
      </ItemCardActions>
    </ItemCard>
  )
}
