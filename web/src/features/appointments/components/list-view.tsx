import { PencilIcon, SearchIcon, Trash2Icon, XIcon } from 'lucide-react'
import { useState } from 'react'

import { LoadError } from '@/components/layout/load-error'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Pager } from '@/components/ui/pager'
import { NativeSelect } from '@/components/ui/select'
import { Skeleton } from '@/components/ui/skeleton'
import { type AppointmentStatus, STATUS_LABELS, STATUSES } from '@/lib/appointment-status'
import { dayMonth, weekdayShort } from '@/lib/dates'
import { formatPhone } from '@/lib/phone'
import { formatBRL } from '@/lib/money'
import { useDebouncedValue } from '@/lib/use-debounced-value'
import { useMediaQuery } from '@/lib/use-media-query'
import { cn } from '@/lib/utils'

import { type Appointment, useAppointments } from '../api/get-appointments'
import { useDeleteAppointment } from '../hooks/use-delete-appointment'
import { useAgendaActions } from './agenda-actions'
import { AppointmentCard } from './appointment-card'
import { findProfessional, findService, useCatalog, useStoreNow } from './catalog-context'
import { ReminderButton } from './reminder-button'
import { StatusActions } from './status-actions'
import { StatusBadge } from './status-badge'

export const LIST_PAGE_SIZE = 20

type Filters = { from: string; to: string; professionalId: string; status: AppointmentStatus | ''; q: string }

/** The list: every appointment matching the filters, in date order, a page at a time. */
export function ListView() {
  const catalog = useCatalog()
  const today = useStoreNow().date
  const wide = useMediaQuery('(min-width: 768px)')
  const initial: Filters = { from: today, to: '', professionalId: catalog.agenda ?? '', status: '', q: '' }
  const [filters, setFilters] = useState<Filters>(initial)
  const [offset, setOffset] = useState(0)
  const q = useDebouncedValue(filters.q.trim(), 300)
  const { data, isPending, isError, error, isPlaceholderData, refetch } = useAppointments({
    from: filters.from,
    to: filters.to,
    professionalId: filters.professionalId,
    status: filters.status,
    q,
    limit: LIST_PAGE_SIZE,
    offset,
  })
  const set = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }))
    setOffset(0)
  }
  // 'Minha agenda' is where the list starts, not a filter to clear.
  const filtered =
    filters.to !== '' ||
    filters.professionalId !== initial.professionalId ||
    filters.status !== '' ||
    filters.q !== '' ||
    filters.from !== today

  return (
    <div className="grid grid-cols-1 gap-4">
      <div
        role="search"
        aria-label="Filtrar agendamentos"
        className="grid grid-cols-2 gap-3 rounded-xl border bg-card p-3 shadow-xs sm:p-4 lg:grid-cols-5"
      >
        <div className="grid grid-cols-1 gap-1.5">
          <Label htmlFor="filter-from">De</Label>
          <Input
            id="filter-from"
            type="date"
            className="px-2 sm:px-3"
            value={filters.from}
            onChange={(e) => set({ from: e.target.value })}
          />
        </div>
        <div className="grid grid-cols-1 gap-1.5">
          <Label htmlFor="filter-to">Até</Label>
          <Input
            id="filter-to"
            type="date"
            className="px-2 sm:px-3"
            value={filters.to}
            min={filters.from || undefined}
            onChange={(e) => set({ to: e.target.value })}
          />
        </div>
        <div className="grid grid-cols-1 gap-1.5">
          <Label htmlFor="filter-professional">Profissional</Label>
          <NativeSelect
            id="filter-professional"
            value={filters.professionalId}
            onChange={(e) => set({ professionalId: e.target.value })}
          >
            <option value="">Todos</option>
            {catalog.professionals.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid grid-cols-1 gap-1.5">
          <Label htmlFor="filter-status">Status</Label>
          <NativeSelect
            id="filter-status"
            value={filters.status}
            onChange={(e) => set({ status: e.target.value as AppointmentStatus | '' })}
          >
            <option value="">Todos</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="col-span-2 grid grid-cols-1 gap-1.5 lg:col-span-1">
          <Label htmlFor="filter-q">Cliente</Label>
          <div className="relative">
            <SearchIcon
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id="filter-q"
              type="search"
              placeholder="Nome ou telefone"
              className="pl-9"
              value={filters.q}
              onChange={(e) => set({ q: e.target.value })}
            />
          </div>
        </div>
        {filtered && (
          <Button
            variant="link"
            size="sm"
            className="col-span-2 w-fit justify-self-start lg:col-span-5"
            onClick={() => {
              setFilters(initial)
              setOffset(0)
            }}
          >
            <XIcon aria-hidden="true" />
            Limpar filtros
          </Button>
        )}
      </div>

      {isPending ? (
        <div className="grid grid-cols-1 gap-2" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-20 rounded-xl" />
          ))}
        </div>
      ) : isError ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : data.items.length === 0 ? (
        <p className="rounded-xl border border-dashed bg-card px-6 py-10 text-center text-sm text-muted-foreground">
          {filtered ? 'Nenhum agendamento encontrado com esses filtros.' : 'Nenhum agendamento de hoje em diante.'}
        </p>
      ) : (
        <div className={cn('grid grid-cols-1 gap-3 transition-opacity', isPlaceholderData && 'opacity-60')}>
          {wide ? (
            <AppointmentTable items={data.items} />
          ) : (
            <ul className="grid grid-cols-1 gap-2">
              {data.items.map((a) => (
                <li key={a.id}>
                  <AppointmentCard appointment={a} showDate />
                </li>
              ))}
            </ul>
          )}
          <Pager offset={offset} limit={LIST_PAGE_SIZE} total={data.total} onOffsetChange={setOffset} noun="agendamentos" />
        </div>
      )}
    </div>
  )
}

function AppointmentTable({ items }: { items: Appointment[] }) {
  const catalog = useCatalog()
  const agenda = useAgendaActions()
  const remove = useDeleteAppointment()
  return (
    <div className="overflow-x-auto rounded-xl border bg-card shadow-xs">
      <table className="w-full text-sm">
        <thead className="border-b bg-muted/50 text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-2.5 font-medium">
              Quando
            </th>
            <th scope="col" className="px-4 py-2.5 font-medium">
              Cliente
            </th>
            <th scope="col" className="px-4 py-2.5 font-medium">
              Serviço
            </th>
            <th scope="col" className="px-4 py-2.5 font-medium">
              Status
            </th>
            <th scope="col" className="px-4 py-2.5 text-right font-medium">
              Ações
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((a) => {
            const deleted = a.isDeleted === true
            const service = findService(catalog, a.serviceId)
            return (
              <tr
                key={a.id}
                aria-label={a.clientName}
                className={cn(
                  'border-b transition-opacity duration-300 last:border-0',
                  deleted && 'line-through opacity-50',
                )}
              >
                <td className="px-4 py-3 whitespace-nowrap">
                  <span className="block font-medium tabular-nums">
                    {weekdayShort(a.date)} {dayMonth(a.date)}
                  </span>
                  <span className="text-muted-foreground tabular-nums">{a.time}</span>
                </td>
                <td className="max-w-48 px-4 py-3">
                  <button
                    type="button"
                    className="block max-w-full truncate text-left font-medium outline-none hover:underline focus-visible:underline"
                    onClick={() => agenda?.open(a)}
                  >
                    {a.clientName}
                  </button>
                  <span className="block text-muted-foreground tabular-nums">{formatPhone(a.clientPhone)}</span>
                </td>
                <td className="max-w-48 px-4 py-3">
                  <span className="block truncate">{service?.name ?? 'Serviço excluído'}</span>
                  <span className="block truncate text-muted-foreground">
                    {findProfessional(catalog, a.professionalId)?.name ?? 'Profissional excluído'}
                    {a.price !== null && ` · ${formatBRL(a.price)}`}
                  </span>
                </td>
                <td className="px-4 py-3">
                  {deleted ? <span className="text-xs text-muted-foreground">Excluído</span> : <StatusBadge status={a.status} />}
                </td>
                <td className="px-4 py-3">
                  {!deleted && (
                    <div className="flex items-center justify-end gap-1">
                      <StatusActions appointment={a} compact className="flex-nowrap" />
                      <ReminderButton appointment={a} compact />
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        aria-label="Editar agendamento"
                        title="Editar agendamento"
                        onClick={() => agenda?.edit(a)}
                      >
                        <PencilIcon aria-hidden="true" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        className="text-muted-foreground hover:text-destructive"
                        aria-label="Excluir agendamento"
                        title="Excluir agendamento"
                        onClick={() => remove(a)}
                      >
                        <Trash2Icon aria-hidden="true" />
                      </Button>
                    </div>
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
