import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'

import { paths } from '@/config/paths'

import { type ApiError, isApiError } from './api-client'
import { queryKeys } from './query-keys'

/** The limit's toast stays 5 s (SPEC.md section 9). */
export const LIMIT_TOAST_MS = 5000

/** The one id of every toast that sends the owner to Planos (a refused booking, the guard). */
export const PLAN_TOAST_ID = 'plan'

/**
 * showPlanToast says why the owner is sent to Planos, once: while such a toast is on screen (or
 * waiting for it), another one is not added. A refused booking makes the guard of the page it
 * was on say the limit again as Planos loads; two 5 s toasts of one refusal played back to back
 * (issue 23).
 */
export function showPlanToast(message: string, duration: number, kind: 'error' | 'warning' = 'error') {
  if (toast.getToasts().some((t) => t.id === PLAN_TOAST_ID)) return
  toast[kind](message, { id: PLAN_TOAST_ID, duration })
}

/** isPlanLimit: the server refused a booking because the free plan's appointments are used up (402). */
export function isPlanLimit(error: unknown): error is ApiError {
  return isApiError(error) && error.code === 'plan_limit'
}

/**
 * usePlanLimitRedirect answers the handler for a refused booking or restore: at the free limit
 * it shows the server's message for 5 s and opens Planos (SPEC.md section 8), and answers true;
 * any other error is left to the caller (false).
 */
export function usePlanLimitRedirect() {
  const client = useQueryClient()
  const navigate = useNavigate()
  return useCallback(
    (error: unknown) => {
      if (!isPlanLimit(error)) return false
      showPlanToast(error.message, LIMIT_TOAST_MS)
      // Planos and the guard read the usage again: it is at the limit now.
      void client.invalidateQueries({ queryKey: queryKeys.plan })
      void navigate(paths.dashboard.plans.path)
      return true
    },
    [client, navigate],
  )
}
