import { useEffect } from 'react'
import { useMatches } from 'react-router'

export type RouteHandle = { title?: string }

/** usePageTitle is the deepest matched route's title; it also names the browser tab. */
export function usePageTitle() {
  const matches = useMatches()
  const title =
    matches
      .map((match) => (match.handle as RouteHandle | undefined)?.title)
      .filter(Boolean)
      .at(-1) ?? 'Dashboard'
  useEffect(() => {
    document.title = `${title} · Agendo`
  }, [title])
  return title
}
