import { useEffect, useRef } from 'react'

/**
 * useSheetFocus keeps the page behind still while the sheet is open; within the sheet, focus
 * follows the step (`shown`), so a screen reader reads the new question and a keyboard starts
 * there, scrolled to the top. Focus goes back to the control that opened the sheet through the
 * launcher (useBookingLauncher), without scrolling the page.
 */
export function useSheetFocus(shown: string) {
  const headingRef = useRef<HTMLHeadingElement>(null)
  const scrollRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const overflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    return () => {
      document.body.style.overflow = overflow
    }
  }, [])

  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0
    headingRef.current?.focus()
  }, [shown])

  return { headingRef, scrollRef }
}
