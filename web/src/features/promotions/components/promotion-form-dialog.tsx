import { zodResolver } from '@hookform/resolvers/zod'
import { LoaderCircleIcon, SparklesIcon } from 'lucide-react'
import { useForm, useWatch } from 'react-hook-form'

import { FormErrors } from '@/components/forms/form-errors'
import { FormField } from '@/components/forms/form-field'
import { useFormSubmit } from '@/components/forms/use-form-submit'
import { Button } from '@/components/ui/button'
import { ChoiceChip } from '@/components/ui/chip'
import { DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FieldError } from '@/components/ui/field'
import { FormDialog } from '@/components/ui/form-dialog'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/select'
import { useDiscardGuard } from '@/components/ui/use-discard-guard'
import { formatCentsInput } from '@/lib/money'

import { useCreatePromotion } from '../api/create-promotion'
import type { Promotion } from '../api/get-promotions'
import { ruleText, validityOption } from '../api/labels'
import {
  formToPromotionInput,
  parseTargetCount,
  parseTargetValue,
  PROMOTION_FIELD_PATHS,
  promotionFormSchema,
  type PromotionFormValues,
  promotionToForm,
  VALIDITY_PRESETS,
} from '../api/promotion-form'
import { useUpdatePromotion } from '../api/update-promotion'

export type ServiceName = { id: string; name: string }

/** PromotionFormDialog creates or edits a promotion; full screen on a phone. */
export function PromotionFormDialog({
  open,
  onOpenChange,
  promotion,
  services,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  promotion: Promotion | null
  /** undefined while they load. */
  services: readonly ServiceName[] | undefined
}) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      <DialogContent fullScreenOnMobile className="flex flex-col gap-0 overflow-hidden p-0 sm:max-w-lg">
        <DialogHeader className="border-b px-5 py-4 sm:px-6">
          <DialogTitle>{promotion ? 'Editar promoção' : 'Nova promoção'}</DialogTitle>
          <DialogDescription>Um cartão fidelidade: o cliente junta visitas ou valor gasto e ganha um prêmio.</DialogDescription>
        </DialogHeader>
        <PromotionForm
          key={promotion?.id ?? 'new'}
          promotion={promotion}
          services={services}
          onDone={() => onOpenChange(false)}
        />
      </DialogContent>
    </FormDialog>
  )
}

function PromotionForm({
  promotion,
  services,
  onDone,
}: {
  promotion: Promotion | null
  services: readonly ServiceName[] | undefined
  onDone: () => void
}) {
  const create = useCreatePromotion()
  const update = useUpdatePromotion()
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<PromotionFormValues>({
    resolver: zodResolver(promotionFormSchema),
    defaultValues: promotionToForm(promotion),
  })
  useDiscardGuard(isDirty)
  const { submit, unplaced } = useFormSubmit({
    setError,
    paths: PROMOTION_FIELD_PATHS,
    log: 'Erro ao salvar promoção',
    failure: 'Não foi possível salvar a promoção.',
  })
  const values = useWatch({ control })
  const type = values.type ?? 'count'
  const serviceName = services?.find((s) => s.id === values.serviceId)?.name
  // A saved validity the presets do not list (set through the API) stays offered.
  const validities = [...new Set([...VALIDITY_PRESETS, promotion?.validDays ?? 0])].sort((a, b) => a - b)

  const count = parseTargetCount(values.targetCount ?? '')
  const value = parseTargetValue(values.targetValue ?? '')
  const reward = values.reward?.trim() ?? ''
  const preview =
    reward && (type === 'count' ? count !== null : value !== null)
      ? ruleText({ type, targetCount: count ?? 0, targetValue: value ?? 0, reward }, type === 'count' ? serviceName : undefined)
      : null

  const onSubmit = handleSubmit(async (v) => {
    const input = formToPromotionInput(v, promotion?.isActive ?? true)
    const saved = await submit(
      () => (promotion ? update.mutateAsync({ id: promotion.id, input }) : create.mutateAsync(input)),
      { done: promotion ? 'Promoção atualizada' : 'Promoção criada' },
    )
    if (saved) onDone()
  })

  return (
    <form noValidate onSubmit={onSubmit} className="flex min-h-0 flex-1 flex-col">
      <div className="grid grid-cols-1 flex-1 content-start gap-5 overflow-y-auto px-5 py-5 sm:px-6">
        <FormErrors messages={unplaced} />
        <FormField id="promotion-name" label="Nome da promoção" error={errors.name?.message}>
          {(aria) => <Input autoComplete="off" placeholder="Ex.: Cartão fidelidade" {...aria} {...register('name')} />}
        </FormField>

        <fieldset className="grid grid-cols-1 gap-2">
          <legend className="mb-2 text-sm font-medium">Como o cliente ganha</legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            <ChoiceChip
              value="count"
              label="Por visitas"
              detail="A cada tantas visitas concluídas, um prêmio. Ex.: 10 cortes = 1 escova."
              {...register('type')}
            />
            <ChoiceChip
              value="value"
              label="Por valor gasto"
              detail="Quando a soma dos serviços chega a um valor. Ex.: R$ 500,00 = 1 hidratação."
              {...register('type')}
            />
          </div>
          <FieldError message={errors.type?.message} />
        </fieldset>

        {type === 'count' ? (
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            <FormField id="promotion-target-count" label="Visitas para ganhar" error={errors.targetCount?.message}>
              {(aria) => (
                <div className="relative">
                  <Input inputMode="numeric" className="pr-12" {...aria} {...register('targetCount')} />
                  <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted-foreground">
                    visitas
                  </span>
                </div>
              )}
            </FormField>
            <FormField
              id="promotion-service"
              label="Serviço que conta"
              hint="Só as visitas deste serviço contam."
              error={errors.serviceId?.message}
            >
              {(aria) => (
                <NativeSelect {...aria} disabled={services === undefined} {...register('serviceId')}>
                  <option value="">Qualquer serviço</option>
                  {services?.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          </div>
        ) : (
          <FormField
            id="promotion-target-value"
            label="Valor gasto para ganhar"
            hint="A soma dos serviços das visitas concluídas."
            error={errors.targetValue?.message}
          >
            {(aria) => (
              <div className="relative">
                <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground">
                  R$
                </span>
                <Input
                  inputMode="decimal"
                  placeholder="0,00"
                  className="pl-10"
                  {...aria}
                  {...register('targetValue', {
                    // "500" reads back as "500,00" once the field is left.
                    onBlur: (event: { target: HTMLInputElement }) => {
                      const cents = parseTargetValue(event.target.value)
                      if (cents !== null) setValue('targetValue', formatCentsInput(cents))
                    },
                  })}
                />
              </div>
            )}
          </FormField>
        )}

        <FormField id="promotion-reward" label="Prêmio" error={errors.reward?.message}>
          {(aria) => <Input autoComplete="off" placeholder="Ex.: Escova grátis" {...aria} {...register('reward')} />}
        </FormField>

        {preview && (
          <p className="flex items-start gap-2 rounded-lg bg-muted/60 px-3 py-2.5 text-sm" aria-live="polite">
            <SparklesIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>
              <span className="text-muted-foreground">O cartão fica assim: </span>
              <span className="font-medium break-words">{preview}</span>
            </span>
          </p>
        )}

        <fieldset className="grid grid-cols-1 gap-2">
          <legend className="mb-2 text-sm font-medium">
            Período <span className="font-normal text-muted-foreground">(opcional)</span>
          </legend>
          <div className="grid grid-cols-2 gap-3">
            <FormField id="promotion-start" label="Início" error={errors.startDate?.message}>
              {(aria) => <Input type="date" className="px-2 sm:px-3" {...aria} {...register('startDate')} />}
            </FormField>
            <FormField id="promotion-end" label="Fim" error={errors.endDate?.message}>
              {(aria) => <Input type="date" className="px-2 sm:px-3" {...aria} {...register('endDate')} />}
            </FormField>
          </div>
          <p className="text-[0.8rem] text-muted-foreground">Em branco: todas as visitas concluídas contam.</p>
        </fieldset>

        <FormField
          id="promotion-validity"
          label="Validade do prêmio"
          hint="Quanto tempo o cliente tem para usar o prêmio depois de ganhar."
          error={errors.validDays?.message}
        >
          {(aria) => (
            <NativeSelect {...aria} {...register('validDays')}>
              {validities.map((days) => (
                <option key={days} value={String(days)}>
                  {validityOption(days)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </div>
      <div className="grid shrink-0 grid-cols-2 gap-2 border-t bg-card px-5 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:flex sm:justify-end sm:px-6">
        <DialogClose asChild>
          <Button variant="outline" disabled={isSubmitting}>
            Cancelar
          </Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting} className="sm:min-w-28">
          {isSubmitting && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
          Salvar
        </Button>
      </div>
    </form>
  )
}
