import { buttonVariants } from '@/components/ui/button-variants'
import { formatPhone, telLink } from '@/lib/phone'

import type { PublicStoreInfo } from '../api/types'

import { MessageCircleIcon, PhoneIcon } from './icons'
import { closedContacts } from './links'

// A store whose plan takes no more bookings now (the free plan's limit is used up) says so on its
// page before the first tap, with the ways to book that still work: its WhatsApp and its phone.

/** BookingClosedNotice says the store takes no online bookings now, and how to book instead. */
export function BookingClosedNotice({ store, id = 'closed-title' }: { store: PublicStoreInfo; id?: string }) {
  const { whatsapp, phone } = closedContacts(store)
  const how = whatsapp && phone ? 'pelo WhatsApp ou por telefone' : whatsapp ? 'pelo WhatsApp' : phone ? 'por telefone' : ''
  return (
    <section aria-labelledby={id} className="grid grid-cols-1 gap-3 rounded-2xl border border-amber-500/40 bg-amber-100 p-5 shadow-sm">
      <h2 id={id} className="text-lg font-semibold text-balance">
        Agendamento online indisponível no momento
      </h2>
      <p className="text-sm">
        {how
          ? `Para marcar seu horário, fale com ${store.name} ${how}.`
          : `Para marcar seu horário, fale com ${store.name} pessoalmente ou volte mais tarde.`}
      </p>
      <ClosedActions whatsapp={whatsapp} phone={phone} primary />
    </section>
  )
}

/** ClosedActions are the ways to book by hand, as buttons a thumb reaches. */
function ClosedActions({ whatsapp, phone, primary = false }: { whatsapp: string; phone: string; primary?: boolean }) {
  if (!whatsapp && !phone) return null
  return (
    <div className="grid grid-cols-1 gap-2">
      {whatsapp && (
        <a
          href={whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          data-primary-action={primary || undefined}
          className={`${buttonVariants({ size: 'lg' })} w-full rounded-full`}
        >
          <MessageCircleIcon className="size-5" aria-hidden="true" />
          Chamar no WhatsApp
        </a>
      )}
      {phone && (
        <a
          href={telLink(phone)}
          data-primary-action={(primary && !whatsapp) || undefined}
          className={`${buttonVariants({ size: 'lg', variant: whatsapp ? 'outline' : 'default' })} w-full rounded-full`}
        >
          <PhoneIcon className="size-5" aria-hidden="true" />
          Ligar para {formatPhone(phone)}
        </a>
      )}
    </div>
  )
}
