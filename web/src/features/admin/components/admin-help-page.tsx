import { useHelpSettings } from '../api/get-help-settings'

import { AdminSettingPage } from './admin-setting-page'
import { HelpSettingsForm } from './help-settings-form'

/** AdminHelpPage is Configurar Ajuda: the help dialog's channels with a preview, then the latest changes. */
export function AdminHelpPage() {
  return (
    <AdminSettingPage
      query={useHelpSettings()}
      what="a configuração de ajuda"
      form={(settings) => <HelpSettingsForm settings={settings} />}
      audit={{ data: 'help', description: 'As 10 ações mais recentes sobre a configuração de ajuda.' }}
    />
  )
}
