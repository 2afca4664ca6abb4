import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'

import { isApiError } from '@/lib/api-client'
import { dayMonth } from '@/lib/dates'
import { ignoreEchoOf } from '@/lib/live-updates'
import { queryKeys } from '@/lib/query-keys'
import { UNDO_MS, type UndoNotifier, undoNotifier } from '@/lib/undo-notifier'

import {
  forgetAppointment,
  insertAppointment,
  invalidateAfterChange,
  patchAppointment,
  removeAppointment,
  replaceAppointment,
} from '../api/cache'
import { deleteAppointment } from '../api/delete-appointment'
import type { Appointment } from '../api/get-appointments'
import type { DeletedAppointment } from '../api/get-trash'
import { restoreAppointment } from '../api/restore-appointment'

// Delete, undo and the trash, as SPEC.md section 4 says: mark the appointment deleted in the
// view; copy it to the trash and remove it (one request); drop it from the list after 2 s; an
// undo toast with 'Desfazer' for 8 s; undoing restores it (a new id) with a 3 s confirmation.

export const DROP_DELAY_MS = 2000
export const RESTORED_MS = 3000

function messageOf(error: unknown, fallback: string) {
  return isApiError(error) && error.status !== 0 && error.status < 500 ? error.message : fallback
}

/**
 * deleteWithUndo runs the whole flow for one appointment. Its timers belong to the query
 * client, not to a screen, so moving to another tab in the meantime changes nothing.
 */
export async function deleteWithUndo(
  client: QueryClient,
  appointment: Appointment,
  notify: UndoNotifier = undoNotifier,
) {
  const id = appointment.id
  ignoreEchoOf(id)
  patchAppointment(client, id, { isDeleted: true })
  let trashed: DeletedAppointment
  try {
    trashed = await deleteAppointment(id)
  } catch (error) {
    console.error('Erro ao excluir agendamento', error)
    patchAppointment(client, id, { isDeleted: false })
    notify.error(messageOf(error, 'Não foi possível excluir o agendamento. Tente novamente.'))
    return
  }

  forgetAppointment(client, id)

  let dropped = false
  let undoing = false
  const timer = setTimeout(() => {
    dropped = true
    removeAppointment(client, id)
    invalidateAfterChange(client, [queryKeys.trash])
  }, DROP_DELAY_MS)

  const undo = async () => {
    if (undoing) return
    undoing = true
    clearTimeout(timer)
    // Back in the view first; the restore then saves it under its new id.
    const back = { ...appointment, isDeleted: false }
    if (dropped) insertAppointment(client, back)
    else patchAppointment(client, id, { isDeleted: false })
    try {
      const restored = await restoreAppointment(trashed.id, true) // undoing one's own delete puts back exactly what was there
      ignoreEchoOf(restored.id, 3000)
      replaceAppointment(client, id, restored)
      notify.success('Agendamento restaurado', { duration: RESTORED_MS })
    } catch (error) {
      console.error('Erro ao restaurar agendamento', error)
      removeAppointment(client, id)
      notify.error(
        `${messageOf(error, 'Não foi possível restaurar o agendamento.')} Ele continua na Lixeira.`,
      )
    } finally {
      invalidateAfterChange(client, [queryKeys.trash])
    }
  }

  notify.undo('Agendamento excluído', {
    description: `${appointment.clientName}, ${dayMonth(appointment.date)} às ${appointment.time}`,
    duration: UNDO_MS,
    onUndo: () => void undo(),
  })
}

/** useDeleteAppointment answers the function that deletes an appointment with undo. */
export function useDeleteAppointment(notify?: UndoNotifier) {
  const client = useQueryClient()
  return useCallback((appointment: Appointment) => void deleteWithUndo(client, appointment, notify), [client, notify])
}
