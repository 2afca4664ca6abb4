import { useCallback, useState } from 'react'
import { useSearchParams } from 'react-router'

import { useReportQuery } from '../api/get-report'
import { parseFilters, reportQuery, type ReportFilters, writeFilters } from '../utils/period'

/** useReportFilters reads the filters from the address and writes them back (a new history entry). */
export function useReportFilters() {
  const [params, setParams] = useSearchParams()
  const filters = parseFilters(params)
  const setFilters = useCallback(
    (next: ReportFilters) => setParams((current) => writeFilters(next, current)),
    [setParams],
  )
  return [filters, setFilters] as const
}

/**
 * useReport loads the report the filters ask for. A preset other than 'Este mês' is counted from
 * the store's today, which comes with every report: until one has arrived, this month's report
 * is read first to learn it. Another period keeps the last report on screen while it loads
 * (`updating`), except before the first one the owner asked for, which shows a skeleton.
 */
export function useReport(filters: ReportFilters) {
  const [today, setToday] = useState<string | null>(null)
  const [shown, setShown] = useState(false)
  const query = reportQuery(filters, today)
  // Until the store's today is known, this month's report (the server's default) stands in.
  const learning = query === null && filters.period !== 'custom'
  const asked = query ?? (learning ? { professionalId: filters.professionalId } : null)
  const result = useReportQuery(asked ?? {}, asked !== null)

  const seen = result.data?.today ?? null
  if (seen && seen !== today) setToday(seen)
  const real = query !== null && result.isSuccess && !result.isPlaceholderData
  if (real && !shown) setShown(true)

  const data = query !== null && (real || shown) ? result.data : undefined
  return {
    query,
    data,
    /** Another period is on its way; `data` is still the last one. */
    updating: data !== undefined && result.isPlaceholderData,
    isPending: asked !== null && data === undefined && !result.isError,
    error: result.isError ? result.error : null,
    retry: () => void result.refetch(),
  }
}
