import { AdminWebhooksPage } from '@/features/admin/components/admin-webhooks-page'

export function AdminWebhooksRoute() {
  return <AdminWebhooksPage />
}
