import { CalendarDaysIcon, CalendarRangeIcon, ListIcon, PlusIcon, Trash2Icon } from 'lucide-react'
import { type ReactNode, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'

import { Button } from '@/components/ui/button'
import { Chip } from '@/components/ui/chip'
import { type TabItem, Tabs } from '@/components/ui/tabs'
import { useMyAgenda } from '@/lib/auth/permissions'
import { isValidDate } from '@/lib/dates'

import type { AppointmentDefaults } from '../api/appointment-form'
import type { Appointment } from '../api/get-appointments'
import { useCachedAppointment } from '../hooks/use-cached-appointment'
import { type AgendaActions, AgendaActionsContext } from './agenda-actions'
import { AppointmentDetailsDialog } from './appointment-details-dialog'
import { AppointmentFormDialog } from './appointment-form-dialog'
import { MY_AGENDA, useStoreNow } from './catalog-context'
import { DayView } from './day-view'
import { ListView } from './list-view'
import { TrashView } from './trash-view'
import { WeekView } from './week-view'

type View = 'day' | 'week' | 'list' | 'trash'

const VIEWS: readonly TabItem<View>[] = [
  { value: 'day', label: 'Dia', icon: <CalendarDaysIcon aria-hidden="true" /> },
  { value: 'week', label: 'Semana', icon: <CalendarRangeIcon aria-hidden="true" /> },
  { value: 'list', label: 'Lista', icon: <ListIcon aria-hidden="true" /> },
  { value: 'trash', label: 'Lixeira', icon: <Trash2Icon aria-hidden="true" /> },
]

function isView(value: string | null): value is View {
  return VIEWS.some((v) => v.value === value)
}

/**
 * AppointmentsPage is the Agendamentos page: the Dia, Semana, Lista and Lixeira tabs, the
 * booking dialog and an appointment's details. The tab and the day live in the address
 * (?view=week&date=2026-12-12), so a reload or a shared link opens the same agenda.
 */
export function AppointmentsPage({ extra }: { /** More of the page's actions, from the route (the waitlist). */ extra?: ReactNode } = {}) {
  const today = useStoreNow().date
  const [params, setParams] = useSearchParams()
  const rawView = params.get('view')
  const view: View = isView(rawView) ? rawView : 'day'
  const rawDate = params.get('date') ?? ''
  const date = isValidDate(rawDate) ? rawDate : today

  const [formOpen, setFormOpen] = useState(false)
  const [editing, setEditing] = useState<Appointment | null>(null)
  const [defaults, setDefaults] = useState<AppointmentDefaults>({ date })
  const [detailsOpen, setDetailsOpen] = useState(false)
  const [selected, setSelected] = useState<Appointment | null>(null)
  const current = useCachedAppointment(selected)

  const mine = useMyAgenda() !== null
  const onlyMine = mine && params.get('agenda') === MY_AGENDA

  const navigate = (next: { view?: View; date?: string; mine?: boolean }) => {
    setParams(
      (p) => {
        const out = new URLSearchParams(p)
        if (next.view) out.set('view', next.view)
        if (next.date) out.set('date', next.date)
        if (next.mine === true) out.set('agenda', MY_AGENDA)
        if (next.mine === false) out.delete('agenda')
        return out
      },
      { replace: next.view === undefined && next.mine === undefined },
    )
  }

  const actions = useMemo<AgendaActions>(
    () => ({
      open: (appointment) => {
        setSelected(appointment)
        setDetailsOpen(true)
      },
      edit: (appointment) => {
        setDetailsOpen(false)
        setEditing(appointment)
        setFormOpen(true)
      },
      create: (d) => {
        setEditing(null)
        setDefaults({ date, ...d })
        setFormOpen(true)
      },
    }),
    [date],
  )

  return (
    <AgendaActionsContext value={actions}>
      <Tabs
        label="Visualização da agenda"
        value={view}
        onValueChange={(v) => navigate({ view: v })}
        items={VIEWS}
        end={
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            {mine && (
              <Chip pressed={onlyMine} onClick={() => navigate({ mine: !onlyMine })} className="w-full sm:w-auto">
                Minha agenda
              </Chip>
            )}
            {extra}
            <Button onClick={() => actions.create()} className="w-full sm:w-auto">
              <PlusIcon aria-hidden="true" />
              Novo agendamento
            </Button>
          </div>
        }
      >
        {view === 'day' && <DayView date={date} onDateChange={(d) => navigate({ date: d })} />}
        {view === 'week' && (
          <WeekView
            date={date}
            onDateChange={(d) => navigate({ date: d })}
            onOpenDay={(d) => navigate({ view: 'day', date: d })}
          />
        )}
        {view === 'list' && <ListView key={onlyMine ? 'mine' : 'all'} />}
        {view === 'trash' && <TrashView />}
      </Tabs>

      <AppointmentFormDialog open={formOpen} onOpenChange={setFormOpen} appointment={editing} defaults={defaults} />
      <AppointmentDetailsDialog
        appointment={current}
        open={detailsOpen}
        onOpenChange={setDetailsOpen}
        onEdit={actions.edit}
      />
    </AgendaActionsContext>
  )
}
