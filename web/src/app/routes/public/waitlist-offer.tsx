import { useParams } from 'react-router'

import { WaitlistOfferPage } from '@/features/public/components/waitlist-offer-page'

/** /lista-de-espera/:token: a waitlist offer's link (book the time held for the customer). */
export function WaitlistOfferRoute() {
  const { token = '' } = useParams()
  return <WaitlistOfferPage key={token} token={token} />
}
