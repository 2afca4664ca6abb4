import { GiftIcon, PlusIcon } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'

import { LoadError } from '@/components/layout/load-error'
import { Button } from '@/components/ui/button'
import { DeleteImpactDialog } from '@/components/ui/delete-impact-dialog'
import { Skeleton } from '@/components/ui/skeleton'
import { isApiError } from '@/lib/api-client'

import { useDeletePromotion } from '../api/delete-promotion'
import { type Promotion, type PromotionSummary, usePromotions } from '../api/get-promotions'
import { useSetPromotionActive } from '../api/update-promotion'
import { PromotionCard } from './promotion-card'
import { PromotionFormDialog, type ServiceName } from './promotion-form-dialog'

/** serviceName names a card's service: '…' while the names load, and says when it is gone. */
function serviceName(id: string | null, services: readonly ServiceName[] | undefined) {
  if (!id) return undefined
  if (!services) return '…'
  return services.find((s) => s.id === id)?.name ?? 'um serviço excluído'
}

/**
 * PromotionsPanel lists the promotions (newest first) with how their cards stand, the switch,
 * create, edit and delete. The services' names come from the page that composes it.
 */
export function PromotionsPanel({
  services,
  detailPath,
}: {
  services: readonly ServiceName[] | undefined
  detailPath: (id: string) => string
}) {
  const { data: promotions, isPending, isError, refetch } = usePromotions()
  const setActive = useSetPromotionActive()
  const remove = useDeletePromotion()
  const [editing, setEditing] = useState<Promotion | null>(null)
  const [formOpen, setFormOpen] = useState(false)
  const [deleting, setDeleting] = useState<PromotionSummary | null>(null)
  const [deleteOpen, setDeleteOpen] = useState(false)

  const openForm = (promotion: Promotion | null) => {
    setEditing(promotion)
    setFormOpen(true)
  }

  const toggle = (promotion: PromotionSummary, isActive: boolean) => {
    setActive.mutate(
      { promotion, isActive },
      {
        onSuccess: () => toast.success(isActive ? 'Promoção ativada' : 'Promoção pausada'),
        onError: (error) => {
          console.error('Erro ao mudar a promoção', error)
          toast.error(isApiError(error) ? error.message : 'Não foi possível mudar a promoção. Tente novamente.')
        },
      },
    )
  }

  const confirmDelete = () => {
    if (!deleting) return
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success('Promoção excluída')
        setDeleteOpen(false)
      },
      onError: (error) => {
        console.error('Erro ao excluir promoção', error)
        toast.error(isApiError(error) ? error.message : 'Não foi possível excluir a promoção. Tente novamente.')
      },
    })
  }

  const newButton = (
    <Button onClick={() => openForm(null)} className="w-full sm:w-auto">
      <PlusIcon aria-hidden="true" />
      Nova promoção
    </Button>
  )

  return (
    <div className="grid grid-cols-1 gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          Cartões fidelidade: as visitas concluídas contam sozinhas, e você vê quem ganhou e quem está perto.
        </p>
        {promotions && promotions.length > 0 && newButton}
      </div>

      {isPending ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-44 rounded-xl" />
          ))}
        </div>
      ) : isError ? (
        <LoadError onRetry={() => void refetch()} what="as promoções" />
      ) : promotions.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed bg-card px-6 py-12 text-center">
          <span className="flex size-12 items-center justify-center rounded-2xl bg-secondary text-secondary-foreground">
            <GiftIcon className="size-6" aria-hidden="true" />
          </span>
          <h2 className="mt-4 text-base font-semibold">Crie um cartão fidelidade</h2>
          <p className="mt-1 max-w-sm text-sm text-muted-foreground">
            A cada 10 cortes, 1 escova grátis. Ou: gastou R$ 500,00, ganhou uma hidratação. O Agendo conta as
            visitas concluídas e avisa quando o cliente ganhar.
          </p>
          <div className="mt-5 w-full sm:w-auto">{newButton}</div>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {promotions.map((p) => (
            <li key={p.id} className="grid min-w-0 grid-cols-1">
              <PromotionCard
                promotion={p}
                serviceName={serviceName(p.serviceId, services)}
                detailPath={detailPath(p.id)}
                switching={setActive.isPending && setActive.variables.promotion.id === p.id}
                onActiveChange={(active) => toggle(p, active)}
                onEdit={() => openForm(p)}
                onDelete={() => {
                  setDeleting(p)
                  setDeleteOpen(true)
                }}
              />
            </li>
          ))}
        </ul>
      )}

      <PromotionFormDialog open={formOpen} onOpenChange={setFormOpen} promotion={editing} services={services} />
      <DeleteImpactDialog
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        name={deleting?.name ?? ''}
        impact={{
          title: deleting ? `Excluir ${deleting.name}?` : '',
          description:
            'Os cartões dos clientes e os prêmios já registrados nesta promoção também serão apagados. Esta ação não pode ser desfeita.',
        }}
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  )
}
