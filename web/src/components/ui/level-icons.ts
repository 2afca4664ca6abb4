import { AwardIcon, CrownIcon, GemIcon, HeartIcon, type LucideIcon, MedalIcon, SparklesIcon, StarIcon } from 'lucide-react'

import type { Level } from '@/lib/api-schema'

export type LevelIcon = Level['icon']

/** The icons a loyalty level may show, with their names, in the order the levels editor offers them. */
export const LEVEL_ICONS: Record<LevelIcon, { icon: LucideIcon; label: string }> = {
  medal: { icon: MedalIcon, label: 'Medalha' },
  award: { icon: AwardIcon, label: 'Troféu' },
  star: { icon: StarIcon, label: 'Estrela' },
  gem: { icon: GemIcon, label: 'Diamante' },
  crown: { icon: CrownIcon, label: 'Coroa' },
  sparkles: { icon: SparklesIcon, label: 'Brilho' },
  heart: { icon: HeartIcon, label: 'Coração' },
}
