import { type ReactNode, useId } from 'react'
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  LabelList,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  usePlotArea,
  XAxis,
  YAxis,
} from 'recharts'

import { countLabel, formatPercent } from '@/lib/format'
import { formatBRL, formatCompactBRL } from '@/lib/money'

import type { PaymentReport, Report, RevenuePoint } from '../api/get-report'
import { BUCKET_TITLES, bucketLabel, CHART, methodLabel } from '../utils/chart-labels'

// The report's charts (recharts, loaded only with this page). Each chart is drawn for the eye and
// hidden from screen readers, which get the same numbers as a table right after it.

/** ChartCard is a titled chart (or a message when there is nothing to draw), inside a section. */
export function ChartCard({
  title,
  description,
  className,
  children,
}: {
  title: string
  description?: ReactNode
  className?: string
  children: ReactNode
}) {
  const id = useId()
  return (
    <section
      aria-labelledby={id}
      className={`flex min-w-0 flex-col gap-4 ${className ?? ''}`}
    >
      <div>
        <h3 id={id} className="text-base font-semibold">
          {title}
        </h3>
        {description && <p className="mt-0.5 text-sm text-muted-foreground">{description}</p>}
      </div>
      {children}
    </section>
  )
}

/** NoData fills a chart's place when the period has nothing for it. */
export function NoData({ children }: { children: ReactNode }) {
  return (
    <p className="flex h-32 items-center justify-center rounded-lg border border-dashed px-4 text-center text-sm text-muted-foreground">
      {children}
    </p>
  )
}

/** SrTable is a chart's numbers for screen readers. */
function SrTable({ caption, head, rows }: { caption: string; head: string[]; rows: string[][] }) {
  return (
    // A table ignores the 1 px width of .sr-only: its box is.
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={i}>
            {row.map((cell, j) => (j === 0 ? <th key={j} scope="row">{cell}</th> : <td key={j}>{cell}</td>))}
          </tr>
        ))}
      </tbody>
      </table>
    </div>
  )
}

type TipProps = { active?: boolean; payload?: readonly { payload?: unknown }[] }

function TipBox({ children }: { children: ReactNode }) {
  return <div className="rounded-md border bg-card px-3 py-2 text-sm shadow-md">{children}</div>
}

/** RevenueChart is the period's revenue by day, week or month, every bucket drawn, empty ones too. */
export function RevenueChart({ report }: { report: Report }) {
  const gradient = useId().replace(/:/g, '')
  const points = report.revenue
  const total = points.reduce((n, p) => n + p.revenue, 0)
  const Tip = ({ active, payload }: TipProps) => {
    const point = payload?.[0]?.payload as RevenuePoint | undefined
    if (!active || !point) return null
    return (
      <TipBox>
        <p className="font-medium">{bucketLabel(report.bucket, point.start, true)}</p>
        <p className="tabular-nums">{formatBRL(point.revenue)}</p>
        <p className="text-xs text-muted-foreground">{countLabel(point.completed, 'concluído', 'concluídos')}</p>
      </TipBox>
    )
  }
  return (
    <div>
      <div aria-hidden="true" className="rp-chart h-64">
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <defs>
              <linearGradient id={gradient} x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor={CHART.primary} stopOpacity={0.28} />
                <stop offset="100%" stopColor={CHART.primary} stopOpacity={0.02} />
              </linearGradient>
            </defs>
            <CartesianGrid vertical={false} stroke={CHART.grid} />
            <XAxis
              dataKey="start"
              tickFormatter={(start: string) => bucketLabel(report.bucket, start)}
              tick={{ fontSize: 12, fill: CHART.text }}
              tickLine={false}
              axisLine={{ stroke: CHART.grid }}
              minTickGap={16}
              interval="preserveStartEnd"
            />
            <YAxis
              width="auto"
              tickFormatter={(cents: number) => formatCompactBRL(cents)}
              tick={{ fontSize: 12, fill: CHART.text }}
              tickLine={false}
              axisLine={false}
              allowDecimals={false}
              domain={[0, total > 0 ? 'auto' : 10000]}
            />
            <Tooltip content={Tip} cursor={{ stroke: CHART.primary, strokeOpacity: 0.3 }} />
            <Area
              type="linear"
              dataKey="revenue"
              stroke={CHART.primary}
              strokeWidth={2}
              fill={`url(#${gradient})`}
              dot={points.length <= 12 ? { r: 3, fill: CHART.primary } : false}
              activeDot={{ r: 4 }}
              isAnimationActive={false}
            />
          </AreaChart>
        </ResponsiveContainer>
      </div>
      <SrTable
        caption={BUCKET_TITLES[report.bucket]}
        head={[report.bucket === 'day' ? 'Dia' : report.bucket === 'week' ? 'Semana' : 'Mês', 'Faturamento', 'Concluídos']}
        rows={points.map((p) => [bucketLabel(report.bucket, p.start, true), formatBRL(p.revenue), String(p.completed)])}
      />
    </div>
  )
}

export type RankItem = { id: string; name: string; revenue: number; completed: number }

/** The name above a bar and its revenue at the row's end, across the whole plot. */
function RowLabel(props: { index?: number; y?: number | string; items: RankItem[] }) {
  const plot = usePlotArea()
  const item = props.items[props.index ?? -1]
  if (!plot || !item) return null
  const y = Number(props.y ?? 0)
  return (
    <foreignObject x={plot.x} y={y - 22} width={plot.width} height={20}>
      <div className="flex items-center justify-between gap-3 text-xs leading-tight">
        <span className="truncate font-medium">{item.name}</span>
        <span className="shrink-0 tabular-nums text-muted-foreground">{formatBRL(item.revenue)}</span>
      </div>
    </foreignObject>
  )
}

/** RankBars are revenues side by side, largest first, each with its name above its bar. */
export function RankBars({ items, caption, nameHead }: { items: RankItem[]; caption: string; nameHead: string }) {
  const max = Math.max(1, ...items.map((i) => i.revenue))
  const row = 48
  return (
    <div>
      <div aria-hidden="true" className="rp-chart" style={{ height: items.length * row + 8 }}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={items}
            layout="vertical"
            margin={{ top: 22, right: 0, bottom: 0, left: 0 }}
            barCategoryGap={0}
            accessibilityLayer={false}
          >
            <XAxis type="number" hide domain={[0, max]} />
            <YAxis type="category" dataKey="id" hide />
            <Bar
              dataKey="revenue"
              fill={CHART.primary}
              background={{ fill: CHART.primarySoft, radius: 4 }}
              radius={4}
              barSize={10}
              isAnimationActive={false}
              minPointSize={2}
            >
              <LabelList dataKey="revenue" content={<RowLabel items={items} />} />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      <SrTable
        caption={caption}
        head={[nameHead, 'Faturamento', 'Concluídos']}
        rows={items.map((i) => [i.name, formatBRL(i.revenue), String(i.completed)])}
      />
    </div>
  )
}

const METHOD_COLOURS: Record<string, string> = {
  pix: '#7c3aed',
  cash: '#15803d',
  credit_card: '#0284c7',
  debit_card: '#d97706',
  other: '#db2777',
  none: '#a8a2b3',
}


/** PaymentDonut shares the revenue among the payment methods, with a legend of each one's share. */
export function PaymentDonut({ methods }: { methods: PaymentReport[] }) {
  const byRevenue = methods.some((m) => m.revenue > 0)
  const slices = methods
    .map((m) => ({
      key: m.method ?? 'none',
      label: methodLabel(m.method),
      value: byRevenue ? m.revenue : m.completed,
      revenue: m.revenue,
      completed: m.completed,
    }))
    .filter((s) => s.value > 0)
    .sort((a, b) => b.value - a.value)
  const total = slices.reduce((n, s) => n + s.value, 0)
  if (total === 0) return <NoData>Nenhum atendimento concluído no período.</NoData>
  return (
    <div className="grid grid-cols-1 items-center gap-4 sm:grid-cols-2">
      <div aria-hidden="true" className="rp-donut mx-auto size-40">
        <ResponsiveContainer width="100%" height="100%">
          <PieChart accessibilityLayer={false}>
            <Pie
              data={slices}
              dataKey="value"
              nameKey="label"
              innerRadius="62%"
              outerRadius="100%"
              paddingAngle={slices.length > 1 ? 2 : 0}
              stroke="none"
              isAnimationActive={false}
              // Drawn for the eye only: the legend beside it has the numbers.
              rootTabIndex={-1}
            >
              {slices.map((s) => (
                <Cell key={s.key} fill={METHOD_COLOURS[s.key] ?? METHOD_COLOURS.none} />
              ))}
            </Pie>
          </PieChart>
        </ResponsiveContainer>
      </div>
      <ul aria-label="Formas de pagamento" className="grid min-w-0 grid-cols-1 gap-2 text-sm">
        {slices.map((s) => (
          <li key={s.key} className="flex items-start gap-2">
            <span aria-hidden="true" className="mt-1.5 size-3 shrink-0 rounded-full" style={{ backgroundColor: METHOD_COLOURS[s.key] }} />
            <span className="min-w-0 flex-1">
              <span className="font-medium">{s.label}</span>
              <span className="block text-xs text-muted-foreground">
                {formatBRL(s.revenue)} · {countLabel(s.completed, 'atendimento', 'atendimentos')}
              </span>
            </span>
            <span className="font-semibold tabular-nums">{formatPercent(s.value / total)}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}
