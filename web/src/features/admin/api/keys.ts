// The admin pages' query keys, under one root: a save refreshes its own history with a prefix.
export const adminKeys = {
  all: ['admin'] as const,
  planConfig: ['admin', 'plan-config'] as const,
  webhookConfig: ['admin', 'webhook-config'] as const,
  helpSettings: ['admin', 'help-settings'] as const,
  deliveries: (filter: { failures: boolean; offset: number }) => ['admin', 'webhook-deliveries', filter] as const,
  deliveriesAll: ['admin', 'webhook-deliveries'] as const,
  audit: (data: AuditData) => ['admin', 'audit', data] as const,
  auditAll: ['admin', 'audit'] as const,
  accounts: (filter: AccountsFilter) => ['admin', 'accounts', 'list', filter] as const,
  accountLists: ['admin', 'accounts', 'list'] as const,
  account: (id: string) => ['admin', 'accounts', 'detail', id] as const,
}

/** Which admin data a history is about. */
export type AuditData = 'plan_config' | 'webhook_config' | 'help' | `account:${string}` | ''

/** Which accounts Admin Clientes lists. */
export type AccountsFilter = { q: string; plan: '' | 'free' | 'premium'; locked: boolean; offset: number }
