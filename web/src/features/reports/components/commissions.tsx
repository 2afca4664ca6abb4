import { Link } from 'react-router'

import { countLabel } from '@/lib/format'
import { formatBRL } from '@/lib/money'

import type { ProfessionalReport } from '../api/get-report'

// Comissões: what each professional made in the period and their commission. A table on a
// computer; a card per professional on a phone, where five columns do not fit.

const pct = (n: number) => `${n.toLocaleString('pt-BR')}%`

export function CommissionsTable({
  professionals,
  professionalsPath,
}: {
  professionals: ProfessionalReport[]
  professionalsPath: string
}) {
  const rows = [...professionals].sort((a, b) => b.revenue - a.revenue || a.name.localeCompare(b.name, 'pt-BR'))
  const total = rows.reduce(
    (t, r) => ({ completed: t.completed + r.completed, revenue: t.revenue + r.revenue, commission: t.commission + r.commission }),
    { completed: 0, revenue: 0, commission: 0 },
  )
  const noneSet = rows.every((r) => r.commissionPct === 0)
  return (
    <div className="grid grid-cols-1 gap-3">
      <table className="w-full text-sm max-sm:hidden">
        <caption className="sr-only">Comissões por profissional</caption>
        <thead>
          <tr className="border-b text-left text-xs text-muted-foreground">
            <th scope="col" className="py-2 pr-3 font-medium">
              Profissional
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Concluídos
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Faturamento
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              %
            </th>
            <th scope="col" className="py-2 pl-3 text-right font-medium">
              Comissão
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {rows.map((r) => (
            <tr key={r.id}>
              <th scope="row" className="py-2.5 pr-3 text-left font-medium break-words">
                {r.name}
              </th>
              <td className="px-3 py-2.5 text-right tabular-nums">{r.completed.toLocaleString('pt-BR')}</td>
              <td className="px-3 py-2.5 text-right whitespace-nowrap tabular-nums">{formatBRL(r.revenue)}</td>
              <td className="px-3 py-2.5 text-right tabular-nums">{pct(r.commissionPct)}</td>
              <td className="py-2.5 pl-3 text-right font-semibold whitespace-nowrap tabular-nums">{formatBRL(r.commission)}</td>
            </tr>
          ))}
        </tbody>
        {rows.length > 1 && (
          <tfoot>
            <tr className="border-t-2 font-semibold">
              <th scope="row" className="py-2.5 pr-3 text-left">
                Total
              </th>
              <td className="px-3 py-2.5 text-right tabular-nums">{total.completed.toLocaleString('pt-BR')}</td>
              <td className="px-3 py-2.5 text-right whitespace-nowrap tabular-nums">{formatBRL(total.revenue)}</td>
              <td className="px-3 py-2.5" />
              <td className="py-2.5 pl-3 text-right whitespace-nowrap tabular-nums">{formatBRL(total.commission)}</td>
            </tr>
          </tfoot>
        )}
      </table>

      <ul aria-label="Comissões por profissional" className="grid grid-cols-1 gap-2 sm:hidden">
        {rows.map((r) => (
          <li key={r.id} className="rounded-lg border p-3">
            <p className="font-medium break-words">{r.name}</p>
            <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted-foreground">Concluídos</dt>
              <dd className="text-right tabular-nums">{r.completed.toLocaleString('pt-BR')}</dd>
              <dt className="text-muted-foreground">Faturamento</dt>
              <dd className="text-right tabular-nums">{formatBRL(r.revenue)}</dd>
              <dt className="text-muted-foreground">Comissão ({pct(r.commissionPct)})</dt>
              <dd className="text-right font-semibold tabular-nums">{formatBRL(r.commission)}</dd>
            </dl>
          </li>
        ))}
        {rows.length > 1 && (
          <li className="flex items-center justify-between gap-3 rounded-lg bg-muted/50 p-3 text-sm">
            <span className="font-medium">Total · {countLabel(total.completed, 'concluído', 'concluídos')}</span>
            <span className="font-semibold tabular-nums">{formatBRL(total.commission)}</span>
          </li>
        )}
      </ul>

      {noneSet && (
        <p className="text-sm text-muted-foreground">
          Nenhum profissional tem percentual de comissão.{' '}
          <Link to={professionalsPath} className="font-medium text-primary underline-offset-4 hover:underline">
            Defina em Profissionais
          </Link>
          .
        </p>
      )}
    </div>
  )
}
