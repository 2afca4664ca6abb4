import { useMutation, useQueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'

import { api } from '@/lib/api-client'

import type { AccountDetail } from './get-account'
import { adminKeys } from './keys'
import { LIMITS } from '@/lib/api-limits'

/** The actions on an account, each a POST to /api/v1/admin/accounts/{id}/{action}. */
export type AccountAction = 'password-reset' | 'lock' | 'unlock' | 'premium'

export type AccountActionInput = { reason: string; until?: string }

// POST /api/v1/admin/accounts/{id}/{action} {reason, until?} → the account after the action;
// 422 with fields keyed reason, until; 'Operação negada: …' (403) when SPEC §5's rule refuses it.
export function postAccountAction(id: string, action: AccountAction, input: AccountActionInput) {
  return api.post<AccountDetail>(`/admin/accounts/${encodeURIComponent(id)}/${action}`, input)
}

export function useAccountAction(id: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ action, input }: { action: AccountAction; input: AccountActionInput }) => postAccountAction(id, action, input),
    onSuccess: (detail) => client.setQueryData(adminKeys.account(id), detail),
    onSettled: () => {
      // The detail is the answer itself; the lists show the new plan or lock.
      void client.invalidateQueries({ queryKey: adminKeys.accountLists })
      void client.invalidateQueries({ queryKey: adminKeys.auditAll })
    },
  })
}

export const REASON_REQUIRED = 'Informe o motivo da ação (ao menos 5 caracteres)'

// The server's rules (domain.CleanReason, domain.GrantEnd), so most mistakes never leave the form.
export const accountActionSchema = z.object({
  reason: z.string().check(z.trim(), z.minLength(5, { message: REASON_REQUIRED }), z.maxLength(LIMITS.adminReason, { message: `O motivo pode ter até ${LIMITS.adminReason} caracteres` })),
  until: z.string(),
})

export type AccountActionFormValues = z.infer<typeof accountActionSchema>
