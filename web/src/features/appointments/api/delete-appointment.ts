import { api } from '@/lib/api-client'

import type { DeletedAppointment } from './get-trash'

// DELETE /api/v1/appointments/{id} → 200 DeletedAppointment. The copy to the trash and the
// removal commit together: when the copy fails the appointment stays where it was.
export function deleteAppointment(id: string) {
  return api.delete<DeletedAppointment>(`/appointments/${encodeURIComponent(id)}`)
}
