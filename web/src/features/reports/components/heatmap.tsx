import { countLabel } from '@/lib/format'

import type { HeatCell } from '../api/get-report'

import { CHART } from '../utils/chart-labels'

import { NoData } from './charts'

// When the salon is busiest: appointments by weekday and starting hour, as a table whose cells are
// shaded by how many start then. A plain table: screen readers walk it by row and column.

/** Monday first, as the agenda's week. */
const DAYS = [
  { weekday: 1, short: 'Seg', name: 'segunda-feira' },
  { weekday: 2, short: 'Ter', name: 'terça-feira' },
  { weekday: 3, short: 'Qua', name: 'quarta-feira' },
  { weekday: 4, short: 'Qui', name: 'quinta-feira' },
  { weekday: 5, short: 'Sex', name: 'sexta-feira' },
  { weekday: 6, short: 'Sáb', name: 'sábado' },
  { weekday: 0, short: 'Dom', name: 'domingo' },
]

export function Heatmap({ cells }: { cells: HeatCell[] }) {
  const busy = cells.filter((c) => c.appointments > 0)
  if (busy.length === 0) return <NoData>Nenhum agendamento com horário no período.</NoData>
  const max = Math.max(...busy.map((c) => c.appointments))
  const first = Math.min(...busy.map((c) => c.hour))
  const last = Math.max(...busy.map((c) => c.hour))
  const hours = Array.from({ length: last - first + 1 }, (_, i) => first + i)
  const count = (weekday: number, hour: number) =>
    busy.find((c) => c.weekday === weekday && c.hour === hour)?.appointments ?? 0
  // Closed days with nothing booked only take room.
  const days = DAYS.filter((d) => d.weekday !== 0 || busy.some((c) => c.weekday === 0))

  return (
    <div className="grid grid-cols-1 gap-3">
      <table className="rp-heat w-full text-xs tabular-nums">
        <caption className="sr-only">Agendamentos por dia da semana e hora de início</caption>
        <thead>
          <tr>
            <th scope="col" className="w-12 font-normal">
              <span className="sr-only">Hora</span>
            </th>
            {days.map((d) => (
              <th key={d.weekday} scope="col" className="pb-1 font-medium text-muted-foreground">
                <abbr title={d.name} className="no-underline">
                  {d.short}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {hours.map((hour) => (
            <tr key={hour}>
              <th scope="row" className="pr-2 text-right font-normal text-muted-foreground">
                {String(hour).padStart(2, '0')}h
              </th>
              {days.map((d) => {
                const n = count(d.weekday, hour)
                const share = n / max
                return (
                  <td
                    key={d.weekday}
                    className="rp-heat-cell text-center"
                    style={{
                      backgroundColor: n > 0 ? `color-mix(in oklab, ${CHART.primary} ${Math.round(12 + share * 88)}%, white)` : undefined,
                      color: share > 0.5 ? '#fff' : undefined,
                    }}
                  >
                    <span aria-hidden="true">{n > 0 ? n : ''}</span>
                    <span className="sr-only">{n > 0 ? countLabel(n, 'agendamento', 'agendamentos') : 'nenhum'}</span>
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-xs text-muted-foreground">Quanto mais escuro, mais agendamentos começam nesse horário.</p>
    </div>
  )
}
