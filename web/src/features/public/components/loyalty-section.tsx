import { AwardIcon, GiftIcon, TrendingUpIcon } from 'lucide-react'
import { useId } from 'react'

import { LEVEL_ICONS } from '@/components/ui/level-icons'
import { Progress } from '@/components/ui/progress'
import { formatBRL, keepMoneyTogether } from '@/lib/money'

import type { BookingLoyalty, LoyaltyCard, LoyaltyLevel } from '../api/types'

import { cardLabel, cardProgress, levelColors, validUntil } from './loyalty-labels'

// The manage link's loyalty section: what the owner chose to show the customer of the store's
// programme (their level, spending, completion rate, cards and the next level). The server sends
// only the parts the owner turned on, and no section at all when the programme is off.

/** LoyaltySection shows the customer's place in the store's loyalty programme. */
export function LoyaltySection({ loyalty }: { loyalty: BookingLoyalty }) {
  const stats: [string, string][] = []
  if (loyalty.totalSpent !== null) stats.push(['Total gasto', formatBRL(loyalty.totalSpent)])
  if (loyalty.completionRate !== null) stats.push(['Comparecimento', `${loyalty.completionRate}%`])
  const milestone = keepMoneyTogether(loyalty.nextMilestone?.text ?? '')

  return (
    <section aria-labelledby="loyalty-title" className="grid grid-cols-1 gap-4 rounded-2xl border bg-card p-5 shadow-sm">
      <div>
        <h2 id="loyalty-title" className="text-lg font-semibold">
          Seu programa de fidelidade
        </h2>
        <p className="mt-0.5 text-sm text-muted-foreground">Obrigado pela preferência! Veja o que você já conquistou.</p>
      </div>

      {loyalty.level ? (
        <LevelStrip level={loyalty.level} milestone={milestone} />
      ) : (
        milestone && (
          <p className="flex gap-2.5 rounded-xl bg-secondary p-4 text-sm font-medium text-secondary-foreground">
            <TrendingUpIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>{milestone}</span>
          </p>
        )
      )}

      {stats.length > 0 && (
        <dl className="grid grid-cols-2 gap-3">
          {stats.map(([label, value]) => (
            <div key={label} className={`rounded-xl bg-muted px-4 py-3 ${stats.length === 1 ? 'col-span-2' : ''}`}>
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="text-lg font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      )}

      {loyalty.promotions.length > 0 && (
        <ul aria-label="Seus cartões fidelidade" className="grid grid-cols-1 gap-3">
          {loyalty.promotions.map((card, i) => (
            <Card key={`${card.name}-${i}`} card={card} />
          ))}
        </ul>
      )}
    </section>
  )
}

function LevelStrip({ level, milestone }: { level: LoyaltyLevel; milestone: string }) {
  const Icon = LEVEL_ICONS[level.icon]?.icon ?? AwardIcon
  return (
    <div className="grid grid-cols-1 gap-3 rounded-xl p-4" style={levelColors(level)}>
      <div className="flex items-center gap-3">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-card">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <p className="min-w-0">
          <span className="block text-xs font-medium">Seu nível</span>
          <span className="block text-xl leading-tight font-bold break-words">{level.name}</span>
        </p>
      </div>
      {milestone && (
        <p className="flex gap-2 text-sm font-medium">
          <TrendingUpIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{milestone}</span>
        </p>
      )}
    </div>
  )
}

function Card({ card }: { card: LoyaltyCard }) {
  const id = useId()
  const label = keepMoneyTogether(cardLabel(card))
  const valid = validUntil(card)
  return (
    <li
      className={`grid grid-cols-1 gap-2.5 rounded-xl border p-4 ${card.earned ? 'border-success/40 bg-success/5' : ''}`}
    >
      <p id={`${id}-name`} className="font-medium break-words">
        {keepMoneyTogether(card.name)}
      </p>
      {/* Thicker than the default bar; a style, not a class, for the store page's CSS budget. */}
      <Progress
        value={cardProgress(card)}
        aria-labelledby={`${id}-name`}
        aria-valuetext={label}
        style={{ height: '0.625rem' }}
      />
      {card.earned ? (
        <div className="flex gap-2.5 text-sm">
          <GiftIcon className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
          <p className="min-w-0 break-words">
            <span className="block font-semibold">{label}</span>
            <span className="block">Mostre esta tela no salão.</span>
            {valid && <span className="block text-muted-foreground">{valid}</span>}
          </p>
        </div>
      ) : (
        <p className="text-sm break-words text-muted-foreground">{label}</p>
      )}
    </li>
  )
}
