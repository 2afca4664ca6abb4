import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

import { recordPageView } from '../api/record-page-view'

/**
 * usePageView records one page view per public page once it has loaded (never from the
 * dashboard: only the public routes call it). The ref keeps Strict Mode's second effect run
 * from counting the same view twice.
 */
export function usePageView(ready: boolean) {
  const { pathname } = useLocation()
  const sent = useRef<string | null>(null)
  useEffect(() => {
    if (!ready || sent.current === pathname) return
    sent.current = pathname
    recordPageView(pathname, document.referrer)
  }, [ready, pathname])
}
