import { useCallback, useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router'

import { currentOpener } from '@/lib/focus-return'

import type { PublicProfessional, PublicService, PublicStoreInfo } from '../api/types'
import { BookingLauncher } from '../components/booking-launcher'
import { firstOpenStep, sheetEntry, stepOf, stepSearch, stepsFor, type Selection } from '../components/booking-steps'

/**
 * useBookingLauncher answers `open(start)` for the "Agendar" buttons (start holds what the
 * button already chose) and the sheet to render, null while closed. The flow lives in the
 * address (`?etapa=…`), one history entry a step, so the browser's Back goes back a step; the
 * sheet is open while the address names a step. When it closes, focus returns to the button
 * that opened it.
 */
export function useBookingLauncher(props: {
  store: PublicStoreInfo
  services: PublicService[]
  professionals: PublicProfessional[]
  lockedProfessionalId?: string
}) {
  const location = useLocation()
  const navigate = useNavigate()
  const entry = sheetEntry(location.state)
  const asked = stepOf(location.search) !== null
  const isOpen = asked && entry !== null
  const opener = useRef<HTMLElement | null>(null)
  const reopen = useRef(false)
  const { store, lockedProfessionalId: locked } = props

  const open = useCallback(
    (start: Selection = {}) => {
      opener.current = currentOpener()
      const sel = locked ? { ...start, professionalId: locked } : start
      const step = firstOpenStep(stepsFor(store.bookingFlow, Boolean(locked)), sel)
      void navigate({ search: stepSearch(step) }, { state: { booking: { depth: 1, sel } }, preventScrollReset: true })
    },
    [navigate, store.bookingFlow, locked],
  )

  // An address with ?etapa= but no flow behind it (a shared link, a new tab) opens the flow
  // from its start, with the page itself put behind it in history: closing the flow or pressing
  // Back then shows the page instead of leaving the site.
  useEffect(() => {
    if (asked && !entry) {
      reopen.current = true
      void navigate({ search: '' }, { replace: true, preventScrollReset: true })
    } else if (!asked && reopen.current) {
      reopen.current = false
      open()
    }
  }, [asked, entry, navigate, open])

  useEffect(() => {
    if (isOpen || !opener.current) return
    const el = opener.current
    opener.current = null
    if (el.isConnected) el.focus({ preventScroll: true })
  }, [isOpen])

  const close = useCallback(() => {
    const depth = entry?.depth ?? 0
    if (depth > 0) void navigate(-depth)
    else void navigate({ search: '' }, { replace: true, preventScrollReset: true })
  }, [navigate, entry])

  const sheet = isOpen && entry ? <BookingLauncher {...props} start={entry.sel} onClose={close} /> : null
  return { open, sheet, isOpen }
}
