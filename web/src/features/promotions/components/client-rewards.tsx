import { GiftIcon, HistoryIcon, TicketIcon } from 'lucide-react'
import { Link } from 'react-router'

import { LoadError } from '@/components/layout/load-error'
import { Progress } from '@/components/ui/progress'
import { Skeleton } from '@/components/ui/skeleton'
import { formatDate } from '@/lib/format'

import { type ClientReward, useClientRewards } from '../api/get-client-rewards'
import { type PromotionSummary, usePromotions } from '../api/get-promotions'
import { expiryText, missingText, progressPercent, progressText } from '../api/labels'
import { RewardActions } from './reward-actions'

/**
 * ClientRewards is a client's part of the loyalty programme, for their page: the rewards they
 * earned and have not used ('Marcar como usado', 'Parabenizar no WhatsApp'), how each active
 * card stands, and the rewards they used.
 */
export function ClientRewards({
  phone,
  clientName,
  storeName,
  promotionPath,
}: {
  /** As in the address: "5511912345678". */
  phone: string
  clientName: string
  storeName?: string
  /** A promotion's page, to see everyone's cards. */
  promotionPath: (id: string) => string
}) {
  const { data, isPending, isError, error, refetch } = useClientRewards(phone)
  // The rule of each card (how many visits, what value) comes from the promotions list.
  const promotions = usePromotions().data

  if (isPending) return <Skeleton className="h-28 rounded-xl" aria-busy="true" />
  if (isError) return <LoadError error={error} onRetry={() => void refetch()} what="os cartões fidelidade" />

  const progressing = data.cards.filter((c) => !c.card.earned)
  const client = { phone, name: clientName }

  return (
    <section aria-labelledby="client-rewards" className="grid grid-cols-1 gap-3">
      <h2 id="client-rewards" className="text-base font-semibold">
        Fidelidade
      </h2>
      {data.earned.length === 0 && progressing.length === 0 && data.redemptions.length === 0 && (
        <p className="rounded-xl border border-dashed bg-card px-4 py-6 text-center text-sm text-muted-foreground">
          Nenhum cartão fidelidade em andamento. As visitas concluídas contam para as promoções ativas.
        </p>
      )}

      {data.earned.map((r) => (
        <article
          key={r.promotionId}
          aria-labelledby={`earned-${r.promotionId}`}
          className="grid grid-cols-1 gap-3 rounded-xl border border-primary/40 bg-secondary/60 p-4 shadow-xs"
        >
          <div className="flex items-start gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
              <GiftIcon className="size-5" aria-hidden="true" />
            </span>
            <div className="min-w-0">
              <h3 id={`earned-${r.promotionId}`} className="font-semibold break-words">
                Cliente ganhou: {r.reward}
              </h3>
              <p className="text-sm text-muted-foreground break-words">
                <Link to={promotionPath(r.promotionId)} className="underline-offset-4 hover:underline">
                  {r.promotionName}
                </Link>
                {r.card.earnedOn && ` · ganhou em ${formatDate(r.card.earnedOn)}`}
                {r.card.expiresOn && ` · ${expiryText(r.card).toLocaleLowerCase('pt-BR')}`}
              </p>
            </div>
          </div>
          <RewardActions
            promotionId={r.promotionId}
            reward={r.reward}
            client={client}
            storeName={storeName}
            expiresOn={r.card.expiresOn || undefined}
            usedLabel="Marcar como usado"
          />
        </article>
      ))}

      {progressing.length > 0 && (
        <ul aria-label="Cartões em andamento" className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {progressing.map((r) => (
            <CardProgress key={r.promotionId} reward={r} promotion={promotions?.find((p) => p.id === r.promotionId)} />
          ))}
        </ul>
      )}

      {data.redemptions.length > 0 && (
        <div className="grid grid-cols-1 gap-2">
          <h3 className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
            <HistoryIcon className="size-4" aria-hidden="true" />
            Prêmios usados
          </h3>
          <ul className="grid grid-cols-1 divide-y rounded-xl border bg-card shadow-xs">
            {data.redemptions.map((u) => (
              <li key={u.id} className="flex items-start gap-3 px-4 py-3 text-sm">
                <TicketIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span className="min-w-0 flex-1 break-words">
                  <span className="font-medium">{u.reward}</span>
                  <span className="text-muted-foreground"> · {u.promotionName}</span>
                </span>
                <span className="shrink-0 text-muted-foreground tabular-nums">{formatDate(u.createdAt)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  )
}

function CardProgress({ reward: r, promotion }: { reward: ClientReward; promotion: PromotionSummary | undefined }) {
  const labelId = `card-${r.promotionId}`
  return (
    <li className="grid grid-cols-1 gap-2 rounded-xl border bg-card p-4 shadow-xs">
      <div className="flex items-start justify-between gap-3">
        <p id={labelId} className="min-w-0 font-medium break-words">
          {r.promotionName}
        </p>
        {promotion && <span className="shrink-0 text-sm tabular-nums">{progressText(promotion, r.card)}</span>}
      </div>
      {promotion && <Progress value={progressPercent(promotion, r.card)} aria-labelledby={labelId} />}
      <p className="text-sm text-muted-foreground">
        {r.card.earned ? `Ganhou ${r.reward}` : `${missingText(r.card)} para ganhar ${r.reward}`}
      </p>
    </li>
  )
}
