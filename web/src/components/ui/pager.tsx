import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react'

import { Button } from './button'

/**
 * Pager moves through a paginated list: "1–20 de 57" with 'Anterior' and 'Próxima'. It is
 * hidden when everything fits on one page.
 */
export function Pager({
  offset,
  limit,
  total,
  onOffsetChange,
  noun = 'itens',
}: {
  offset: number
  limit: number
  total: number
  onOffsetChange: (offset: number) => void
  noun?: string
}) {
  if (total <= limit && offset === 0) return null
  const first = total === 0 ? 0 : offset + 1
  const last = Math.min(total, offset + limit)
  return (
    <nav aria-label="Paginação" className="flex items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {first.toLocaleString('pt-BR')}–{last.toLocaleString('pt-BR')} de {total.toLocaleString('pt-BR')} {noun}
      </p>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={offset === 0}
          onClick={() => onOffsetChange(Math.max(0, offset - limit))}
        >
          <ChevronLeftIcon aria-hidden="true" />
          Anterior
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={offset + limit >= total}
          onClick={() => onOffsetChange(offset + limit)}
        >
          Próxima
          <ChevronRightIcon aria-hidden="true" />
        </Button>
      </div>
    </nav>
  )
}
