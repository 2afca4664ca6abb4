import { AdminPlansPage } from '@/features/admin/components/admin-plans-page'

export function AdminPlansRoute() {
  return <AdminPlansPage />
}
