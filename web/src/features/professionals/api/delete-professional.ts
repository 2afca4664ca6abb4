import { useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '@/lib/api-client'
import { countLabel } from '@/lib/format'
import { queryKeys } from '@/lib/query-keys'

import { type ProfessionalImpact, professionalImpactQueryOptions } from './get-professional-impact'

// DELETE /api/v1/professionals/{id} → 204. The server also removes them from every service and
// deletes their appointments and blocked times (SPEC.md section 4).
export function deleteProfessional(id: string) {
  return api.delete<void>(`/professionals/${encodeURIComponent(id)}`)
}

export function useDeleteProfessional() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: deleteProfessional,
    onSuccess: async (_done, id) => {
      // What hangs from the deleted professional (their impact, on screen in the dialog) is
      // dropped, not refetched: it would answer 404.
      const impact = professionalImpactQueryOptions(id).queryKey
      await client.cancelQueries({ queryKey: impact })
      client.removeQueries({ queryKey: impact })
      for (const queryKey of [
        queryKeys.professionals,
        queryKeys.services,
        queryKeys.blockedTimes,
        queryKeys.appointments,
        queryKeys.onboarding,
      ]) {
        void client.invalidateQueries({ queryKey })
      }
    },
  })
}

/**
 * deleteProfessionalText is the confirmation: "Excluir Ana?" and what goes with her, in
 * correct Portuguese for one or many ("Também serão excluídos 3 agendamentos e 1 bloqueio de
 * horário."), without assuming the person's gender.
 */
export function deleteProfessionalText(name: string, impact: ProfessionalImpact) {
  const parts: string[] = []
  if (impact.appointments > 0) parts.push(countLabel(impact.appointments, 'agendamento', 'agendamentos'))
  if (impact.blockedTimes > 0) {
    parts.push(countLabel(impact.blockedTimes, 'bloqueio de horário', 'bloqueios de horário'))
  }
  const many = parts.length > 1 || impact.appointments > 1 || impact.blockedTimes > 1
  const sentences = [
    parts.length > 0
      ? `Também ${many ? 'serão excluídos' : 'será excluído'} ${parts.join(' e ')}.`
      : 'Nenhum agendamento ou bloqueio de horário será excluído.',
  ]
  if (impact.services > 0) {
    sentences.push(
      impact.services === 1
        ? `${name} deixará de aparecer no serviço que realiza.`
        : `${name} deixará de aparecer nos ${countLabel(impact.services, 'serviço', 'serviços')} que realiza.`,
    )
  }
  sentences.push('Esta ação não pode ser desfeita.')
  return { title: `Excluir ${name}?`, description: sentences.join(' ') }
}
