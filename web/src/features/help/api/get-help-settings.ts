import { queryOptions, useQuery } from '@tanstack/react-query'

import type { HelpSettings as ApiHelpSettings } from '@/lib/api-schema'
import { api } from '@/lib/api-client'

/** HelpSettings are the support channels an admin configures (GET /api/v1/settings/help). */
export type HelpSettings = ApiHelpSettings

// GET /api/v1/settings/help — the server answers the defaults until an admin sets them.
export function getHelpSettings() {
  return api.get<HelpSettings>('/settings/help')
}

export const helpSettingsQueryOptions = () =>
  // Read on every opening of the dialog: an admin's change reaches every owner at once.
  queryOptions({ queryKey: ['settings', 'help'], queryFn: getHelpSettings, staleTime: 0 })

export function useHelpSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...helpSettingsQueryOptions(), enabled })
}
