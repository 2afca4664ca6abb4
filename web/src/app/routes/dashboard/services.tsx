import { useProfessionals } from '@/features/professionals/api/get-professionals'
import { ServicesPanel } from '@/features/services/components/services-panel'

/** The services page, with the professionals' names from their own feature. */
export function ServicesRoute() {
  const professionals = useProfessionals().data
  return <ServicesPanel professionals={professionals} />
}
