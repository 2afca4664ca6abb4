import { AdminClientsPage } from '@/features/admin/components/admin-clients-page'

export function AdminClientsRoute() {
  return <AdminClientsPage />
}
