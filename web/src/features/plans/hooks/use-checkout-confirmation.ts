import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'

import { usePlanOverview } from '../api/get-plan-overview'
import { isPremiumActive } from '../api/plan-status'

/** While waiting for Stripe, the plan is read again this often (plan.updated usually comes first). */
export const CHECKOUT_POLL_MS = 3000
/** After this long without a confirmation the page says so honestly, and polls less often. */
export const CHECKOUT_PATIENCE_MS = 60_000
const SLOW_POLL_MS = 30_000

/**
 * - none: no payment under way;
 * - waiting: back from Stripe's checkout (`?checkout=success`), the plan not Premium yet;
 * - slow: still waiting after a minute;
 * - confirmed: the plan turned Premium while the page was open.
 */
export type CheckoutPhase = 'none' | 'waiting' | 'slow' | 'confirmed'

/**
 * useCheckoutConfirmation reads the Planos page's overview and, after a return from Stripe's
 * checkout, follows the plan until the webhook makes it Premium: the event stream's
 * plan.updated refreshes it at once, and a poll every 3 s stands in when the stream is down.
 * Once confirmed, the parameter leaves the address (a reload shows the plan, not the
 * confirmation).
 */
export function useCheckoutConfirmation() {
  const [params, setParams] = useSearchParams()
  const returned = params.get('checkout') === 'success'
  const [slow, setSlow] = useState(false)
  const [welcome, setWelcome] = useState(false)
  const waiting = returned && !welcome
  const overview = usePlanOverview({
    refetchInterval: waiting ? (slow ? SLOW_POLL_MS : CHECKOUT_POLL_MS) : false,
  })
  const premium = overview.data ? isPremiumActive(overview.data.plan) : false
  if (waiting && premium) setWelcome(true)

  useEffect(() => {
    if (!returned) return
    const timer = setTimeout(() => setSlow(true), CHECKOUT_PATIENCE_MS)
    return () => clearTimeout(timer)
  }, [returned])

  useEffect(() => {
    if (!welcome || !returned) return
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.delete('checkout')
        return next
      },
      { replace: true, preventScrollReset: true },
    )
  }, [welcome, returned, setParams])

  const phase: CheckoutPhase = welcome ? 'confirmed' : returned ? (slow ? 'slow' : 'waiting') : 'none'
  return { overview, phase }
}
