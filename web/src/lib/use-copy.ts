import { useEffect, useState } from 'react'
import { toast } from 'sonner'

/**
 * useCopy copies text to the clipboard with a toast: `done` on success (and `copied` true for
 * 2 s, for a check mark), `failed` when the browser refuses.
 */
export function useCopy(text: string, messages: { done: string; failed: string }) {
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 2000)
    return () => clearTimeout(timer)
  }, [copied])
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      setCopied(true)
      toast.success(messages.done)
    } catch (error) {
      console.error(messages.failed, error)
      toast.error(messages.failed)
    }
  }
  return { copied, copy }
}
