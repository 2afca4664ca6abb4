import { useEffect, useEffectEvent, useRef } from 'react'

import { newRequestId } from '@/lib/request-id'

import { useCreateBooking, type BookingInput } from '../api/create-booking'
import { isNetworkError } from '../api/network'
import type { Booking } from '../api/types'

/**
 * useBookingSend sends the customer's booking. Every try of the same booking carries the same
 * request id (a retry after a lost answer gets the booking already made), a new one once
 * anything in it changes; a booking that got no answer is sent again by itself when the
 * connection comes back, as the notice promises.
 */
export function useBookingSend(
  slug: string,
  { onBooked, onRefused }: { onBooked: (made: Booking) => void; onRefused: (error: Error) => void },
) {
  const create = useCreateBooking(slug)
  const request = useRef<{ key: string; id: string } | null>(null)
  const unsent = useRef<BookingInput | null>(null)

  const send = (input: BookingInput) => {
    unsent.current = null
    create.mutate(input, {
      onSuccess: onBooked,
      onError: (error) => {
        if (isNetworkError(error)) unsent.current = input
        onRefused(error)
      },
    })
  }

  const submit = (fields: Omit<BookingInput, 'requestId'>) => {
    const key = JSON.stringify(fields)
    if (request.current?.key !== key) request.current = { key, id: newRequestId() }
    send({ ...fields, requestId: request.current.id })
  }

  const resend = useEffectEvent(() => {
    if (unsent.current) send(unsent.current)
  })
  const waiting = isNetworkError(create.error)
  useEffect(() => {
    if (!waiting) return
    const again = () => resend()
    window.addEventListener('online', again)
    return () => window.removeEventListener('online', again)
  }, [waiting])

  return { create, submit }
}
