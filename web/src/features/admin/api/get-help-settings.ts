import { queryOptions, useQuery } from '@tanstack/react-query'

import type { HelpSettings as ApiHelpSettings } from '@/lib/api-schema'
import { api } from '@/lib/api-client'

import { adminKeys } from './keys'

/** HelpSettings: the support website (https) and WhatsApp (+55 and digits) of every owner's help dialog. */
export type HelpSettings = ApiHelpSettings

// GET /api/v1/admin/help-settings (403 for non-admins)
export function getHelpSettings() {
  return api.get<HelpSettings>('/admin/help-settings')
}

export const helpSettingsQueryOptions = () => queryOptions({ queryKey: adminKeys.helpSettings, queryFn: getHelpSettings })

export function useHelpSettings() {
  return useQuery(helpSettingsQueryOptions())
}
