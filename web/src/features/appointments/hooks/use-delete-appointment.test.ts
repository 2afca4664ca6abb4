// @vitest-environment node
import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { queryKeys } from '@/lib/query-keys'
import { type UndoNotifier, UNDO_MS } from '@/lib/undo-notifier'
import { apiError, json, mockApi, never } from '@/test/api-mock'
import { appointmentFixture } from '@/test/appointments'

import type { AppointmentPage } from '../api/get-appointments'
import { deleteWithUndo, DROP_DELAY_MS, RESTORED_MS } from './use-delete-appointment'

const maria = appointmentFixture()
const joao = appointmentFixture({ id: 'a2', clientName: 'João Pedro', time: '15:00' })
const listKey = [...queryKeys.appointments, 'list', { from: '2099-03-01' }]
const dayKey = [...queryKeys.appointments, 'range', { from: '2099-03-14', to: '2099-03-14' }]

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  client.setQueryData<AppointmentPage>(listKey, { items: [maria, joao], total: 2 })
  client.setQueryData<AppointmentPage>(dayKey, { items: [maria, joao], total: 2 })
  const calls: string[] = []
  let onUndo: (() => void) | null = null
  const notify: UndoNotifier = {
    undo: (message, options) => {
      calls.push(`undo:${message}:${options.duration}`)
      onUndo = options.onUndo
    },
    success: (message, options) => calls.push(`success:${message}:${options.duration}`),
    error: (message) => calls.push(`error:${message}`),
  }
  const items = (key = listKey) => client.getQueryData<AppointmentPage>(key)?.items ?? []
  const find = (id: string, key = listKey) => items(key).find((a) => a.id === id)
  return { client, notify, calls, items, find, undo: () => onUndo?.() }
}

const trashed = { ...maria, id: 't1', originalId: 'a1', deletedAt: '2099-03-10T12:00:00Z' }

describe('delete with undo (SPEC.md section 4)', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.spyOn(console, 'error').mockImplementation(() => {})
  })
  afterEach(() => vi.useRealTimers())

  it('marks the appointment deleted at once, then drops it from every list after 2 s', async () => {
    let answer: (r: Response) => void = () => {}
    mockApi({ 'DELETE /api/v1/appointments/a1': () => new Promise((resolve) => (answer = resolve)) })
    const t = setup()
    const done = deleteWithUndo(t.client, maria, t.notify)
    // Marked in the view before the server has answered.
    expect(t.find('a1')?.isDeleted).toBe(true)
    expect(t.find('a1', dayKey)?.isDeleted).toBe(true)
    await vi.advanceTimersByTimeAsync(0)
    expect(t.calls).toEqual([])
    answer(json(200, trashed))
    await done
    expect(t.calls).toEqual([`undo:Agendamento excluído:${UNDO_MS}`])
    await vi.advanceTimersByTimeAsync(DROP_DELAY_MS - 1)
    expect(t.find('a1')?.isDeleted).toBe(true)
    await vi.advanceTimersByTimeAsync(1)
    expect(t.items().map((a) => a.id)).toEqual(['a2'])
    expect(t.items(dayKey).map((a) => a.id)).toEqual(['a2'])
    expect(t.client.getQueryData<AppointmentPage>(listKey)?.total).toBe(1)
  })

  it('drops the cached queries that name the deleted id instead of refetching them (they would answer 404)', async () => {
    const { callsTo } = mockApi({ 'DELETE /api/v1/appointments/a1': json(200, trashed) })
    const t = setup()
    const edit = [...queryKeys.availability, { professionalId: 'p1', serviceId: 's1', date: '2099-03-14', except: 'a1' }]
    const other = [...queryKeys.availability, { professionalId: 'p1', serviceId: 's1', date: '2099-03-14' }]
    t.client.setQueryData(edit, ['10:00'])
    t.client.setQueryData(other, ['10:00'])
    await deleteWithUndo(t.client, maria, t.notify)
    await vi.advanceTimersByTimeAsync(DROP_DELAY_MS)
    expect(t.client.getQueryCache().find({ queryKey: edit, exact: true })).toBeUndefined()
    expect(t.client.getQueryData(other)).toEqual(['10:00'])
    expect(callsTo('GET /api/v1/availability')).toHaveLength(0)
  })

  it("undoing restores it under its new id with a 3 s confirmation, even after it left the list", async () => {
    const { callsTo } = mockApi({
      'DELETE /api/v1/appointments/a1': json(200, trashed),
      'POST /api/v1/trash/t1/restore': json(201, { ...maria, id: 'a9' }),
    })
    const t = setup()
    await deleteWithUndo(t.client, maria, t.notify)
    await vi.advanceTimersByTimeAsync(DROP_DELAY_MS)
    expect(t.find('a1')).toBeUndefined()
    t.undo()
    // Back in the list, in date order, before the restore answers.
    expect(t.items().map((a) => a.clientName)).toEqual(['Maria Souza', 'João Pedro'])
    await vi.advanceTimersByTimeAsync(0)
    expect(callsTo('POST /api/v1/trash/t1/restore')).toHaveLength(1)
    expect(t.items().map((a) => a.id)).toEqual(['a9', 'a2'])
    expect(t.find('a9')?.isDeleted).toBeFalsy()
    expect(t.calls).toContain(`success:Agendamento restaurado:${RESTORED_MS}`)
  })

  it('undoing within the 2 s keeps it in place and never drops it', async () => {
    mockApi({
      'DELETE /api/v1/appointments/a1': json(200, trashed),
      'POST /api/v1/trash/t1/restore': json(201, { ...maria, id: 'a9' }),
    })
    const t = setup()
    await deleteWithUndo(t.client, maria, t.notify)
    await vi.advanceTimersByTimeAsync(500)
    t.undo()
    expect(t.find('a1')?.isDeleted).toBe(false)
    await vi.advanceTimersByTimeAsync(5000)
    expect(t.items().map((a) => a.id)).toEqual(['a9', 'a2'])
  })

  it('reverts the mark when the copy to the trash fails, and offers no undo', async () => {
    mockApi({ 'DELETE /api/v1/appointments/a1': apiError(500, 'internal', 'Erro interno') })
    const t = setup()
    await deleteWithUndo(t.client, maria, t.notify)
    expect(t.find('a1')?.isDeleted).toBe(false)
    expect(t.calls).toEqual(['error:Não foi possível excluir o agendamento. Tente novamente.'])
    await vi.advanceTimersByTimeAsync(DROP_DELAY_MS * 2)
    expect(t.items().map((a) => a.id)).toEqual(['a1', 'a2'])
  })

  it('rolls the view back when the restore fails: the appointment stays in the trash', async () => {
    mockApi({
      'DELETE /api/v1/appointments/a1': json(200, trashed),
      'POST /api/v1/trash/t1/restore': apiError(422, 'invalid', 'Serviço não encontrado'),
    })
    const t = setup()
    await deleteWithUndo(t.client, maria, t.notify)
    await vi.advanceTimersByTimeAsync(DROP_DELAY_MS)
    t.undo()
    expect(t.find('a1')).toBeDefined()
    await vi.advanceTimersByTimeAsync(0)
    expect(t.find('a1')).toBeUndefined()
    expect(t.items().map((a) => a.id)).toEqual(['a2'])
    expect(t.calls.at(-1)).toBe('error:Serviço não encontrado Ele continua na Lixeira.')
  })

  it('ignores a second tap on Desfazer', async () => {
    const { callsTo } = mockApi({
      'DELETE /api/v1/appointments/a1': json(200, trashed),
      'POST /api/v1/trash/t1/restore': never,
    })
    const t = setup()
    await deleteWithUndo(t.client, maria, t.notify)
    t.undo()
    t.undo()
    await vi.advanceTimersByTimeAsync(0)
    expect(callsTo('POST /api/v1/trash/t1/restore')).toHaveLength(1)
  })
})
