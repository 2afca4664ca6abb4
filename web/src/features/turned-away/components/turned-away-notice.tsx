import { UserXIcon } from 'lucide-react'
import { Link } from 'react-router'

import { buttonVariants } from '@/components/ui/button-variants'
import { paths } from '@/config/paths'

import { useTurnedAway } from '../api/get-turned-away'

import { turnedAwayText } from './turned-away-text'

/**
 * TurnedAwayNotice tells an owner held to the free limit how many customers her public page
 * turned away this month, and the way out. Nothing shows while the count is 0 or on Premium.
 * On the dashboard (`toPlans`) 'Assinar Premium' goes straight to the checkout where one is
 * configured, else to Planos; on Planos the page's own 'Assinar Premium' serves (one, not two).
 * Once the page takes bookings again (an appointment deleted) it says so, never the opposite.
 */
export function TurnedAwayNotice({ toPlans = false }: { toPlans?: boolean }) {
  const { data } = useTurnedAway()
  if (!data || !data.limited || data.count <= 0) return null
  return (
    <section
      aria-labelledby="turned-away-title"
      className="flex flex-col gap-3 rounded-xl border border-amber-500/40 bg-amber-100 p-4 text-amber-800 sm:flex-row sm:items-center"
    >
      <UserXIcon className="hidden size-6 shrink-0 text-amber-800 sm:block" aria-hidden="true" />
      <div className="grid min-w-0 flex-1 grid-cols-1 gap-1">
        <h2 id="turned-away-title" className="font-semibold text-balance">
          {turnedAwayText(data.count)}
        </h2>
        <p className="text-sm">
          {data.full
            ? 'O limite do plano gratuito foi atingido, e sua página avisa que não está recebendo agendamentos online. Com o Premium, ela volta a receber agendamentos na hora.'
            : 'Sua página voltou a receber agendamentos, mas o limite do plano gratuito pode barrar seus clientes de novo. Com o Premium, não há limite.'}
        </p>
      </div>
      {toPlans &&
        (data.checkoutUrl ? (
          <a href={data.checkoutUrl} className={`${buttonVariants()} w-full shrink-0 sm:w-auto`}>
            Assinar Premium
          </a>
        ) : (
          <Link to={paths.dashboard.plans.path} className={`${buttonVariants()} w-full shrink-0 sm:w-auto`}>
            Assinar Premium
          </Link>
        ))}
    </section>
  )
}
