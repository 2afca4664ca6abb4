import { lazy, Suspense } from 'react'

import type { BookingSheetProps } from './booking-sheet'
import { loadBookingSheet } from './load-booking-sheet'

const BookingSheet = lazy(() => loadBookingSheet().then((m) => ({ default: m.BookingSheet })))

/** BookingLauncher renders the booking sheet once its code has arrived, a veil until then. */
export function BookingLauncher(props: BookingSheetProps) {
  return (
    <Suspense
      fallback={
        <div className="fixed inset-0 z-50 flex items-center justify-center bg-foreground/40" role="status">
          <span className="rounded-full bg-card px-4 py-2 text-sm shadow-lg">Carregando…</span>
        </div>
      }
    >
      <BookingSheet {...props} />
    </Suspense>
  )
}
