import '@testing-library/jest-dom/vitest'
import { onlineManager } from '@tanstack/react-query'
import { cleanup, configure } from '@testing-library/react'
import { toast } from 'sonner'
import { afterEach, vi } from 'vitest'

import { takeUnlistedCalls } from './api-mock'

// Route modules load lazily; on a busy 2-core machine the first import of a chunk can take
// longer than Testing Library's default 1 s.
configure({ asyncUtilTimeout: 5000 })

afterEach(() => {
  // Sonner keeps its toasts in module state and replays the active ones to the next toaster.
  toast.dismiss()
  cleanup()
  vi.useRealTimers()
  // A test that went offline (lib/connection) leaves the next one online.
  onlineManager.setOnline(true)
  // Tests of pure functions run in node (`// @vitest-environment node`), without a window.
  if (typeof window !== 'undefined') window.localStorage.clear()
  const unlisted = [...new Set(takeUnlistedCalls())]
  if (unlisted.length > 0) throw new Error(`the test's API mock does not list: ${unlisted.join(', ')}`)
})
