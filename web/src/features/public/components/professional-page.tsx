import { ArrowLeftIcon, CalendarDaysIcon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'

import { CONTENT_ID, SkipLink } from '@/components/layout/skip-link'
import { publicPaths } from '@/config/paths'

import type { Loaded } from '../api/loaded'
import type { PublicProfessional, PublicProfessionalPage } from '../api/types'
import { useBookingLauncher } from '../hooks/use-booking-launcher'
import { useDocumentTitle } from '../hooks/use-document-title'
import { usePageView } from '../hooks/use-page-view'

import { preloadBookingSheet } from './load-booking-sheet'
import { BookingClosedNotice } from './booking-closed'
import { ServiceList, Specialties } from './catalog'
import { firstWord } from './booking-labels'
import { CalendarCheckIcon } from './icons'
import { initialsOf, thumbOf } from './labels'
import { PublicFooter } from './public-shell'
import { PublicLoadError, PublicNotFound } from './public-states-lazy'

// A professional's public panel (/profissional/{id}): photos, role, specialties, the services
// they perform, booking straight with them and, when they use it, their Google Calendar.

const ctaClass =
  'inline-flex h-11 items-center justify-center gap-2 rounded-full bg-white px-6 font-semibold text-foreground shadow-sm transition-colors hover:bg-white/90 focus-visible:ring-[3px] focus-visible:ring-white/60 outline-none'

/** Gallery shows the first photo large and the others as thumbnails that take its place. */
function Gallery({ professional }: { professional: PublicProfessional }) {
  const [current, setCurrent] = useState(0)
  const photos = professional.photos
  if (photos.length === 0) return null
  const main = photos[current] ?? photos[0] ?? ''
  return (
    <section aria-label="Fotos" className="grid grid-cols-1 gap-3 rounded-2xl border bg-card p-3 shadow-sm">
      <img
        src={main}
        alt={`Foto ${current + 1} de ${professional.name}`}
        width={800}
        height={600}
        className="aspect-[4/3] w-full rounded-xl bg-muted object-cover"
      />
      {photos.length > 1 && (
        <ul className="flex gap-2 overflow-x-auto p-1">
          {photos.map((photo, i) => (
            <li key={photo}>
              <button
                type="button"
                aria-label={`Ver foto ${i + 1}`}
                aria-pressed={i === current}
                onClick={() => setCurrent(i)}
                className={`block size-16 overflow-hidden rounded-lg ring-offset-2 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 ${i === current ? 'ring-2 ring-primary' : ''}`}
              >
                <img src={thumbOf(photo)} alt="" width={64} height={64} loading="lazy" className="size-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** ProfessionalPage shows the professional its route's loader read, or why it could not. */
export function ProfessionalPage({
  loaded,
  onRetry,
}: {
  loaded: Loaded<PublicProfessionalPage>
  onRetry: () => void
}) {
  usePageView(loaded.ok)
  useDocumentTitle(loaded.ok ? `${loaded.data.professional.name} · ${loaded.data.store.name}` : null)

  if (!loaded.ok) {
    if (loaded.notFound) {
      return (
        <PublicNotFound
          title="Profissional não encontrado"
          text="Não encontramos este profissional. O link pode estar incompleto ou o perfil foi removido."
        />
      )
    }
    return <PublicLoadError onRetry={onRetry} />
  }
  return <ProfessionalView {...loaded.data} />
}

function ProfessionalView({ professional, store, services }: PublicProfessionalPage) {
  const booking = useBookingLauncher({
    store,
    services,
    professionals: [professional],
    lockedProfessionalId: professional.id,
  })
  const closed = !store.acceptsBookings
  const canBook = services.length > 0 && !closed
  const first = firstWord(professional.name)
  const embed = professional.calendarType === 'google' ? professional.googleCalendarEmbed : null

  useEffect(() => {
    if (!canBook) return
    const t = window.setTimeout(preloadBookingSheet, 1500)
    return () => window.clearTimeout(t)
  }, [canBook])

  return (
    <>
      <div inert={booking.isOpen}>
        <SkipLink />
        <header className="relative overflow-hidden text-white" style={{ backgroundImage: store.heroGradient }}>
          <div aria-hidden="true" className="absolute -top-12 -right-8 size-40 rounded-full bg-white/10 blur-2xl" />
          <div className="relative mx-auto max-w-3xl px-4 pt-4 pb-20 sm:px-6">
            <Link
              to={publicPaths.store.build(store.slug)}
              className="inline-flex items-center gap-1.5 rounded-full px-2 py-1 text-sm font-medium text-white/90 hover:bg-white/15"
            >
              <ArrowLeftIcon className="size-4" aria-hidden="true" />
              {store.name}
            </Link>
            <div className="mt-6 grid grid-cols-1 justify-items-center gap-3 text-center">
              <span className="flex size-28 items-center justify-center overflow-hidden rounded-full bg-white/20 text-3xl font-semibold ring-4 ring-white/30">
                {professional.photos[0] ? (
                  <img
                    src={thumbOf(professional.photos[0])}
                    alt=""
                    width={112}
                    height={112}
                    className="size-full object-cover"
                  />
                ) : (
                  <span aria-hidden="true">{initialsOf(professional.name)}</span>
                )}
              </span>
              <div>
                <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{professional.name}</h1>
                {professional.role && <p className="mt-1 text-white/90">{professional.role}</p>}
              </div>
              {canBook && (
                <button type="button" className={`${ctaClass} mt-2`} onClick={() => booking.open()}>
                  <CalendarCheckIcon className="size-5 text-primary" aria-hidden="true" />
                  Agendar com {first}
                </button>
              )}
            </div>
          </div>
        </header>

        <main
          id={CONTENT_ID}
          tabIndex={-1}
          className="relative mx-auto -mt-12 grid max-w-3xl grid-cols-1 gap-6 px-4 outline-none sm:px-6"
        >
          {closed && <BookingClosedNotice store={store} />}
          {professional.specialties.length > 0 && (
            <section aria-labelledby="specialties-title" className="grid grid-cols-1 gap-3 rounded-2xl border bg-card p-5 shadow-sm">
              <h2 id="specialties-title" className="text-lg font-semibold">
                Especialidades
              </h2>
              <Specialties items={professional.specialties} max={professional.specialties.length} />
            </section>
          )}
          <Gallery professional={professional} />
          <section aria-labelledby="services-title" className="rounded-2xl border bg-card p-5 shadow-sm">
            <h2 id="services-title" className="mb-4 text-lg font-semibold">
              Serviços
            </h2>
            <ServiceList services={services} onBook={canBook ? (s) => booking.open({ serviceId: s.id }) : undefined} />
          </section>
          {embed && (
            <section aria-labelledby="calendar-title" className="grid grid-cols-1 gap-3 rounded-2xl border bg-card p-5 shadow-sm">
              <h2 id="calendar-title" className="flex items-center gap-2 text-lg font-semibold">
                <CalendarDaysIcon className="size-5 text-primary" aria-hidden="true" />
                Agenda
              </h2>
              <iframe
                src={embed}
                title={`Agenda de ${professional.name} no Google Agenda`}
                loading="lazy"
                className="h-[32rem] w-full rounded-xl border-0 bg-muted"
              />
            </section>
          )}
        </main>
        <PublicFooter store={{ name: store.name, phone: store.phone, whatsapp: store.socialMedia.whatsapp }} />
      </div>
      {booking.sheet}
    </>
  )
}
