import { SearchIcon, UsersIcon } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'

import { LoadError } from '@/components/layout/load-error'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Pager } from '@/components/ui/pager'
import { NativeSelect } from '@/components/ui/select'
import { LevelBadge } from '@/components/ui/level-badge'
import { Skeleton } from '@/components/ui/skeleton'
import { formatPhone } from '@/lib/phone'
import { formatDate } from '@/lib/format'
import { formatBRL, keepMoneyTogether } from '@/lib/money'
import { useDebouncedValue } from '@/lib/use-debounced-value'
import { useMediaQuery } from '@/lib/use-media-query'
import { cn } from '@/lib/utils'

import { clientPathId } from '../api/get-client'
import { type Client, CLIENT_SORTS, type ClientSort, useClients } from '../api/get-clients'

export const CLIENTS_PAGE_SIZE = 20

/**
 * ClientsPanel lists the clients (everyone who booked, grouped by phone) with search, sort and
 * pages: a table on wider screens, cards on a phone. `detailPath` builds a client's page.
 */
export function ClientsPanel({ detailPath }: { detailPath: (pathId: string) => string }) {
  const wide = useMediaQuery('(min-width: 768px)')
  const [q, setQ] = useState('')
  const [sort, setSort] = useState<ClientSort>('name')
  const [offset, setOffset] = useState(0)
  const query = useDebouncedValue(q.trim(), 300)
  const { data, isPending, isError, error, isPlaceholderData, refetch } = useClients({
    q: query,
    sort,
    limit: CLIENTS_PAGE_SIZE,
    offset,
  })
  const link = (c: Client) => detailPath(clientPathId(c.phone))

  return (
    <div className="grid grid-cols-1 gap-4">
      <div role="search" aria-label="Pesquisa de clientes" className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <div className="grid grid-cols-1 gap-1.5 sm:col-span-2">
          <Label htmlFor="clients-q">Buscar</Label>
          <div className="relative">
            <SearchIcon
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id="clients-q"
              type="search"
              placeholder="Nome ou telefone"
              className="pl-9"
              value={q}
              onChange={(e) => {
                setQ(e.target.value)
                setOffset(0)
              }}
            />
          </div>
        </div>
        <div className="grid grid-cols-1 gap-1.5">
          <Label htmlFor="clients-sort">Ordenar por</Label>
          <NativeSelect
            id="clients-sort"
            value={sort}
            onChange={(e) => {
              setSort(e.target.value as ClientSort)
              setOffset(0)
            }}
          >
            {CLIENT_SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      {isPending ? (
        <div className="grid grid-cols-1 gap-2" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-16 rounded-xl" />
          ))}
        </div>
      ) : isError ? (
        <LoadError error={error} onRetry={() => void refetch()} what="os clientes" />
      ) : data.items.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed bg-card px-6 py-12 text-center">
          <span className="flex size-12 items-center justify-center rounded-2xl bg-secondary text-secondary-foreground">
            <UsersIcon className="size-6" aria-hidden="true" />
          </span>
          <h2 className="mt-4 text-base font-semibold">
            {query ? 'Nenhum cliente encontrado' : 'Nenhum cliente ainda'}
          </h2>
          <p className="mt-1 max-w-sm text-sm text-muted-foreground">
            {query
              ? 'Confira o nome ou o telefone digitado.'
              : 'Os clientes aparecem aqui assim que fizerem o primeiro agendamento.'}
          </p>
        </div>
      ) : (
        <div className={cn('grid grid-cols-1 gap-3 transition-opacity', isPlaceholderData && 'opacity-60')}>
          {wide ? (
            <div className="overflow-x-auto rounded-xl border bg-card shadow-xs">
              <table className="w-full text-sm">
                <thead className="border-b bg-muted/50 text-left text-xs text-muted-foreground">
                  <tr>
                    <th scope="col" className="px-4 py-2.5 font-medium">Cliente</th>
                    <th scope="col" className="px-4 py-2.5 text-right font-medium">Agendamentos</th>
                    <th scope="col" className="px-4 py-2.5 text-right font-medium">Concluídos</th>
                    <th scope="col" className="px-4 py-2.5 text-right font-medium">Total gasto</th>
                    <th scope="col" className="px-4 py-2.5 text-right font-medium">Conclusão</th>
                    <th scope="col" className="px-4 py-2.5 font-medium">Última visita</th>
                    <th scope="col" className="px-4 py-2.5 font-medium">Nível</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((c) => (
                    <tr key={c.phone} className="border-b last:border-0 hover:bg-accent/40">
                      <td className="max-w-60 px-4 py-3">
                        <Link
                          to={link(c)}
                          className="block truncate font-medium outline-none hover:underline focus-visible:underline"
                        >
                          {c.name}
                        </Link>
                        <span className="block text-muted-foreground tabular-nums">{formatPhone(c.phone)}</span>
                      </td>
                      <td className="px-4 py-3 text-right tabular-nums">{c.appointmentCount}</td>
                      <td className="px-4 py-3 text-right tabular-nums">{c.completedAppointments}</td>
                      <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">{formatBRL(c.totalSpent)}</td>
                      <td className="px-4 py-3 text-right tabular-nums">{c.completionRate}%</td>
                      <td className="px-4 py-3 whitespace-nowrap tabular-nums">
                        {c.lastVisit ? formatDate(c.lastVisit) : <span className="text-muted-foreground">—</span>}
                      </td>
                      <td className="max-w-56 px-4 py-3">
                        <LevelBadge level={c.level} />
                        {c.nextMilestone && (
                          <span className="mt-1 block text-xs text-muted-foreground">
                            {keepMoneyTogether(c.nextMilestone.text)}
                          </span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <ul className="grid grid-cols-1 gap-2">
              {data.items.map((c) => (
                // The name and phone are the link; it covers the whole card, so a tap anywhere opens it.
                <li
                  key={c.phone}
                  className="relative grid grid-cols-1 gap-2 rounded-xl border bg-card p-3 shadow-xs has-[a:hover]:bg-accent/40 has-[a:focus-visible]:ring-[3px] has-[a:focus-visible]:ring-ring/50"
                >
                  <span className="flex items-start justify-between gap-2">
                    <Link
                      to={link(c)}
                      className="min-w-0 outline-none after:absolute after:inset-0 after:rounded-xl"
                    >
                      <span className="line-clamp-2 font-medium break-words">{c.name}</span>
                      <span className="block text-sm text-muted-foreground tabular-nums">{formatPhone(c.phone)}</span>
                    </Link>
                    <LevelBadge level={c.level} />
                  </span>
                  <span className="grid grid-cols-3 gap-2 text-xs text-muted-foreground">
                    <span>
                      <span className="block text-sm font-medium text-foreground tabular-nums">
                        {c.completedAppointments}/{c.appointmentCount}
                      </span>
                      concluídos
                    </span>
                    <span>
                      <span className="block text-sm font-medium text-foreground tabular-nums">
                        {formatBRL(c.totalSpent)}
                      </span>
                      gasto
                    </span>
                    <span>
                      <span className="block text-sm font-medium text-foreground tabular-nums">
                        {c.lastVisit ? formatDate(c.lastVisit) : '—'}
                      </span>
                      última visita
                    </span>
                  </span>
                  {c.nextMilestone && (
                    <span className="text-xs text-muted-foreground">
                      {keepMoneyTogether(c.nextMilestone.text)}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
          <Pager offset={offset} limit={CLIENTS_PAGE_SIZE} total={data.total} onOffsetChange={setOffset} noun="clientes" />
        </div>
      )}
    </div>
  )
}
