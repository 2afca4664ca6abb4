import { CalendarPlusIcon, CheckIcon, CopyIcon } from 'lucide-react'
import { lazy, Suspense, useId, useRef, useState } from 'react'
import { toast } from 'sonner'

import { buttonVariants } from '@/components/ui/button-variants'
import { formatBRL, formatDuration } from '@/lib/format'

import { calendarFileUrl } from '../api/get-booking'
import type { Booking } from '../api/types'

import { managePath } from './booking-labels'
import { priceLabel } from './labels'
import { bookingMessage, googleCalendarLink } from './calendar-link'
import { MessageCircleIcon } from './icons'
import { mapsLink, storeWhatsapp, waLink } from './links'
import { dayLabel } from './month'

// The pieces the confirmation and the manage page share.

const PixQr = lazy(() => import('./pix-qr').then((m) => ({ default: m.PixQr })))

/** BookingDetails lists what was booked, when and where. */
export function BookingDetails({ booking }: { booking: Booking }) {
  const rows: [string, string][] = [
    ['Serviço', booking.service.name],
    ['Profissional', booking.professional.name],
    ['Data', dayLabel(booking.date)],
    ['Horário', `${booking.time} (${formatDuration(booking.durationMin)})`],
    ['Valor', priceLabel(booking.price)],
  ]
  return (
    <dl className="grid grid-cols-1 gap-3 rounded-xl border bg-card p-4 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="text-right font-medium first-letter:uppercase">{value}</dd>
        </div>
      ))}
      <div className="grid grid-cols-1 gap-0.5 border-t pt-3">
        <dt className="text-muted-foreground">Local</dt>
        <dd>
          <span className="font-medium">{booking.store.name}</span>
          {booking.store.address && (
            <>
              <br />
              <a
                href={mapsLink(booking.store.address)}
                target="_blank"
                rel="noopener noreferrer"
                className="text-primary hover:underline"
              >
                {booking.store.address}
              </a>
            </>
          )}
        </dd>
      </div>
    </dl>
  )
}

/** AddToCalendar offers the .ics file and a Google Calendar link. */
export function AddToCalendar({ booking }: { booking: Booking }) {
  const google = googleCalendarLink({
    title: `${booking.service.name} · ${booking.store.name}`,
    date: booking.date,
    time: booking.time,
    durationMin: booking.durationMin,
    timeZone: booking.store.timeZone,
    details: `Com ${booking.professional.name}. Para ver, remarcar ou cancelar: ${window.location.origin}${managePath(booking.token)}`,
    location: booking.store.address,
  })
  return (
    <div className="grid grid-cols-1 gap-2">
      <p className="flex items-center gap-2 text-sm font-semibold">
        <CalendarPlusIcon className="size-4 text-primary" aria-hidden="true" />
        Adicionar à agenda
      </p>
      <div className="grid grid-cols-2 gap-2">
        <a href={calendarFileUrl(booking.token)} download="agendamento.ics" className={buttonVariants({ variant: 'outline' })}>
          Arquivo .ics
        </a>
        <a href={google} target="_blank" rel="noopener noreferrer" className={buttonVariants({ variant: 'outline' })}>
          Google Agenda
        </a>
      </div>
    </div>
  )
}

/** TalkToStore opens WhatsApp with the store, a message about the booking prefilled. */
export function TalkToStore({ booking, className }: { booking: Booking; className?: string }) {
  const number = storeWhatsapp(booking.store)
  if (!number) return null
  const text = bookingMessage({ ...booking, dateLabel: dayLabel(booking.date) })
  return (
    <a
      href={waLink(number, text)}
      target="_blank"
      rel="noopener noreferrer"
      className={`${buttonVariants({ variant: 'outline' })} ${className ?? ''}`}
    >
      <MessageCircleIcon aria-hidden="true" />
      Falar com a loja
    </a>
  )
}

/** PixPayment shows the Pix amount, its QR code and the copy-and-paste code. */
export function PixPayment({ pix }: { pix: NonNullable<Booking['pix']> }) {
  const id = useId()
  const field = useRef<HTMLParagraphElement>(null)
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(pix.code)
      setCopied(true)
      toast.success('Código Pix copiado')
    } catch {
      if (field.current) window.getSelection()?.selectAllChildren(field.current)
      toast.info('Selecione o código e copie com o menu do seu celular.')
    }
  }
  return (
    <section aria-labelledby={`${id}-title`} className="grid grid-cols-1 gap-4 rounded-xl border bg-card p-4">
      <div>
        <h3 id={`${id}-title`} className="font-semibold">
          Pagamento via Pix
        </h3>
        <p className="mt-1 text-sm text-muted-foreground">
          Valor: <strong className="text-base text-foreground">{formatBRL(pix.amount)}</strong>
          {pix.receiverName && <> · para {pix.receiverName}</>}
        </p>
      </div>
      <Suspense fallback={<div className="mx-auto size-48 animate-pulse rounded-lg bg-muted" aria-hidden="true" />}>
        <PixQr code={pix.code} className="mx-auto size-48" />
      </Suspense>
      <div className="grid grid-cols-1 gap-2">
        <p id={`${id}-label`} className="text-sm font-medium">
          Pix copia e cola
        </p>
        {/* Text, not a field: a tap selects it whole (select-all) and the page can search it. */}
        <p
          ref={field}
          aria-labelledby={`${id}-label`}
          // Long codes scroll: a keyboard can reach and scroll the box too.
          role="region"
          tabIndex={0}
          className="max-h-24 overflow-y-auto rounded-md border bg-muted px-3 py-2 font-mono text-xs break-all outline-none select-all focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {pix.code}
        </p>
        <button type="button" className={`${buttonVariants()} w-full`} onClick={() => void copy()}>
          {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
          {copied ? 'Código copiado' : 'Copiar código Pix'}
        </button>
      </div>
    </section>
  )
}
