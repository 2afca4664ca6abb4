import { usePlanConfig } from '../api/get-plan-config'

import { AdminSettingPage } from './admin-setting-page'
import { PlanConfigForm } from './plan-config-form'

/** AdminPlansPage is Admin Planos: the plans' configuration, then the latest changes to it. */
export function AdminPlansPage() {
  return (
    <AdminSettingPage
      query={usePlanConfig()}
      what="a configuração dos planos"
      form={(config) => <PlanConfigForm config={config} />}
      audit={{ data: 'plan_config', description: 'As 10 ações mais recentes sobre a configuração dos planos.' }}
    />
  )
}
