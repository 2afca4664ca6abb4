import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'

import type * as Api from '@/lib/api-schema'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

/** Report is a period's figures beside the period of the same length before it, and what is behind them. */
export type Report = Api.Report
export type ReportFigures = Api.ReportFigures
export type ReturnRate = Api.ReturnRate
export type RevenuePoint = Api.RevenuePoint
export type ProfessionalReport = Api.ProfessionalReport
export type ServiceReport = Api.ServiceReport
export type PaymentReport = Api.PaymentReport
export type HeatCell = Api.HeatCell

/** ReportQuery picks a report: a period (both days, or neither for this month) and one professional or all. */
export type ReportQuery = NonNullable<Api.operations['getReports']['parameters']['query']>

/**
 * customPeriodSchema is the 'Personalizado' form: both days are needed. How far apart they may be
 * is the server's rule, and its messages show at the fields.
 */
export const customPeriodSchema = z.object({
  from: z.string().check(z.minLength(1, 'Informe o primeiro dia')),
  to: z.string().check(z.minLength(1, 'Informe o último dia')),
})

export type CustomPeriodValues = z.infer<typeof customPeriodSchema>

/** reportParams writes a query as search parameters, leaving out what is not set. */
export function reportParams(q: ReportQuery, extra: Record<string, string> = {}) {
  const params = new URLSearchParams(extra)
  if (q.from) params.set('from', q.from)
  if (q.to) params.set('to', q.to)
  if (q.professionalId) params.set('professionalId', q.professionalId)
  return params
}

// GET /api/v1/reports?from=YYYY-MM-DD&to=YYYY-MM-DD&professionalId=… (without the days: this month up to today)
export async function getReport(q: ReportQuery, signal?: AbortSignal): Promise<Report> {
  const params = reportParams(q).toString()
  const r = await api.get<Report>(`/reports${params ? `?${params}` : ''}`, { signal })
  // Lists default to empty when the server sends none.
  return {
    ...r,
    revenue: r.revenue ?? [],
    professionals: r.professionals ?? [],
    services: r.services ?? [],
    paymentMethods: r.paymentMethods ?? [],
    heatmap: r.heatmap ?? [],
  }
}

export const reportKeys = {
  all: queryKeys.reports,
  report: (q: ReportQuery) =>
    [...queryKeys.reports, 'report', { from: q.from ?? null, to: q.to ?? null, professionalId: q.professionalId ?? null }] as const,
}

export const reportQueryOptions = (q: ReportQuery) =>
  queryOptions({
    queryKey: reportKeys.report(q),
    queryFn: ({ signal }) => getReport(q, signal),
  })

/**
 * useReportQuery reads one report. While another period loads, the last one stays on screen
 * (`isPlaceholderData`) instead of a skeleton. `enabled` false waits (the period is not known yet).
 */
export function useReportQuery(q: ReportQuery, enabled = true) {
  return useQuery({ ...reportQueryOptions(q), enabled, placeholderData: keepPreviousData })
}
