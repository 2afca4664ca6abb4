import { CalendarRangeIcon, HourglassIcon, TrophyIcon, UsersIcon, XIcon } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'

import { BackLink, DetailState } from '@/components/layout/detail-state'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { FieldError } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Progress } from '@/components/ui/progress'
import { Tabs } from '@/components/ui/tabs'
import { formatPhone } from '@/lib/phone'
import { formatDate } from '@/lib/format'
import { cn } from '@/lib/utils'

import { type Period, type Progress as Card, usePromotionClients } from '../api/get-promotion-clients'
import type { Promotion } from '../api/get-promotions'
import {
  expiryText,
  missingText,
  periodText,
  progressPercent,
  progressText,
  ruleText,
  standingText,
  validityText,
} from '../api/labels'
import { RewardActions } from './reward-actions'

type Filter = 'earned' | 'away' | 'all'

const EMPTY: Record<Filter, string> = {
  earned: 'Ninguém ganhou o prêmio ainda. Quem completar o cartão aparece aqui.',
  away: 'Ninguém está a uma visita do prêmio agora.',
  all: 'Nenhum cliente tem visitas que contam para este cartão ainda.',
}

export const PERIOD_INVALID = 'O fim do período não pode ser antes do início'

/**
 * PromotionClients is one promotion's page: everyone with a visit that counts, filtered by
 * 'Ganharam', 'A uma visita' or 'Todos' and by a period, with each one's progress; for those
 * who earned the reward, 'Parabenizar no WhatsApp' and 'Marcar prêmio como usado'.
 */
export function PromotionClients({
  id,
  storeName,
  serviceName,
  backPath,
  clientPath,
}: {
  id: string
  storeName?: string
  /** A service's name: '…' while the names load, undefined once it is gone. */
  serviceName: (id: string) => string | undefined
  backPath: string
  clientPath: (phone: string) => string
}) {
  const [filter, setFilter] = useState<Filter>('earned')
  const [draft, setDraft] = useState<Period>({ from: '', to: '' })
  const [period, setPeriod] = useState<Period>({ from: '', to: '' })
  const { data, isPending, isError, error, refetch, isPlaceholderData } = usePromotionClients(id, period)
  const invalid = draft.from !== '' && draft.to !== '' && draft.to < draft.from

  const changePeriod = (next: Period) => {
    setDraft(next)
    if (!(next.from && next.to && next.to < next.from)) setPeriod(next)
  }

  const back = <BackLink to={backPath}>Todas as promoções</BackLink>

  if (isPending || isError) {
    return (
      <DetailState
        back={back}
        pending={isPending}
        error={error}
        notFound="Esta promoção não existe mais. Ela pode ter sido excluída."
        what="os clientes da promoção"
        onRetry={() => void refetch()}
      />
    )
  }

  const { promotion: p, cards } = data
  const earned = cards.filter((c) => c.earned)
  const away = cards.filter((c) => !c.earned && c.oneVisitAway)
  const shown = filter === 'earned' ? earned : filter === 'away' ? away : cards
  const promoPeriod = periodText(p)
  const service = p.type === 'count' && p.serviceId ? (serviceName(p.serviceId) ?? 'um serviço excluído') : undefined

  return (
    <div className="grid grid-cols-1 gap-5">
      {back}
      <section aria-labelledby="promotion-name" className="grid grid-cols-1 gap-3 rounded-xl border bg-card p-4 shadow-xs sm:p-6">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <h2 id="promotion-name" className="min-w-0 text-xl font-semibold tracking-tight break-words">
            {p.name}
          </h2>
          {!p.isActive && <Badge variant="warning">Pausada</Badge>}
        </div>
        <p className="font-medium text-primary break-words">{ruleText(p, service)}</p>
        {p.isActive && (
          <p className="flex items-start gap-2 text-sm font-medium" aria-live="polite">
            <TrophyIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            {standingText(earned.length, away.length)}
          </p>
        )}
        <ul className="grid grid-cols-1 gap-1.5 text-sm text-muted-foreground gap-x-6 sm:flex sm:flex-wrap">
          {promoPeriod && (
            <li className="flex items-start gap-2">
              <CalendarRangeIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {promoPeriod}
            </li>
          )}
          <li className="flex items-start gap-2">
            <HourglassIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {validityText(p.validDays)}
          </li>
        </ul>
        {!p.isActive && (
          <Alert>
            <AlertDescription>Esta promoção está pausada: ative-a em Promoções para ver os cartões dos clientes.</AlertDescription>
          </Alert>
        )}
      </section>

      <div role="search" aria-label="Período das visitas" className="grid grid-cols-2 items-end gap-3 sm:flex">
        <div className="grid grid-cols-1 gap-1.5">
          <Label htmlFor="promotion-from">Visitas de</Label>
          <Input
            id="promotion-from"
            type="date"
            className="px-2 sm:px-3"
            value={draft.from}
            onChange={(e) => changePeriod({ ...draft, from: e.target.value })}
          />
        </div>
        <div className="grid grid-cols-1 gap-1.5">
          <Label htmlFor="promotion-to">até</Label>
          <Input
            id="promotion-to"
            type="date"
            className="px-2 sm:px-3"
            value={draft.to}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? 'promotion-to-error' : undefined}
            onChange={(e) => changePeriod({ ...draft, to: e.target.value })}
          />
        </div>
        {(draft.from || draft.to) && (
          <Button variant="ghost" className="col-span-2 w-fit" onClick={() => changePeriod({ from: '', to: '' })}>
            <XIcon aria-hidden="true" />
            Limpar período
          </Button>
        )}
        <FieldError id="promotion-to-error" message={invalid ? PERIOD_INVALID : null} className="col-span-2" />
      </div>

      <Tabs
        label="Clientes da promoção"
        value={filter}
        onValueChange={setFilter}
        items={[
          { value: 'earned', label: 'Ganharam' },
          { value: 'away', label: 'A uma visita' },
          { value: 'all', label: 'Todos' },
        ]}
      >
        {shown.length === 0 ? (
          <div className="flex flex-col items-center rounded-2xl border border-dashed bg-card px-6 py-10 text-center">
            <span className="flex size-12 items-center justify-center rounded-2xl bg-secondary text-secondary-foreground">
              <UsersIcon className="size-6" aria-hidden="true" />
            </span>
            <p className="mt-4 max-w-sm text-sm text-muted-foreground">{EMPTY[filter]}</p>
          </div>
        ) : (
          <ul className={cn('grid grid-cols-1 gap-3 transition-opacity lg:grid-cols-2', isPlaceholderData && 'opacity-60')}>
            {shown.map((card) => (
              <ClientCard
                key={card.phone}
                promotion={p}
                card={card}
                storeName={storeName}
                clientPath={clientPath(card.phone)}
              />
            ))}
          </ul>
        )}
      </Tabs>
    </div>
  )
}

function ClientCard({
  promotion: p,
  card,
  storeName,
  clientPath,
}: {
  promotion: Promotion
  card: Card
  storeName?: string
  clientPath: string
}) {
  const nameId = `card-${card.phone.replace(/\D/g, '')}`
  return (
    <li aria-labelledby={nameId} className="grid grid-cols-1 content-start gap-3 rounded-xl border bg-card p-4 shadow-xs">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <Link id={nameId} to={clientPath} className="font-medium break-words underline-offset-4 hover:underline">
            {card.name}
          </Link>
          <p className="text-sm text-muted-foreground tabular-nums">{formatPhone(card.phone)}</p>
        </div>
        {card.earned ? (
          <Badge variant="success">Ganhou</Badge>
        ) : card.oneVisitAway ? (
          <Badge variant="warning">A uma visita</Badge>
        ) : null}
      </div>
      <div className="grid grid-cols-1 gap-1.5">
        <div className="flex flex-wrap items-center justify-between gap-x-3 text-sm">
          <span className="font-medium tabular-nums">{progressText(p, card)}</span>
          <span className="text-muted-foreground">
            {card.earned && card.earnedOn ? `Ganhou em ${formatDate(card.earnedOn)}` : missingText(card)}
          </span>
        </div>
        <Progress value={progressPercent(p, card)} aria-label={`Cartão de ${card.name}`} />
        {card.earned && card.expiresOn && <p className="text-xs text-muted-foreground">{expiryText(card)}</p>}
      </div>
      {card.earned && (
        <RewardActions
          promotionId={p.id}
          reward={p.reward}
          client={card}
          storeName={storeName}
          expiresOn={card.expiresOn || undefined}
        />
      )}
    </li>
  )
}
