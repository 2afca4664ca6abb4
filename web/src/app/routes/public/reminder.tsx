import { useParams, useSearchParams } from 'react-router'

import { ReminderPage } from '@/features/public/components/reminder-page'

/** /lembrete/:token: a reminder's link (confirm presence; ?sair=1 offers to stop the emails). */
export function ReminderRoute() {
  const { token = '' } = useParams()
  const [search] = useSearchParams()
  return <ReminderPage key={token} token={token} leaving={search.get('sair') === '1'} />
}
