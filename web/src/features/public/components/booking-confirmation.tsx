import { CircleCheckIcon } from 'lucide-react'
import { Link } from 'react-router'

import { buttonVariants } from '@/components/ui/button-variants'

import type { Booking } from '../api/types'

import { AddToCalendar, BookingSummary, PixPayment, TalkToStore } from './booking-extras'
import { deadlineLabel, firstWord, managePath, noticeLabel } from './booking-labels'
import { RemindOnThisPhone } from './remind-phone'

/**
 * BookingConfirmation is the flow's last screen, about a phone's height: what was booked, the
 * Pix payment (copy first), then how to change it, add it to the calendar or talk to the store.
 */
export function BookingConfirmation({
  booking,
  minNoticeMin,
  acceptedPayments,
}: {
  booking: Booking
  minNoticeMin?: number
  /** The store's payment methods, to say how else the customer can pay. */
  acceptedPayments?: string[]
}) {
  const first = firstWord(booking.clientName)
  const deadline = deadlineLabel(booking.changeDeadline, booking.store.timeZone)
  return (
    <div className="grid grid-cols-1 gap-4">
      <p className="flex items-center justify-center gap-2 text-muted-foreground">
        <CircleCheckIcon className="size-5 shrink-0 text-success" aria-hidden="true" />
        <span>{first ? `Tudo certo, ${first}! ` : 'Tudo certo! '}Seu horário está reservado.</span>
      </p>
      <BookingSummary booking={booking} />
      {booking.pix && <PixPayment pix={booking.pix} accepted={acceptedPayments} />}
      <div className="grid grid-cols-1 gap-3 rounded-xl bg-muted p-4 text-sm">
        <p>
          Precisa mudar algo? Remarque ou cancele
          {deadline ? ` até ${deadline}` : ''}
          {minNoticeMin ? ` (${noticeLabel(minNoticeMin)} antes do horário)` : ''}. O link também vai no arquivo da agenda.
        </p>
        <Link to={managePath(booking.token)} className={`${buttonVariants({ variant: 'outline' })} w-full`}>
          Ver, remarcar ou cancelar
        </Link>
      </div>
      <RemindOnThisPhone token={booking.token} />
      <AddToCalendar booking={booking} />
      <TalkToStore booking={booking} className="w-full" />
    </div>
  )
}
