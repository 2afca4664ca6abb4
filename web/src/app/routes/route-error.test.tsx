import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { createMemoryRouter, RouterProvider } from 'react-router'

import { ErrorBoundary } from '@/components/layout/error-boundary'

import { RouteError } from './route-error'

// Throws while broken.on is true (React renders twice before giving up, so a count would lie).
function Flaky({ broken }: { broken: { on: boolean } }) {
  if (broken.on) throw new Error('falhou')
  return <p>Página carregada</p>
}

describe('error screens', () => {
  it("route errors show 'Algo deu errado'; 'Tentar novamente' renders the page again", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const broken = { on: true }
    const router = createMemoryRouter(
      [{ path: '/', element: <Flaky broken={broken} />, errorElement: <RouteError /> }],
      { initialEntries: ['/'] },
    )
    render(<RouterProvider router={router} />)
    expect(await screen.findByRole('heading', { name: 'Algo deu errado' })).toBeInTheDocument()
    expect(
      screen.getByText('Ocorreu um erro inesperado. Tente recarregar a página.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Recarregar página' })).toBeInTheDocument()
    broken.on = false
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }))
    expect(await screen.findByText('Página carregada')).toBeInTheDocument()
  })

  it("'Recarregar página' reloads", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const reload = vi.fn()
    vi.stubGlobal('location', { ...window.location, reload })
    render(
      <ErrorBoundary>
        <Flaky broken={{ on: true }} />
      </ErrorBoundary>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Recarregar página' }))
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('the top-level boundary renders its children again on retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const broken = { on: true }
    render(
      <ErrorBoundary>
        <Flaky broken={broken} />
      </ErrorBoundary>,
    )
    expect(screen.getByRole('heading', { name: 'Algo deu errado' })).toBeInTheDocument()
    broken.on = false
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }))
    expect(await screen.findByText('Página carregada')).toBeInTheDocument()
  })
})
