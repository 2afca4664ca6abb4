import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { createQueryClient } from '@/lib/query-client'
import { type Call, json, mockApi } from '@/test/api-mock'

import type { ImportPreview } from '../api/import-clients'
import { ImportClientsButton } from './import-clients-dialog'

const row = { phone2: '', email: '', birthday: '', notes: '', tags: [], problems: [], warnings: [], existing: '' }

function preview(mapping: string[]): ImportPreview {
  const notes = mapping[2] === 'notes'
  return {
    fileName: 'lista.csv',
    kind: 'csv',
    header: ['Cliente', 'Contato', 'Info'],
    samples: [['Joana Prado'], ['11 96666-1234'], ['aniversário 10/10']],
    mapping,
    rows: [
      { ...row, line: 2, status: 'new', name: 'Joana Prado', phone: '+5511966661234', notes: notes ? 'aniversário 10/10' : '' },
      { ...row, line: 3, status: 'invalid', name: 'Sem Telefone', phone: '', problems: ['Sem telefone'] },
    ],
    new: 1,
    duplicates: 0,
    repeated: 0,
    invalid: 1,
  }
}

afterEach(() => vi.unstubAllGlobals())

describe('importing clients', () => {
  it('reads the file, shows the rows, reads it again with the columns chosen, and imports', async () => {
    const user = userEvent.setup()
    const api = mockApi({
      'GET /api/v1/client-imports': json(200, { items: [] }),
      'POST /api/v1/client-imports/preview': (call: Call) =>
        json(200, preview(call.body && typeof call.body === 'object' && 'mapping' in call.body ? (JSON.parse(String(call.body.mapping)) as string[]) : ['name', 'phone', ''])),
      'POST /api/v1/client-imports': json(201, {
        id: 'i1',
        fileName: 'lista.csv',
        added: 1,
        duplicates: 0,
        repeated: 0,
        invalid: 1,
        createdAt: '2026-11-29T12:00:00Z',
        undoneAt: null,
        undoUntil: '2026-12-06T12:00:00Z',
        canUndo: true,
      }),
    })
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ImportClientsButton />
      </QueryClientProvider>,
    )
    await user.click(screen.getByRole('button', { name: 'Importar clientes' }))
    const dialog = await screen.findByRole('dialog', { name: 'Importar clientes' })
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement
    await user.upload(input, new File(['Cliente,Contato,Info\n'], 'lista.csv', { type: 'text/csv' }))

    expect(await within(dialog).findByText('Sem telefone')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Info')).toHaveValue('')
    await user.selectOptions(within(dialog).getByLabelText('Info'), 'Observações')
    expect(api.callsTo('POST /api/v1/client-imports/preview')[1]?.body).toMatchObject({ mapping: '["name","phone","notes"]' })
    expect(await within(dialog).findByLabelText('Info')).toHaveValue('notes')

    await user.click(within(dialog).getByRole('button', { name: 'Importar 1 cliente' }))
    expect(await within(dialog).findByRole('status')).toHaveTextContent('1 cliente importado')
    expect(within(dialog).getByRole('status')).toHaveTextContent('1 linha com erro não entrou')
    expect(api.callsTo('POST /api/v1/client-imports')[0]?.body).toMatchObject({ mapping: '["name","phone","notes"]' })
  })
})
