import { AwardIcon } from 'lucide-react'

import { cn } from '@/lib/utils'

import type { LoyaltyLevel } from '../api/get-clients'

const STYLES: Record<Exclude<LoyaltyLevel, ''>, string> = {
  Bronze: 'bg-amber-100 text-amber-800',
  Prata: 'bg-muted text-foreground',
  Ouro: 'bg-amber-500 text-white',
  Diamante: 'bg-sky-100 text-sky-800',
  VIP: 'bg-primary text-primary-foreground',
}

/** LoyaltyBadge shows a client's loyalty level (SPEC.md section 9); nothing below Bronze. */
export function LoyaltyBadge({ level, className }: { level: LoyaltyLevel; className?: string }) {
  if (!level) return null
  return (
    <span
      className={cn(
        'inline-flex w-fit shrink-0 items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap',
        STYLES[level],
        className,
      )}
    >
      <AwardIcon className="size-3" aria-hidden="true" />
      <span>
        <span className="sr-only">Nível </span>
        {level}
      </span>
    </span>
  )
}
