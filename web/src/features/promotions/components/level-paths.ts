import type { GamificationFormValues } from '../api/gamification-form'

type Toggle = Exclude<keyof GamificationFormValues, 'levels' | 'enabled'>

/** What each switch shows the client on their booking's link, in plain words. */
export const TOGGLES: { name: Toggle; label: string; hint: string }[] = [
  { name: 'showLoyaltyLevel', label: 'Nível do cliente', hint: 'O selo do nível, como Ouro ou VIP, nas cores escolhidas abaixo.' },
  { name: 'showNextMilestone', label: 'Quanto falta para o próximo nível', hint: 'Por exemplo: “faltam 3 visitas ou R$ 120,00”.' },
  { name: 'showPromotions', label: 'Cartões fidelidade', hint: 'O progresso em cada promoção ativa e os prêmios que o cliente ganhou.' },
  { name: 'showTotalSpent', label: 'Total gasto', hint: 'Quanto o cliente já gastou na sua loja.' },
  { name: 'showCompletionRate', label: 'Taxa de comparecimento', hint: 'A parte dos agendamentos que o cliente concluiu, em porcentagem.' },
]

/** A level's fields, as a 422 or a check names them (levels.2.minAppointments). */
export const FIELDS = ['name', 'color', 'bgColor', 'minAppointments', 'minValue', 'icon'] as const

/** The fields a 422 may name: the switches, the list, and each level's (levels.2.minAppointments). */
export function fieldPaths(levels: number) {
  const paths: string[] = ['enabled', ...TOGGLES.map((t) => t.name), 'levels']
  for (let i = 0; i < levels; i++) for (const f of FIELDS) paths.push(`levels.${i}.${f}`)
  return paths
}

