import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'

import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog'
import { Sheet, SheetContent, SheetDescription, SheetTitle } from './sheet'

/** A page whose buttons open dialogs from state, as the app's do (no Dialog.Trigger). */
function Page() {
  const [menu, setMenu] = useState(false)
  const [help, setHelp] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setMenu(true)}>
        Abrir menu
      </button>
      <button type="button" onClick={() => setHelp(true)}>
        Ajuda
      </button>
      <Sheet open={menu} onOpenChange={setMenu}>
        <SheetContent>
          <SheetTitle>Menu</SheetTitle>
          <SheetDescription>Navegue pelas áreas do painel.</SheetDescription>
          <button
            type="button"
            onClick={() => {
              setMenu(false)
              setHelp(true)
            }}
          >
            Ajuda no menu
          </button>
        </SheetContent>
      </Sheet>
      <Dialog open={help} onOpenChange={setHelp}>
        <DialogContent>
          <DialogTitle>Precisa de ajuda?</DialogTitle>
          <DialogDescription>Fale com a equipe do Agendo.</DialogDescription>
        </DialogContent>
      </Dialog>
    </>
  )
}

describe('dialogs give focus back', () => {
  it('to the button that opened them', async () => {
    const user = userEvent.setup()
    render(<Page />)
    await user.click(screen.getByRole('button', { name: 'Ajuda' }))
    await screen.findByRole('dialog', { name: 'Precisa de ajuda?' })
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByRole('button', { name: 'Ajuda' })).toHaveFocus()
  })

  it('to what opened the menu, when the dialog was opened from the menu that has closed', async () => {
    const user = userEvent.setup()
    render(<Page />)
    await user.click(screen.getByRole('button', { name: 'Abrir menu' }))
    const menu = await screen.findByRole('dialog', { name: 'Menu' })
    await user.click(screen.getByRole('button', { name: 'Ajuda no menu' }))
    await waitFor(() => expect(menu).not.toBeInTheDocument())
    await screen.findByRole('dialog', { name: 'Precisa de ajuda?' })
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByRole('button', { name: 'Abrir menu' })).toHaveFocus()
  })
})

describe('Escape in a dialog', () => {
  it('closes an open list of suggestions first, and the dialog after', async () => {
    const onOpenChange = vi.fn()
    function Suggest() {
      const [expanded, setExpanded] = useState(true)
      return (
        <Dialog open onOpenChange={onOpenChange}>
          <DialogContent>
            <DialogTitle>Novo agendamento</DialogTitle>
            <DialogDescription>Cliente.</DialogDescription>
            <input
              role="combobox"
              aria-label="Cliente"
              aria-expanded={expanded}
              aria-controls="sugestoes"
              onKeyDown={(event) => event.key === 'Escape' && setExpanded(false)}
            />
          </DialogContent>
        </Dialog>
      )
    }
    const user = userEvent.setup()
    render(<Suggest />)
    const field = await screen.findByRole('combobox', { name: 'Cliente' })
    field.focus()
    await user.keyboard('{Escape}')
    expect(field).toHaveAttribute('aria-expanded', 'false')
    expect(onOpenChange).not.toHaveBeenCalled()
    await user.keyboard('{Escape}')
    expect(onOpenChange).toHaveBeenCalledWith(false)
  })
})
