import { useParams } from 'react-router'

import { ManageBookingPage } from '@/features/public/components/manage-booking-page'

/** /agendamento/:token: the customer's manage link (see, move or cancel a booking). */
export function ManageBookingRoute() {
  const { token = '' } = useParams()
  return <ManageBookingPage key={token} token={token} />
}
