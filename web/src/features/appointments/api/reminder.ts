import { addDays, dayMonth, weekdayName } from '@/lib/dates'
import { withPreposition } from '@/lib/pt-br'
import { firstName } from '@/lib/utils'

export type ReminderDetails = {
  clientName: string
  clientPhone: string
  date: string
  time: string
  serviceName?: string
  professionalName?: string
  storeName?: string
  address?: string
  /** The store's today, to say "amanhã" or "hoje". */
  today?: string
}

/**
 * reminderMessage is the WhatsApp text: "Olá, Maria! Passando para lembrar do seu horário de
 * Corte com Ana na Barbearia X, sábado, 12/12, às 14:00. Endereço: Rua das Flores, 10. Até lá!"
 * Parts the store has not filled in are left out.
 */
export function reminderMessage(d: ReminderDetails) {
  const name = firstName(d.clientName)
  let what = 'do seu horário'
  if (d.serviceName) what += ` de ${d.serviceName}`
  if (d.professionalName) what += ` com ${d.professionalName}`
  if (d.storeName?.trim()) what += ` ${withPreposition('em', d.storeName)}`
  const day = `${weekdayName(d.date)}, ${dayMonth(d.date)}`
  const when =
    d.today && d.date === d.today
      ? `hoje (${day})`
      : d.today && d.date === addDays(d.today, 1)
        ? `amanhã (${day})`
        : day
  const parts = [`${name ? `Olá, ${name}!` : 'Olá!'} Passando para lembrar ${what}, ${when}, às ${d.time}.`]
  if (d.address?.trim()) parts.push(`Endereço: ${d.address.trim().replace(/\.$/, '')}.`)
  parts.push('Até lá!')
  return parts.join(' ')
}
