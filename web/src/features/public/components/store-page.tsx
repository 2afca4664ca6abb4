import { useEffect } from 'react'

import { CONTENT_ID, SkipLink } from '@/components/layout/skip-link'

import type { Loaded } from '../api/loaded'
import type { PublicStoreInfo, PublicStorePage } from '../api/types'
import { useBookingLauncher } from '../hooks/use-booking-launcher'
import { useDocumentTitle } from '../hooks/use-document-title'
import { usePageView } from '../hooks/use-page-view'

import { BookingClosedNotice } from './booking-closed'
import { preloadBookingSheet } from './load-booking-sheet'
import { ProfessionalList, ServiceList } from './catalog'
import { CalendarCheckIcon, MessageCircleIcon } from './icons'
import { greetingLink, storeWhatsapp } from './links'
import { PublicFooter } from './public-shell'
import { PublicLoadError, PublicNotFound } from './public-states-lazy'
import { initialsOf, thumbOf } from './labels'
import { StoreInfo } from './store-info'

// The store's public page (/store/{slug}): the first thing a customer sees from Instagram, so
// it is kept small (DESIGN.md section 12) and everything heavier loads after it.

// On a phone "Agendar horário" sits in a bar at the bottom, under the thumb; from sm up, in the hero.
const ctaClass =
  'hidden h-11 items-center justify-center gap-2 rounded-full bg-white px-6 font-semibold text-foreground shadow-sm transition-colors hover:bg-white/90 focus-visible:ring-[3px] focus-visible:ring-white/60 outline-none sm:inline-flex'
const stickyClass =
  'inline-flex h-11 w-full items-center justify-center gap-2 rounded-full bg-primary px-6 font-semibold text-primary-foreground shadow-sm transition-colors hover:bg-primary/90 focus-visible:ring-[3px] focus-visible:ring-ring/50 outline-none'
const ghostClass =
  'inline-flex h-11 items-center justify-center gap-2 rounded-full bg-white/10 px-5 font-medium ring-1 ring-white/40 transition-colors hover:bg-white/15 focus-visible:ring-[3px] focus-visible:ring-white/60 outline-none'

/** StoreLogo is the logo (small copy) or the store's initials on a glass tile, fixed at 80 px. */
export function StoreLogo({ store }: { store: Pick<PublicStoreInfo, 'logo' | 'name'> }) {
  return (
    <span className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-2xl bg-white/20 text-2xl font-semibold ring-4 ring-white/30">
      {store.logo ? (
        <img src={thumbOf(store.logo)} alt={`Logo ${store.name}`} width={80} height={80} className="size-full object-cover" />
      ) : (
        <span aria-hidden="true">{initialsOf(store.name)}</span>
      )}
    </span>
  )
}

/**
 * StorePage shows a store its route's loader read (by slug), or its not-found and error states.
 */
export function StorePage({ loaded, onRetry }: { loaded: Loaded<PublicStorePage>; onRetry: () => void }) {
  usePageView(loaded.ok)
  useDocumentTitle(loaded.ok ? `${loaded.data.store.name} · Agende seu horário` : null)

  if (!loaded.ok) {
    if (loaded.notFound) {
      return (
        <PublicNotFound
          title="Loja não encontrada"
          text="Não encontramos nenhuma loja neste endereço. Confira o link que você recebeu ou fale com o estabelecimento."
        />
      )
    }
    return <PublicLoadError onRetry={onRetry} />
  }
  return <StoreView {...loaded.data} />
}

function StoreView({ store, services, professionals }: PublicStorePage) {
  const booking = useBookingLauncher({ store, services, professionals })
  const whatsapp = storeWhatsapp(store)
  // A store at its plan's limit says so before the first tap, and offers no flow it would refuse.
  const closed = !store.acceptsBookings
  const canBook = services.length > 0 && !closed
  // Fetch the flow's code while the visitor reads, so the first "Agendar" opens at once.
  useEffect(() => {
    if (!canBook) return
    const id = window.setTimeout(preloadBookingSheet, 1500)
    return () => window.clearTimeout(id)
  }, [canBook])

  return (
    <>
      <div inert={booking.isOpen} className={canBook ? 'pb-20 sm:pb-0' : undefined}>
        <SkipLink />
        <header className="relative overflow-hidden text-white" style={{ backgroundImage: store.heroGradient }}>
          <div aria-hidden="true" className="absolute -top-12 -right-8 size-40 rounded-full bg-white/10 blur-2xl" />
          <div className="relative mx-auto max-w-5xl px-4 pt-10 pb-20 sm:px-6 sm:pt-14 sm:pb-24">
            <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
              <StoreLogo store={store} />
              <div className="min-w-0">
                <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{store.name}</h1>
                {store.description && <p className="mt-2 max-w-xl text-white/90">{store.description}</p>}
              </div>
            </div>
            <div className="mt-6 flex flex-wrap justify-center gap-3 sm:justify-start">
              {canBook && (
                <button type="button" className={ctaClass} onClick={() => booking.open()}>
                  <CalendarCheckIcon className="size-5 text-primary" aria-hidden="true" />
                  Agendar horário
                </button>
              )}
              {whatsapp && !closed && (
                <a href={greetingLink(whatsapp, store.name)} target="_blank" rel="noopener noreferrer" className={ghostClass}>
                  <MessageCircleIcon className="size-5" aria-hidden="true" />
                  WhatsApp
                </a>
              )}
            </div>
          </div>
        </header>

        <div className="relative mx-auto -mt-12 grid max-w-5xl grid-cols-1 gap-6 px-4 sm:px-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
          <main id={CONTENT_ID} tabIndex={-1} className="grid min-w-0 grid-cols-1 gap-6 outline-none">
            {closed && <BookingClosedNotice store={store} />}
            <section aria-labelledby="services-title" className="rounded-2xl border bg-card p-5 shadow-sm">
              <h2 id="services-title" className="mb-4 text-lg font-semibold">
                Serviços
              </h2>
              <ServiceList services={services} onBook={canBook ? (s) => booking.open({ serviceId: s.id }) : undefined} />
            </section>
            {professionals.length > 0 && (
              <section aria-labelledby="team-title" className="rounded-2xl border bg-card p-5 shadow-sm">
                <h2 id="team-title" className="mb-4 text-lg font-semibold">
                  Profissionais
                </h2>
                <ProfessionalList
                  professionals={professionals}
                  onBook={canBook ? (p) => booking.open({ professionalId: p.id }) : undefined}
                />
              </section>
            )}
          </main>
          <StoreInfo store={store} />
        </div>
        <PublicFooter store={{ name: store.name, phone: store.phone, whatsapp: store.socialMedia.whatsapp }} />

        {canBook && (
          <div className="fixed inset-x-0 bottom-0 z-10 border-t bg-card/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur sm:hidden">
            <button type="button" className={stickyClass} onClick={() => booking.open()}>
              <CalendarCheckIcon className="size-5" aria-hidden="true" />
              Agendar horário
            </button>
          </div>
        )}
      </div>
      {booking.sheet}
    </>
  )
}
