import { zodResolver } from '@hookform/resolvers/zod'
import { LoaderCircleIcon } from 'lucide-react'
import { Controller, useForm, type Control, type FieldErrors } from 'react-hook-form'

import { FormField } from '@/components/forms/form-field'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'

import type { PlanConfig } from '../api/get-plan-config'
import {
  FEATURES_MAX,
  formToPlanConfig,
  PLAN_CONFIG_FIELD_PATHS,
  planConfigFormSchema,
  type PlanConfigFormValues,
  planConfigToForm,
} from '../api/plan-config-form'
import { previewPlanConfig } from '../api/preview-plan-config'
import { useUpdatePlanConfig } from '../api/update-plan-config'
import { useSaveWithWarnings } from '../hooks/use-save-with-warnings'

import { FeatureList } from './feature-list'
import { WarningsDialog } from './warnings-dialog'

type PlanKey = 'freePlan' | 'premiumPlan'

/** One plan's card on Planos: its name and its features. */
function PlanFields({
  plan,
  title,
  description,
  control,
  errors,
}: {
  plan: PlanKey
  title: string
  description: string
  control: Control<PlanConfigFormValues>
  errors: FieldErrors<PlanConfigFormValues>
}) {
  const titleId = `${plan}-title`
  const featuresError = errors[plan]?.features?.message
  return (
    <Card role="group" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-5">
        <FormField id={`${plan}-name`} label="Nome do plano" error={errors[plan]?.name?.message}>
          {(control_) => (
            <Controller
              control={control}
              name={`${plan}.name`}
              render={({ field }) => <Input {...control_} {...field} autoComplete="off" />}
            />
          )}
        </FormField>
        <Controller
          control={control}
          name={`${plan}.features`}
          render={({ field }) => (
            <div className="grid grid-cols-1 gap-2" role="group" aria-labelledby={`${plan}-features-label`}>
              <p id={`${plan}-features-label`} className="text-sm font-medium">
                Recursos
              </p>
              <p id={`${plan}-features-hint`} className="text-[0.8rem] text-muted-foreground">
                Um por linha, na ordem em que aparecem em Planos (até {FEATURES_MAX}).
              </p>
              <FeatureList
                id={`${plan}-features`}
                plan={title}
                value={field.value}
                onChange={field.onChange}
                invalid={Boolean(featuresError)}
                describedBy={featuresError ? `${plan}-features-error` : `${plan}-features-hint`}
              />
              {featuresError && (
                <p id={`${plan}-features-error`} role="alert" className="text-[0.8rem] font-medium text-destructive">
                  {featuresError}
                </p>
              )}
            </div>
          )}
        />
      </CardContent>
    </Card>
  )
}

/**
 * PlanConfigForm edits the free limit, the Premium price (typed in reais, saved in cents) and
 * both plans' names and features. Saving previews the change and asks about its warnings.
 */
export function PlanConfigForm({ config }: { config: PlanConfig }) {
  const update = useUpdatePlanConfig()
  const {
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<PlanConfigFormValues>({
    resolver: zodResolver(planConfigFormSchema),
    defaultValues: planConfigToForm(config),
  })
  const save = useSaveWithWarnings({
    preview: previewPlanConfig,
    save: async (input) => reset(planConfigToForm(await update.mutateAsync(input))),
    done: 'A configuração dos planos foi salva.',
    setError,
    paths: PLAN_CONFIG_FIELD_PATHS,
  })

  const onSubmit = handleSubmit((values) => save.submit(formToPlanConfig(values)))

  return (
    <form noValidate onSubmit={onSubmit} className="grid grid-cols-1 gap-5 lg:gap-6" aria-label="Configuração dos planos">
      <Card role="group" aria-labelledby="plan-limits-title">
        <CardHeader>
          <CardTitle id="plan-limits-title">Limite e preço</CardTitle>
          <CardDescription>
            O plano gratuito aceita agendamentos até o limite; o Premium não tem limite e custa o preço mensal.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <FormField
            id="plan-free-limit"
            label="Limite do plano gratuito"
            hint="Total de agendamentos na agenda (a lixeira não conta)."
            error={errors.freeLimit?.message}
          >
            {(control_) => (
              <Controller
                control={control}
                name="freeLimit"
                render={({ field }) => <Input {...control_} {...field} inputMode="numeric" autoComplete="off" />}
              />
            )}
          </FormField>
          <FormField
            id="plan-premium-price"
            label="Preço do Premium (R$ por mês)"
            hint="Em reais, como 29,99."
            error={errors.premiumPrice?.message}
          >
            {(control_) => (
              <Controller
                control={control}
                name="premiumPrice"
                render={({ field }) => <Input {...control_} {...field} inputMode="decimal" autoComplete="off" />}
              />
            )}
          </FormField>
        </CardContent>
      </Card>

      <div className="grid grid-cols-1 gap-5 lg:grid-cols-2 lg:gap-6">
        <PlanFields
          plan="freePlan"
          title="Plano gratuito"
          description="Para quem está começando."
          control={control}
          errors={errors}
        />
        <PlanFields
          plan="premiumPlan"
          title="Plano Premium"
          description="A assinatura mensal, sem limite de agendamentos."
          control={control}
          errors={errors}
        />
      </div>

      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" disabled={isSubmitting || save.confirming || !isDirty}>
          {isSubmitting && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
          Salvar alterações
        </Button>
        <Button type="button" variant="outline" disabled={isSubmitting || !isDirty} onClick={() => reset()}>
          Descartar alterações
        </Button>
      </div>

      <WarningsDialog warnings={save.warnings} pending={save.confirming} onConfirm={save.confirm} onCancel={save.cancel} />
    </form>
  )
}
