import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'

import { ApiError } from '@/lib/api-client'

import { BackLink, DetailState } from './detail-state'

const NOT_FOUND = 'Esta promoção não existe mais. Ela pode ter sido excluída.'

function renderState(props: { pending?: boolean; error?: unknown; onRetry?: () => void }) {
  return render(
    <MemoryRouter>
      <DetailState
        back={<BackLink to="/dashboard/promotions">Todas as promoções</BackLink>}
        pending={props.pending ?? false}
        error={props.error ?? null}
        notFound={NOT_FOUND}
        what="os clientes da promoção"
        onRetry={props.onRetry ?? (() => {})}
      />
    </MemoryRouter>,
  )
}

describe('DetailState', () => {
  it('keeps the way back while the page loads', () => {
    const { container } = renderState({ pending: true })
    expect(screen.getByRole('link', { name: 'Todas as promoções' })).toHaveAttribute('href', '/dashboard/promotions')
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('says the thing is gone when the server answers 404', () => {
    renderState({ error: new ApiError({ status: 404, code: 'not_found', message: 'Não encontrado' }) })
    expect(screen.getByText(NOT_FOUND)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Todas as promoções' })).toBeInTheDocument()
  })

  it('offers a retry for any other error', async () => {
    const onRetry = vi.fn()
    renderState({ error: new ApiError({ status: 500, code: 'internal', message: 'Erro' }), onRetry })
    expect(screen.getByRole('alert')).toHaveTextContent('Não foi possível carregar os clientes da promoção.')
    expect(screen.queryByText(NOT_FOUND)).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }))
    expect(onRetry).toHaveBeenCalledOnce()
  })
})
