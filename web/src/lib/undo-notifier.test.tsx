import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { Toaster } from 'sonner'
import { describe, expect, it, vi } from 'vitest'

import { UNDO_MS, undoNotifier } from './undo-notifier'

describe('undoNotifier', () => {
  it('offers Desfazer on a toast that says what was done, and undoes on a tap', async () => {
    render(<Toaster />)
    const onUndo = vi.fn()
    undoNotifier.undo('Agendamento excluído', { description: 'Maria Souza · 14/03', duration: UNDO_MS, onUndo })

    expect(await screen.findByText('Agendamento excluído')).toBeInTheDocument()
    expect(screen.getByText('Maria Souza · 14/03')).toBeInTheDocument()
    expect(onUndo).not.toHaveBeenCalled()
    // A click alone: sonner's swipe handling asks for pointer capture, which jsdom lacks.
    fireEvent.click(screen.getByRole('button', { name: 'Desfazer' }))
    expect(onUndo).toHaveBeenCalledTimes(1)
  })

  it('says what the undo did, and why it failed', async () => {
    render(<Toaster />)
    undoNotifier.success('Agendamento restaurado', { duration: 3000 })
    undoNotifier.error('Não foi possível desfazer. Tente novamente.')
    await waitFor(() => expect(screen.getByText('Agendamento restaurado')).toBeInTheDocument())
    expect(screen.getByText('Não foi possível desfazer. Tente novamente.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Desfazer' })).not.toBeInTheDocument()
  })

  it('offers the undo for 8 s', () => {
    expect(UNDO_MS).toBe(8000)
  })
})
