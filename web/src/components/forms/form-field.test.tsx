import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { Input } from '@/components/ui/input'

import { FormField } from './form-field'

describe('FormField', () => {
  it('names its control by the label and marks nothing while the value is fine', () => {
    render(
      <FormField id="service-name" label="Nome">
        {(aria) => <Input {...aria} />}
      </FormField>,
    )
    const input = screen.getByRole('textbox', { name: 'Nome' })
    expect(input).toHaveAttribute('id', 'service-name')
    expect(input).not.toHaveAttribute('aria-invalid')
    expect(input).not.toHaveAttribute('aria-describedby')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('describes the control by its hint, and by its error once there is one', () => {
    const { rerender } = render(
      <FormField id="service-price" label="Preço" optional hint="Em branco: sem preço na página.">
        {(aria) => <Input {...aria} />}
      </FormField>,
    )
    const input = screen.getByRole('textbox', { name: /^Preço/ })
    expect(screen.getByText('(opcional)')).toBeInTheDocument()
    expect(input).toHaveAccessibleDescription('Em branco: sem preço na página.')
    expect(input).not.toHaveAttribute('aria-invalid')

    rerender(
      <FormField id="service-price" label="Preço" optional hint="Em branco: sem preço na página." error="Use um valor válido">
        {(aria) => <Input {...aria} />}
      </FormField>,
    )
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAttribute('aria-describedby', 'service-price-hint service-price-error')
    expect(input).toHaveAccessibleDescription('Em branco: sem preço na página. Use um valor válido')
    expect(screen.getByRole('alert')).toHaveTextContent('Use um valor válido')
  })
})
