import { useWebhookConfig } from '../api/get-webhook-config'

import { AdminSettingPage } from './admin-setting-page'
import { DeliveriesLog } from './deliveries-log'
import { WebhookConfigForm } from './webhook-config-form'

/** AdminWebhooksPage is Admin Webhooks: the configuration, its latest changes and every delivery received. */
export function AdminWebhooksPage() {
  return (
    <AdminSettingPage
      query={useWebhookConfig()}
      what="a configuração dos webhooks"
      form={(config) => <WebhookConfigForm config={config} />}
      audit={{ data: 'webhook_config', description: 'As 10 ações mais recentes sobre a configuração dos webhooks.' }}
    >
      <DeliveriesLog />
    </AdminSettingPage>
  )
}
