import { AwardIcon } from 'lucide-react'

import type { Level } from '@/lib/api-schema'
import { cn } from '@/lib/utils'

import { LEVEL_ICONS } from './level-icons'

/**
 * LevelBadge shows a client's loyalty level in the colours and with the icon the owner chose
 * for it (Promoções › Níveis); nothing below the first level.
 */
export function LevelBadge({
  level,
  className,
}: {
  level: Pick<Level, 'name' | 'color' | 'bgColor' | 'icon'> | null | undefined
  className?: string
}) {
  if (!level?.name) return null
  const Icon = LEVEL_ICONS[level.icon]?.icon ?? AwardIcon
  return (
    <span
      data-slot="level-badge"
      className={cn(
        'inline-flex w-fit shrink-0 items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap',
        className,
      )}
      style={{ color: level.color, backgroundColor: level.bgColor }}
    >
      <Icon className="size-3" aria-hidden="true" />
      <span>
        <span className="sr-only">Nível </span>
        {level.name}
      </span>
    </span>
  )
}
