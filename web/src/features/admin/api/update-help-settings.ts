import { useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '@/lib/api-client'

import type { HelpSettings } from './get-help-settings'
import { adminKeys } from './keys'

// PUT /api/v1/admin/help-settings → HelpSettings as saved (the WhatsApp as +55 and digits);
// 422 with fields keyed websiteUrl, whatsappNumber.
export function updateHelpSettings(settings: HelpSettings) {
  return api.put<HelpSettings>('/admin/help-settings', settings)
}

export function useUpdateHelpSettings() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: updateHelpSettings,
    onSuccess: (saved) => {
      client.setQueryData(adminKeys.helpSettings, saved)
      // The admin's own help dialog.
      void client.invalidateQueries({ queryKey: ['settings', 'help'] })
    },
    onSettled: () => void client.invalidateQueries({ queryKey: adminKeys.audit('help') }),
  })
}
