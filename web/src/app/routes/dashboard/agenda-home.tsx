import { useDashboard } from '@/features/appointments/api/get-dashboard'
import { CatalogContext } from '@/features/appointments/components/catalog-context'
import { DashboardCards, TodayPanel, TomorrowReminders } from '@/features/appointments/components/home-panels'

import { useAgendaCatalog } from './use-agenda-catalog'

/**
 * AgendaHome is the agenda's part of the dashboard home: the figures, today's appointments and
 * tomorrow's reminders, with the names they need. Before the first appointment there is nothing
 * to count: the figures (a wall of zeros and '0%') and tomorrow's reminders wait, and today's
 * panel says where the first one will come from (issue 23).
 */
export function AgendaHome({ figures = true }: { figures?: boolean }) {
  const count = useDashboard().data?.usage.count
  // A professional's home is their day: the store's figures (and its count) are not theirs.
  const fresh = figures && count === 0
  return (
    <CatalogContext value={useAgendaCatalog()}>
      <div className="grid grid-cols-1 gap-4 lg:gap-6">
        {figures && !fresh && <DashboardCards />}
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 lg:gap-6">
          <TodayPanel className={fresh ? 'lg:col-span-2' : undefined} />
          {!fresh && <TomorrowReminders />}
        </div>
      </div>
    </CatalogContext>
  )
}
