import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { GiftIcon } from 'lucide-react'
import { describe, expect, it, vi } from 'vitest'

import { ApiError } from '@/lib/api-client'

import { CollectionPanel, type CollectionPanelProps } from './collection-panel'

type Item = { id: string; name: string }

function panel(query: Partial<CollectionPanelProps<Item>['query']>, emptyOnly = false) {
  const onAdd = vi.fn()
  const refetch = vi.fn()
  render(
    <CollectionPanel<Item>
      intro="Cartões fidelidade"
      query={{ data: undefined, isPending: false, isError: false, error: null, refetch, ...query }}
      what="as promoções"
      add={{ label: 'Nova promoção', onClick: onAdd, emptyOnly }}
      empty={{ icon: GiftIcon, title: 'Crie um cartão fidelidade', text: 'A cada 10 cortes, 1 escova grátis.' }}
      placeholder="h-44"
      itemKey={(i) => i.id}
      dialogs={<p>diálogos</p>}
    >
      {(i) => <span>{i.name}</span>}
    </CollectionPanel>,
  )
  return { onAdd, refetch }
}

describe('CollectionPanel', () => {
  it('lists the items as cards, with the button beside the intro', async () => {
    const { onAdd } = panel({ data: [{ id: '1', name: 'Corte fidelidade' }, { id: '2', name: 'Escova em dobro' }] })
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Corte fidelidade', 'Escova em dobro'])
    await userEvent.click(screen.getByRole('button', { name: 'Nova promoção' }))
    expect(onAdd).toHaveBeenCalledOnce()
    expect(screen.getByText('diálogos')).toBeInTheDocument()
  })

  it('says what to do when empty, the button under the text when it waits for the first item', () => {
    panel({ data: [] }, true)
    expect(screen.getByRole('heading', { name: 'Crie um cartão fidelidade' })).toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: 'Nova promoção' })).toHaveLength(1)
    expect(screen.queryByRole('list')).not.toBeInTheDocument()
  })

  it('shows three placeholders while the list loads', () => {
    panel({ isPending: true })
    expect(document.querySelector('[aria-busy="true"]')?.children).toHaveLength(3)
  })

  it('offers a retry when the list did not load', async () => {
    const { refetch } = panel({ isError: true })
    expect(screen.getByText('Não foi possível carregar as promoções.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }))
    expect(refetch).toHaveBeenCalledOnce()
  })

  it("says a refusal as the server says it, with no retry that could not help", () => {
    const message = 'Operação não autorizada por questões de segurança'
    panel({ isError: true, error: new ApiError({ status: 403, code: 'forbidden', message }) })
    expect(screen.getByText(message)).toBeInTheDocument()
    expect(screen.queryByText('Não foi possível carregar as promoções.')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument()
  })
})
