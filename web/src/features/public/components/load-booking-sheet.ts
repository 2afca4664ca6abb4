// The booking flow is its own chunk: the page shows first, the flow loads on the first
// "Agendar" or while the visitor reads (preloadBookingSheet).

export const loadBookingSheet = () => import('./booking-sheet')

/** preloadBookingSheet fetches the flow's code ahead of the first tap. */
export function preloadBookingSheet() {
  void loadBookingSheet().catch(() => undefined)
}
