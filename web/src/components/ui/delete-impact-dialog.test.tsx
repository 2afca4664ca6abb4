import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'

import { DeleteImpactDialog } from './delete-impact-dialog'

const base = { open: true, onOpenChange: () => {}, name: 'Corte', pending: false }

describe('DeleteImpactDialog', () => {
  it('keeps Excluir off while it checks what goes with the deletion', () => {
    render(<DeleteImpactDialog {...base} impact={null} checking="Verificando..." onConfirm={vi.fn()} />)
    const dialog = screen.getByRole('alertdialog', { name: 'Excluir Corte?' })
    expect(dialog).toHaveAccessibleDescription('Verificando...')
    expect(within(dialog).getByRole('button', { name: 'Excluir' })).toBeDisabled()
  })

  it('says when the check failed, and checks again on request', async () => {
    const onRetry = vi.fn()
    render(
      <DeleteImpactDialog {...base} impact={null} checking="Verificando..." failed="Não deu." onRetry={onRetry} onConfirm={vi.fn()} />,
    )
    expect(screen.getByRole('alert')).toHaveTextContent('Não deu.')
    expect(screen.queryByText('Verificando...')).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }))
    expect(onRetry).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('button', { name: 'Excluir' })).toBeDisabled()
  })

  it('says what else goes, and deletes on Excluir', async () => {
    const onConfirm = vi.fn()
    render(
      <DeleteImpactDialog
        {...base}
        impact={{ title: 'Excluir Corte e 3 agendamentos?', description: 'Os 3 agendamentos também serão excluídos.' }}
        onConfirm={onConfirm}
      />,
    )
    const dialog = screen.getByRole('alertdialog', { name: 'Excluir Corte e 3 agendamentos?' })
    expect(dialog).toHaveAccessibleDescription('Os 3 agendamentos também serão excluídos.')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
  })
})
