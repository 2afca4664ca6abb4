import { useParams } from 'react-router'

import { paths } from '@/config/paths'
import { PromotionClients } from '@/features/promotions/components/promotion-clients'
import { PromotionsPage } from '@/features/promotions/components/promotions-page'
import { useServices } from '@/features/services/api/get-services'
import { useStore } from '@/features/store/api/get-store'
import { phoneDigits } from '@/lib/phone'

/** Promoções: the loyalty cards and levels, with the services' names from their own feature. */
export function PromotionsRoute() {
  const services = useServices().data
  return <PromotionsPage services={services} detailPath={paths.dashboard.promotion.build} />
}

/** One promotion's clients, with the store's name for the WhatsApp message. */
export function PromotionRoute() {
  const { id = '' } = useParams()
  const services = useServices().data
  const storeName = useStore().data?.name
  return (
    <PromotionClients
      key={id}
      id={id}
      storeName={storeName || undefined}
      // '…' while the names load, undefined once a service is gone for good.
      serviceName={(serviceId) => (services ? services.find((s) => s.id === serviceId)?.name : '…')}
      backPath={paths.dashboard.promotions.path}
      clientPath={(phone) => paths.dashboard.client.build(phoneDigits(phone))}
    />
  )
}
