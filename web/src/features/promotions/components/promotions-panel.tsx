import { GiftIcon } from 'lucide-react'
import { toast } from 'sonner'

import { CollectionPanel } from '@/components/layout/collection-panel'
import { DeleteImpactDialog } from '@/components/ui/delete-impact-dialog'
import { isApiError } from '@/lib/api-client'
import { useDialogTarget } from '@/lib/use-dialog-target'

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
  const query = usePromotions()
  const setActive = useSetPromotionActive()
  const remove = useDeletePromotion()
  const form = useDialogTarget<Promotion>()
  const removal = useDialogTarget<PromotionSummary>()

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
    const deleting = removal.target
    if (!deleting) return
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success('Promoção excluída')
        removal.setOpen(false)
      },
      onError: (error) => {
        console.error('Erro ao excluir promoção', error)
        toast.error(isApiError(error) ? error.message : 'Não foi possível excluir a promoção. Tente novamente.')
      },
    })
  }

  return (
    <CollectionPanel
      intro="Cartões fidelidade: as visitas concluídas contam sozinhas, e você vê quem ganhou e quem está perto."
      query={query}
      what="as promoções"
      add={{ label: 'Nova promoção', onClick: () => form.show(null), emptyOnly: true }}
      empty={{
        icon: GiftIcon,
        title: 'Crie um cartão fidelidade',
        text: 'A cada 10 cortes, 1 escova grátis. Ou: gastou R$ 500,00, ganhou uma hidratação. O Agendo conta as visitas concluídas e avisa quando o cliente ganhar.',
      }}
      placeholder="h-44"
      itemKey={(p) => p.id}
      dialogs={
        <>
          <PromotionFormDialog open={form.open} onOpenChange={form.setOpen} promotion={form.target} services={services} />
          <DeleteImpactDialog
            open={removal.open}
            onOpenChange={removal.setOpen}
            name={removal.target?.name ?? ''}
            impact={{
              title: removal.target ? `Excluir ${removal.target.name}?` : '',
              description:
                'Os cartões dos clientes e os prêmios já registrados nesta promoção também serão apagados. Esta ação não pode ser desfeita.',
            }}
            pending={remove.isPending}
            onConfirm={confirmDelete}
          />
        </>
      }
    >
      {(p) => (
        <PromotionCard
          promotion={p}
          serviceName={serviceName(p.serviceId, services)}
          detailPath={detailPath(p.id)}
          switching={setActive.isPending && setActive.variables.promotion.id === p.id}
          onActiveChange={(active) => toggle(p, active)}
          onEdit={() => form.show(p)}
          onDelete={() => removal.show(p)}
        />
      )}
    </CollectionPanel>
  )
}
