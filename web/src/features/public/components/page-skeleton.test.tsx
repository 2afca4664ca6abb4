import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

async function loadSkeleton(served: string) {
  document.body.innerHTML = `<div id="root">${served}</div>`
  vi.resetModules()
  const { PublicPageSkeleton } = await import('./page-skeleton')
  document.body.innerHTML = '' // React replaces the root's content when it first renders
  return PublicPageSkeleton
}

describe('PublicPageSkeleton', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('keeps showing the hero the server painted until the page takes over', async () => {
    const Skeleton = await loadSkeleton('<div data-prerendered><header><h1>Studio Bela</h1></header></div>')
    render(<Skeleton />)
    expect(screen.getByRole('heading', { level: 1, name: 'Studio Bela' })).toBeInTheDocument()
    expect(screen.queryByLabelText('Carregando')).not.toBeInTheDocument()
  })

  it('shows the page shape when the server painted nothing', async () => {
    const Skeleton = await loadSkeleton('')
    render(<Skeleton />)
    expect(screen.getByLabelText('Carregando')).toHaveAttribute('aria-busy', 'true')
  })
})
