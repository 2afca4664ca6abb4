import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import { api } from '@/lib/api-client'
import type * as Api from '@/lib/api-schema'
import { queryKeys } from '@/lib/query-keys'

export type Team = Api.Team
export type Member = Api.Member
export type Invitation = Api.Invitation
export type MemberRole = Api.MemberInput['role']
export type InviteInput = Api.InviteInput
export type Invited = Api.Invited
export type TeamSettings = Api.TeamSettings

// GET /api/v1/team → the owner first, then the members; the invitations of the last 30 days.
export const teamQueryOptions = () =>
  queryOptions({ queryKey: [...queryKeys.team], queryFn: () => api.get<Team>('/team') })

export function useTeam() {
  return useQuery(teamQueryOptions())
}

function useTeamMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.team }),
  })
}

// POST /api/v1/team/invitations → the invitation with its link, shown once.
export function useInvite() {
  return useTeamMutation((input: InviteInput) => api.post<Invited>('/team/invitations', input))
}

// DELETE /api/v1/team/invitations/{id} → 204.
export function useRevokeInvitation() {
  return useTeamMutation((id: string) => api.delete<void>(`/team/invitations/${encodeURIComponent(id)}`))
}

// PUT /api/v1/team/members/{id} → 204; the member's sessions in this salon end.
export function useChangeMember() {
  return useTeamMutation(({ id, role, professionalId }: { id: string } & Api.MemberInput) =>
    api.put<void>(`/team/members/${encodeURIComponent(id)}`, { role, professionalId }),
  )
}

// PUT /api/v1/team/settings → the settings; a professional's next request sees them.
export function useSaveTeamSettings() {
  return useTeamMutation((input: TeamSettings) => api.put<TeamSettings>('/team/settings', input))
}

// PUT /api/v1/team/owner → the owner's seat, with the professional they serve clients as.
export function useLinkOwnAgenda() {
  return useTeamMutation((professionalId: string | null) => api.put<Api.Seat>('/team/owner', { professionalId }))
}

// DELETE /api/v1/team/members/{id} → 204; the member's sessions in this salon end at once.
export function useRemoveMember() {
  return useTeamMutation((id: string) => api.delete<void>(`/team/members/${encodeURIComponent(id)}`))
}
