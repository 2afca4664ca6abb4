import { useSyncExternalStore } from 'react'

/**
 * useMediaQuery follows a CSS media query ("(min-width: 768px)"). Where matchMedia is missing
 * (tests, very old browsers) it answers `fallback`.
 */
export function useMediaQuery(query: string, fallback = true) {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {}
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback),
    () => fallback,
  )
}
