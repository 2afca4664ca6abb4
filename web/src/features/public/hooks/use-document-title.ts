import { useEffect } from 'react'

/** useDocumentTitle names the browser tab (and shared links) after the page's store or person. */
export function useDocumentTitle(title: string | null | undefined) {
  useEffect(() => {
    if (!title) return
    const before = document.title
    document.title = title
    return () => {
      document.title = before
    }
  }, [title])
}
