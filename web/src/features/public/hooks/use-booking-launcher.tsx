import { useCallback, useState } from 'react'

import type { PublicProfessional, PublicService, PublicStoreInfo } from '../api/types'
import { BookingLauncher } from '../components/booking-launcher'
import type { Selection } from '../components/booking-flow'

/**
 * useBookingLauncher answers `open(start)` for the "Agendar" buttons (start holds what the
 * button already chose) and the sheet to render, null while closed.
 */
export function useBookingLauncher(props: {
  store: PublicStoreInfo
  services: PublicService[]
  professionals: PublicProfessional[]
  lockedProfessionalId?: string
}) {
  const [start, setStart] = useState<Selection | null>(null)
  const open = useCallback((selection: Selection = {}) => setStart(selection), [])
  const sheet = start ? <BookingLauncher {...props} start={start} onClose={() => setStart(null)} /> : null
  return { open, sheet, isOpen: start !== null }
}
