import { CalendarPlusIcon, CheckIcon, CopyIcon, QrCodeIcon } from 'lucide-react'
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'

import { buttonVariants } from '@/components/ui/button-variants'
import { formatDuration } from '@/lib/format'
import { formatBRL } from '@/lib/money'
import { whatsappLink } from '@/lib/phone'

import { calendarFileUrl } from '../api/get-booking'
import type { Booking } from '../api/types'

import { managePath, payLaterNote, professionalNames, serviceNames } from './booking-labels'
import { priceLabel } from './labels'
import { bookingMessage, googleCalendarLink } from './calendar-link'
import { MessageCircleIcon } from './icons'
import { mapsLink, storeWhatsapp } from './links'
import type { PixQr } from './pix-qr'
import { dayLabel } from './month'

// The pieces the confirmation and the manage page share.

/** BookingDetails lists what was booked, when and where. */
export function BookingDetails({ booking }: { booking: Booking }) {
  const visit = booking.services.length > 1
  const rows: [string, ReactNode][] = [
    visit
      ? [
          'Serviços',
          booking.services.map((s) => (
            <span key={s.service.id + s.time} className="block">
              {s.time} · {s.service.name} com {s.professional.name}
            </span>
          )),
        ]
      : ['Serviço', booking.service.name],
    ...(visit ? [] : [['Profissional', booking.professional.name] as [string, string]]),
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

/**
 * BookingSummary is what was booked in a few lines, without a column of labels: the
 * confirmation's version of BookingDetails, to keep it about a phone's height.
 */
export function BookingSummary({ booking }: { booking: Booking }) {
  return (
    <div className="grid grid-cols-1 gap-1 rounded-xl border bg-card p-4 text-sm">
      <p className="text-base font-semibold">{serviceNames(booking)}</p>
      <p>com {professionalNames(booking)}</p>
      <p className="font-medium first-letter:uppercase">
        {dayLabel(booking.date)}, às {booking.time} ({formatDuration(booking.durationMin)}) · {priceLabel(booking.price)}
      </p>
      <p className="text-muted-foreground">
        {booking.store.name}
        {booking.store.address && (
          <>
            {' · '}
            <a href={mapsLink(booking.store.address)} target="_blank" rel="noopener noreferrer" className="text-primary hover:underline">
              {booking.store.address}
            </a>
          </>
        )}
      </p>
    </div>
  )
}

/** AddToCalendar offers the phone's calendar (an .ics file) and Google Calendar. */
export function AddToCalendar({ booking }: { booking: Booking }) {
  const google = googleCalendarLink({
    title: `${serviceNames(booking)} · ${booking.store.name}`,
    date: booking.date,
    time: booking.time,
    durationMin: booking.durationMin,
    timeZone: booking.store.timeZone,
    details: `Com ${professionalNames(booking)}. Para ver, remarcar ou cancelar: ${window.location.origin}${managePath(booking.token)}`,
    location: booking.store.address,
  })
  // Plain words: a customer does not know what an .ics file is, only where her appointments go.
  return (
    <div role="group" aria-label="Adicionar à agenda" className="grid grid-cols-1 gap-2">
      <a href={calendarFileUrl(booking.token)} download="agendamento.ics" className={`${buttonVariants({ variant: 'outline' })} w-full`}>
        <CalendarPlusIcon className="size-4 text-primary" aria-hidden="true" />
        Adicionar ao calendário do celular
      </a>
      <a href={google} target="_blank" rel="noopener noreferrer" className={`${buttonVariants({ variant: 'outline' })} w-full`}>
        Adicionar ao Google Agenda
      </a>
    </div>
  )
}

/** TalkToStore opens WhatsApp with the store, a message about the booking prefilled. */
export function TalkToStore({ booking, className }: { booking: Booking; className?: string }) {
  const number = storeWhatsapp(booking.store)
  if (!number) return null
  const text = bookingMessage({
    ...booking,
    service: { name: serviceNames(booking) },
    professional: { name: professionalNames(booking) },
    dateLabel: dayLabel(booking.date),
  })
  return (
    <a
      href={whatsappLink(number, text)}
      target="_blank"
      rel="noopener noreferrer"
      className={`${buttonVariants({ variant: 'outline' })} ${className ?? ''}`}
    >
      <MessageCircleIcon aria-hidden="true" />
      Falar com a loja
    </a>
  )
}

type PixQrModule = { PixQr: typeof PixQr }

/**
 * PixPayment is the Pix payment, for the phone that shows it: 'Copiar código Pix' first (the
 * customer pastes it in their bank's app), whether paying now is needed, and the QR code only
 * on request (it serves another device). The QR's code is fetched when asked for.
 */
export function PixPayment({ pix, accepted }: { pix: NonNullable<Booking['pix']>; accepted?: string[] }) {
  const id = useId()
  const field = useRef<HTMLParagraphElement>(null)
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null)
  const [qrOpen, setQrOpen] = useState(false)
  const [qr, setQr] = useState<PixQrModule | null>(null)
  const [qrFailed, setQrFailed] = useState(false)
  const qrBox = useRef<HTMLDivElement>(null)
  // The QR code opens below the button: bring it into sight once drawn.
  useEffect(() => {
    if (qrOpen && qr) qrBox.current?.scrollIntoView?.({ block: 'nearest' })
  }, [qrOpen, qr])
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(pix.code)
      setCopied('yes')
    } catch {
      // No clipboard (an old browser, a denied permission): the code shows, selected.
      setCopied('failed')
      requestAnimationFrame(() => {
        if (field.current) window.getSelection()?.selectAllChildren(field.current)
      })
    }
  }
  const toggleQr = () => {
    const next = !qrOpen
    setQrOpen(next)
    if (next && !qr) {
      setQrFailed(false)
      import('./pix-qr').then(setQr, () => setQrFailed(true))
    }
  }
  return (
    <section aria-labelledby={`${id}-title`} className="grid grid-cols-1 gap-3 rounded-xl border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-x-3">
        <h3 id={`${id}-title`} className="font-semibold">
          Pagamento via Pix
        </h3>
        <strong className="tabular-nums">{formatBRL(pix.amount)}</strong>
      </div>
      <p className="text-sm text-muted-foreground">{payLaterNote(accepted)}</p>
      <button type="button" className={`${buttonVariants()} w-full`} onClick={() => void copy()}>
        {copied === 'yes' ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
        {copied === 'yes' ? 'Código copiado' : 'Copiar código Pix'}
      </button>
      <p role="status" className={copied === 'failed' ? 'text-sm font-medium' : 'sr-only'}>
        {copied === 'yes'
          ? 'Código Pix copiado. Cole no app do seu banco.'
          : copied === 'failed'
            ? 'Não foi possível copiar. Selecione o código abaixo e copie com o menu do seu celular.'
            : ''}
      </p>
      <p className="text-xs text-muted-foreground">
        No app do seu banco, escolha Pix copia e cola e cole o código.
        {pix.receiverName && <> Quem recebe: {pix.receiverName}.</>}
      </p>
      <button
        type="button"
        className={`${buttonVariants({ variant: 'outline' })} w-full`}
        aria-expanded={qrOpen}
        aria-controls={`${id}-qr`}
        onClick={toggleQr}
      >
        <QrCodeIcon aria-hidden="true" />
        {qrOpen ? 'Esconder QR Code' : 'Mostrar QR Code'}
      </button>
      <div ref={qrBox} id={`${id}-qr`} hidden={!qrOpen} className="grid grid-cols-1 justify-items-center gap-2">
        {qrOpen &&
          (qr ? (
            <>
              <qr.PixQr code={pix.code} className="size-48" />
              <p className="text-center text-xs text-muted-foreground">Para pagar com outro celular: aponte a câmera do app do banco.</p>
            </>
          ) : qrFailed ? (
            <p role="alert" className="text-center text-sm">
              Não foi possível mostrar o QR Code agora. Use &apos;Copiar código Pix&apos;.
            </p>
          ) : (
            <div className="size-48 animate-pulse rounded-lg bg-muted" aria-hidden="true" />
          ))}
      </div>
      {(copied === 'failed' || qrOpen) && (
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
        </div>
      )}
    </section>
  )
}
