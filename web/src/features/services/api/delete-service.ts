import { useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '@/lib/api-client'
import { countLabel } from '@/lib/format'
import { queryKeys } from '@/lib/query-keys'

import { type ServiceImpact, serviceImpactQueryOptions } from './get-service-impact'

// DELETE /api/v1/services/{id} → 204; the server deletes its appointments (SPEC.md section 4).
export function deleteService(id: string) {
  return api.delete<void>(`/services/${encodeURIComponent(id)}`)
}

export function useDeleteService() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: deleteService,
    onSuccess: async (_done, id) => {
      // What hangs from the deleted service (its impact, on screen in the dialog) is dropped,
      // not refetched: it would answer 404.
      const impact = serviceImpactQueryOptions(id).queryKey
      await client.cancelQueries({ queryKey: impact })
      client.removeQueries({ queryKey: impact })
      for (const queryKey of [queryKeys.services, queryKeys.appointments, queryKeys.onboarding]) {
        void client.invalidateQueries({ queryKey })
      }
    },
  })
}

/** deleteServiceText is the confirmation: "Excluir Corte?" and how many appointments go with it. */
export function deleteServiceText(name: string, impact: ServiceImpact) {
  const n = impact.appointments
  const what =
    n === 0
      ? 'Nenhum agendamento será excluído.'
      : n === 1
        ? 'Também será excluído 1 agendamento.'
        : `Também serão excluídos ${countLabel(n, 'agendamento', 'agendamentos')}.`
  return { title: `Excluir ${name}?`, description: `${what} Esta ação não pode ser desfeita.` }
}
