import { CatalogContext } from '@/features/appointments/components/catalog-context'
import { DashboardCards, TodayPanel, TomorrowReminders } from '@/features/appointments/components/home-panels'

import { useAgendaCatalog } from './use-agenda-catalog'

/**
 * AgendaHome is the agenda's part of the dashboard home: the figures, today's appointments and
 * tomorrow's reminders, with the names they need. Place it in home.tsx as <AgendaHome />.
 */
export function AgendaHome() {
  return (
    <CatalogContext value={useAgendaCatalog()}>
      <div className="grid grid-cols-1 gap-4 lg:gap-6">
        <DashboardCards />
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 lg:gap-6">
          <TodayPanel />
          <TomorrowReminders />
        </div>
      </div>
    </CatalogContext>
  )
}
