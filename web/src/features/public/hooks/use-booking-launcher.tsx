import { useCallback, useEffect, useRef, useState } from 'react'

import { currentOpener } from '@/lib/focus-return'

import type { PublicProfessional, PublicService, PublicStoreInfo } from '../api/types'
import { BookingLauncher } from '../components/booking-launcher'
import type { Selection } from '../components/booking-flow'

/**
 * useBookingLauncher answers `open(start)` for the "Agendar" buttons (start holds what the
 * button already chose) and the sheet to render, null while closed. When the sheet closes,
 * focus returns to the button that opened it.
 */
export function useBookingLauncher(props: {
  store: PublicStoreInfo
  services: PublicService[]
  professionals: PublicProfessional[]
  lockedProfessionalId?: string
}) {
  const [start, setStart] = useState<Selection | null>(null)
  const opener = useRef<HTMLElement | null>(null)
  const open = useCallback((selection: Selection = {}) => {
    opener.current = currentOpener()
    setStart(selection)
  }, [])
  useEffect(() => {
    if (start !== null || !opener.current) return
    const el = opener.current
    opener.current = null
    if (el.isConnected) el.focus({ preventScroll: true })
  }, [start])
  const sheet = start ? <BookingLauncher {...props} start={start} onClose={() => setStart(null)} /> : null
  return { open, sheet, isOpen: start !== null }
}
