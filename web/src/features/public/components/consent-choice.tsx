import { useState } from 'react'

import { isApiError } from '@/lib/api-client'

import { useSetBookingConsent } from '../api/set-booking-consent'
import type { Booking } from '../api/types'

/**
 * consentSentence is what the box consents to: the server's words, or the same sentence built
 * here should an answer ever come without them (a consent box never shows its hint alone).
 */
function consentSentence(booking: Pick<Booking, 'consentText' | 'store'>) {
  const text = booking.consentText.trim()
  if (text) return text
  const name = booking.store.name.trim()
  return name ? `Quero receber novidades de ${name} pelo WhatsApp` : 'Quero receber novidades do salão pelo WhatsApp'
}

/**
 * ConsentChoice lets the customer say yes, or no more, to the store's news on WhatsApp from
 * their booking's link. Reminders of the appointment do not depend on it.
 */
export function ConsentChoice({ booking }: { booking: Booking }) {
  const set = useSetBookingConsent(booking.token)
  // The tap shows at once: the mutation's pending state arrives a tick later, and a controlled
  // box re-rendered from the old value in between would flip back under the finger.
  const [wanted, setWanted] = useState<boolean | null>(null)
  const checked = wanted ?? booking.marketingConsent
  return (
    <section aria-label="Novidades pelo WhatsApp" className="grid grid-cols-1 gap-2 rounded-2xl border bg-card p-5 shadow-sm">
      <label className="flex min-h-11 cursor-pointer items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 accent-primary"
          checked={checked}
          disabled={set.isPending}
          onChange={(e) => {
            const granted = e.target.checked
            setWanted(granted)
            set.mutate(granted, { onSettled: () => setWanted(null) })
          }}
        />
        <span>
          {consentSentence(booking)}
          <span className="block text-[0.8rem] text-muted-foreground">
            {checked
              ? 'Desmarque para sair quando quiser. Os lembretes do seu horário continuam.'
              : 'Opcional. Os lembretes do seu horário chegam de qualquer forma.'}
          </span>
        </span>
      </label>
      {set.isError && (
        <p role="alert" className="text-[0.8rem] font-medium text-destructive">
          {isApiError(set.error) ? set.error.message : 'Não foi possível salvar. Tente de novo.'}
        </p>
      )}
    </section>
  )
}
