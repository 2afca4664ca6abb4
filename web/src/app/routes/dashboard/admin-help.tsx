import { AdminHelpPage } from '@/features/admin/components/admin-help-page'

export function AdminHelpRoute() {
  return <AdminHelpPage />
}
