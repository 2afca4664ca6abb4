import { CircleCheckIcon } from 'lucide-react'
import { Link } from 'react-router'

import { buttonVariants } from '@/components/ui/button-variants'

import type { Booking } from '../api/types'

import { AddToCalendar, BookingDetails, PixPayment, TalkToStore } from './booking-extras'
import { deadlineLabel, firstWord, managePath, noticeLabel } from './booking-labels'

/** BookingConfirmation is the flow's last screen: what was booked and what to do next. */
export function BookingConfirmation({ booking, minNoticeMin }: { booking: Booking; minNoticeMin?: number }) {
  const first = firstWord(booking.clientName)
  const deadline = deadlineLabel(booking.changeDeadline, booking.store.timeZone)
  return (
    <div className="grid grid-cols-1 gap-5">
      <div className="grid grid-cols-1 justify-items-center gap-3 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-success/10 text-success">
          <CircleCheckIcon className="size-8" aria-hidden="true" />
        </span>
        <p className="text-muted-foreground">
          {first ? `Tudo certo, ${first}! ` : 'Tudo certo! '}Seu horário está reservado.
        </p>
      </div>
      <BookingDetails booking={booking} />
      {booking.pix && <PixPayment pix={booking.pix} />}
      <AddToCalendar booking={booking} />
      <TalkToStore booking={booking} className="w-full" />
      <div className="grid grid-cols-1 gap-3 rounded-xl bg-muted p-4 text-sm">
        <p>
          Precisa mudar algo? Você pode remarcar ou cancelar pelo link
          {minNoticeMin ? ` até ${noticeLabel(minNoticeMin)} antes do horário` : ''}
          {deadline ? ` (${minNoticeMin ? '' : 'até '}${deadline})` : ''}. Guarde-o: ele também está no arquivo da agenda.
        </p>
        <Link to={managePath(booking.token)} className={`${buttonVariants({ variant: 'outline' })} w-full`}>
          Ver, remarcar ou cancelar
        </Link>
      </div>
    </div>
  )
}
