import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'

import { addTags } from '@/lib/tags'

import { TagInput } from './tag-input'

const submitted = vi.fn()

function Harness({ initial = [] as string[], maxTags }: { initial?: string[]; maxTags?: number }) {
  const [tags, setTags] = useState(initial)
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        submitted()
      }}
    >
      <label htmlFor="tags">Especialidades</label>
      <TagInput id="tags" value={tags} onChange={setTags} maxTags={maxTags} addLabel="Adicionar especialidade" />
      <output data-testid="tags">{tags.join('|')}</output>
    </form>
  )
}

const tags = () => screen.getByTestId('tags').textContent

describe('addTags', () => {
  it('splits at commas, trims and skips blanks', () => {
    expect(addTags([], ' Corte ,  , Escova  progressiva ').tags).toEqual(['Corte', 'Escova progressiva'])
  })

  it('skips repeats, ignoring case and accents, and says which', () => {
    expect(addTags(['Coloração'], 'coloracao, Mechas, mechas')).toEqual({
      tags: ['Coloração', 'Mechas'],
      repeated: ['coloracao', 'mechas'],
    })
  })

  it('cuts long tags and stops at the limit', () => {
    expect(addTags([], 'a'.repeat(50)).tags).toEqual(['a'.repeat(40)])
    expect(addTags(['a', 'b'], 'c, d', { maxTags: 3 }).tags).toEqual(['a', 'b', 'c'])
  })
})

describe('TagInput', () => {
  it('adds a tag with Enter without submitting the form', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    await user.type(screen.getByLabelText('Especialidades'), 'Corte{Enter}')
    expect(tags()).toBe('Corte')
    expect(screen.getByLabelText('Especialidades')).toHaveValue('')
    expect(submitted).not.toHaveBeenCalled()
  })

  it('adds a tag with a comma', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    await user.type(screen.getByLabelText('Especialidades'), 'Corte,Escova,')
    expect(tags()).toBe('Corte|Escova')
  })

  it('adds what was pasted with commas, and the rest on the + button', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    const input = screen.getByLabelText('Especialidades')
    await user.click(input)
    await user.paste('Barba, Bigode, Sobrancelha')
    expect(tags()).toBe('Barba|Bigode')
    expect(input).toHaveValue('Sobrancelha')
    await user.click(screen.getByRole('button', { name: 'Adicionar especialidade' }))
    expect(tags()).toBe('Barba|Bigode|Sobrancelha')
  })

  it('does not add a repeat and says so', async () => {
    const user = userEvent.setup()
    render(<Harness initial={['Corte']} />)
    await user.type(screen.getByLabelText('Especialidades'), 'corte{Enter}')
    expect(tags()).toBe('Corte')
    expect(screen.getByText('“corte” já está na lista.')).toBeInTheDocument()
  })

  it('removes a tag with its × button and the last one with Backspace', async () => {
    const user = userEvent.setup()
    render(<Harness initial={['Corte', 'Escova', 'Mechas']} />)
    await user.click(screen.getByRole('button', { name: 'Remover Escova' }))
    expect(tags()).toBe('Corte|Mechas')
    await user.type(screen.getByLabelText('Especialidades'), '{Backspace}')
    expect(tags()).toBe('Corte')
  })

  it('stops taking tags at the limit', async () => {
    const user = userEvent.setup()
    render(<Harness initial={['a', 'b']} maxTags={2} />)
    expect(screen.getByLabelText('Especialidades')).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Remover b' }))
    expect(screen.getByLabelText('Especialidades')).toBeEnabled()
  })
})
