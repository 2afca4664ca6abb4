import { zodResolver } from '@hookform/resolvers/zod'
import { LoaderCircleIcon, StoreIcon } from 'lucide-react'
import { useState, type ComponentProps, type ReactNode } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { toast } from 'sonner'

import { FormErrors } from '@/components/forms/form-errors'
import { FormField } from '@/components/forms/form-field'
import { useFormSubmit } from '@/components/forms/use-form-submit'
import { WorkingHoursEditor } from '@/components/forms/working-hours-editor'
import { ImageField } from '@/components/upload/image-field'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Checkbox } from '@/components/ui/checkbox'
import { FieldError } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/select'
import { Textarea } from '@/components/ui/textarea'
import { maskPhoneInput } from '@/lib/phone'
import { formatDuration } from '@/lib/format'
import { cn, initials } from '@/lib/utils'
import type { Weekday } from '@/lib/working-hours'

import type { Store } from '../api/get-store'
import {
  formToStoreInput,
  PAYMENT_METHODS,
  PIX_CITY_MAX,
  PIX_KEY_TYPES,
  PIX_NAME_MAX,
  STORE_FIELD_PATHS,
  storeFormSchema,
  storeToForm,
  TIME_ZONES,
  useUpdateStore,
  type StoreFormValues,
} from '../api/update-store'
import { GradientPicker } from './gradient-picker'
import { HeroPreview } from './hero-preview'
import { PublicAddress } from './public-address'

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string
  title: string
  description?: string
  children: ReactNode
}) {
  return (
    <Card role="region" aria-labelledby={id}>
      <CardHeader>
        <CardTitle id={id}>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-5">{children}</CardContent>
    </Card>
  )
}

/** An input with a unit written inside it, on the right ("minutos", "dias"). */
function UnitInput({ unit, className, ...props }: ComponentProps<typeof Input> & { unit: string }) {
  return (
    <div className={cn('relative', className)}>
      <Input inputMode="numeric" className="pr-20" {...props} />
      <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted-foreground">
        {unit}
      </span>
    </div>
  )
}

const pixKeyPlaceholders: Record<string, string> = {
  cpf: '000.000.000-00',
  cnpj: '00.000.000/0000-00',
  email: 'pix@seusalao.com.br',
  phone: '(11) 91234-5678',
  random: '123e4567-e89b-12d3-a456-426614174000',
}

/**
 * StoreForm edits the whole store profile and saves it with one 'Salvar' (PUT /api/v1/store
 * takes every field). The save bar sticks to the bottom of the screen, above the phone's
 * bottom bar.
 */
export function StoreForm({ store }: { store: Store | null }) {
  const update = useUpdateStore()
  const [uploading, setUploading] = useState(false)
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<StoreFormValues>({
    resolver: zodResolver(storeFormSchema),
    defaultValues: storeToForm(store),
  })
  const { submit, unplaced } = useFormSubmit({
    setError,
    paths: STORE_FIELD_PATHS,
    log: 'Erro ao salvar a loja',
    failure: 'Não foi possível salvar a loja.',
  })

  const [name, description, logo, heroGradient, acceptedMethods, pixKeyType, minNotice, horizon] = useWatch({
    control,
    name: [
      'name',
      'description',
      'logo',
      'heroGradient',
      'paymentSettings.acceptedMethods',
      'paymentSettings.pixKeyType',
      'minNoticeMin',
      'horizonDays',
    ],
  })
  const acceptsPix = acceptedMethods.includes('pix')

  const onSubmit = handleSubmit(
    async (values) => {
      const result = await submit(() => update.mutateAsync(formToStoreInput(values)), { done: 'Loja atualizada' })
      if (result) reset(storeToForm(result.value))
    },
    () => toast.error('Confira os campos destacados.'),
  )

  const hoursErrors: Partial<Record<Weekday, string | undefined>> = {}
  for (const day of Object.keys(errors.workingHours ?? {}) as Weekday[]) {
    hoursErrors[day] = errors.workingHours?.[day]?.message
  }
  const p = errors.paymentSettings
  const slug = store?.name && store.slug ? store.slug : null

  return (
    <form noValidate onSubmit={onSubmit} className="mx-auto grid max-w-3xl grid-cols-1 gap-5 lg:gap-6">
      {slug ? (
        <PublicAddress slug={slug} />
      ) : (
        <Alert>
          <StoreIcon aria-hidden="true" />
          <AlertDescription>
            <p>Dê um nome à sua loja e salve para publicar sua página de agendamentos.</p>
          </AlertDescription>
        </Alert>
      )}

      <FormErrors list messages={unplaced} />

      <Section id="store-info" title="Informações da loja" description="Como sua loja aparece para os clientes.">
        <FormField id="store-name" label="Nome da loja" error={errors.name?.message}>
          {(aria) => <Input autoComplete="organization" placeholder="Ex.: Salão Bela Vida" {...aria} {...register('name')} />}
        </FormField>
        <FormField
          id="store-description"
          label="Descrição"
          optional
          hint="Uma ou duas frases sobre o que você oferece."
          error={errors.description?.message}
        >
          {(aria) => <Textarea rows={3} {...aria} {...register('description')} />}
        </FormField>
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <FormField id="store-phone" label="Telefone" optional error={errors.phone?.message}>
            {(aria) => (
              <Controller
                control={control}
                name="phone"
                render={({ field }) => (
                  <Input
                    type="tel"
                    inputMode="numeric"
                    autoComplete="tel-national"
                    placeholder="(11) 3456-7890"
                    {...aria}
                    name={field.name}
                    ref={field.ref}
                    value={field.value}
                    onBlur={field.onBlur}
                    onChange={(event) => field.onChange(maskPhoneInput(event.target.value))}
                  />
                )}
              />
            )}
          </FormField>
          <FormField id="store-address" label="Endereço" optional error={errors.address?.message}>
            {(aria) => (
              <Input
                autoComplete="street-address"
                placeholder="Rua, número, bairro, cidade"
                {...aria}
                {...register('address')}
              />
            )}
          </FormField>
        </div>
        <div className="grid grid-cols-1 gap-2">
          <span className="text-sm font-medium">Logo</span>
          <Controller
            control={control}
            name="logo"
            render={({ field }) => (
              <ImageField
                id="store-logo"
                kind="logo"
                value={field.value}
                onChange={field.onChange}
                uploadLabel="Enviar logo"
                replaceLabel="Trocar logo"
                removeLabel="Remover logo"
                hint="Quadrada de preferência. JPG, PNG ou WebP, até 5 MB."
                fallback={<span className="text-lg font-semibold">{initials(name) || <StoreIcon className="size-7" aria-hidden="true" />}</span>}
                error={errors.logo?.message}
                onUploadingChange={setUploading}
              />
            )}
          />
        </div>
      </Section>

      <Section
        id="store-look"
        title="Aparência"
        description="As cores do topo da sua página pública."
      >
        <div className="grid grid-cols-1 gap-5">
          <div className="grid grid-cols-1 gap-2">
            <span className="text-sm font-medium" id="store-gradient-label">
              Gradiente
            </span>
            <Controller
              control={control}
              name="heroGradient"
              render={({ field }) => <GradientPicker value={field.value} onChange={field.onChange} />}
            />
            <FieldError message={errors.heroGradient?.message} />
          </div>
          <HeroPreview gradient={heroGradient} name={name} description={description} logo={logo} />
        </div>
      </Section>

      <Section id="store-booking" title="Agendamento" description="Como e quando os clientes podem agendar.">
        <fieldset className="grid grid-cols-1 gap-3">
          <legend className="mb-3 text-sm font-medium">Ordem das escolhas</legend>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {(
              [
                ['service-first', 'Serviço primeiro', 'O cliente escolhe o serviço e depois o profissional.'],
                ['professional-first', 'Profissional primeiro', 'O cliente escolhe o profissional e depois o serviço.'],
              ] as const
            ).map(([value, label, text]) => (
              <label
                key={value}
                className="flex cursor-pointer gap-3 rounded-xl border p-4 transition-colors has-checked:border-primary has-checked:bg-secondary/60 has-focus-visible:ring-[3px] has-focus-visible:ring-ring/40"
              >
                <input
                  type="radio"
                  value={value}
                  className="mt-0.5 size-5 shrink-0 accent-primary outline-none"
                  {...register('bookingFlow')}
                />
                <span className="grid grid-cols-1 gap-0.5">
                  <span className="text-sm font-medium">{label}</span>
                  <span className="text-[0.8rem] text-muted-foreground">{text}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <FormField
            id="store-min-notice"
            label="Antecedência mínima"
            hint={
              /^\d+$/.test(minNotice)
                ? Number(minNotice) === 0
                  ? 'Os clientes podem agendar até o último minuto.'
                  : `Os clientes agendam com pelo menos ${formatDuration(Number(minNotice))} de antecedência.`
                : 'Em minutos.'
            }
            error={errors.minNoticeMin?.message}
          >
            {(aria) => <UnitInput unit="minutos" {...aria} {...register('minNoticeMin')} />}
          </FormField>
          <FormField
            id="store-horizon"
            label="Horizonte de agendamento"
            hint={
              /^\d+$/.test(horizon) && Number(horizon) > 0
                ? `Os clientes veem horários de até ${horizon} ${Number(horizon) === 1 ? 'dia' : 'dias'} à frente.`
                : 'Em dias.'
            }
            error={errors.horizonDays?.message}
          >
            {(aria) => <UnitInput unit="dias" {...aria} {...register('horizonDays')} />}
          </FormField>
        </div>
        <FormField
          id="store-time-zone"
          label="Fuso horário"
          hint="O horário de Brasília vale para SP, RJ, MG, ES, GO, DF e a região Sul."
          error={errors.timeZone?.message}
        >
          {(aria) => (
            <NativeSelect {...aria} {...register('timeZone')}>
              {TIME_ZONES.map((zone) => (
                <option key={zone.value} value={zone.value}>
                  {zone.label}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </Section>

      <Section
        id="store-hours"
        title="Horário de funcionamento"
        description="Os dias e horários em que a loja atende."
      >
        <Controller
          control={control}
          name="workingHours"
          render={({ field }) => (
            <WorkingHoursEditor
              idPrefix="store-hours"
              value={field.value}
              onChange={field.onChange}
              errors={hoursErrors}
            />
          )}
        />
        <FieldError message={errors.workingHours?.message} />
      </Section>

      <Section id="store-social" title="Redes sociais" description="Links que aparecem na sua página.">
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <FormField id="store-instagram" label="Instagram" optional error={errors.socialMedia?.instagram?.message}>
            {(aria) => <Input placeholder="@seusalao" autoCapitalize="none" {...aria} {...register('socialMedia.instagram')} />}
          </FormField>
          <FormField id="store-facebook" label="Facebook" optional error={errors.socialMedia?.facebook?.message}>
            {(aria) => (
              <Input
                placeholder="facebook.com/seusalao"
                autoCapitalize="none"
                {...aria}
                {...register('socialMedia.facebook')}
              />
            )}
          </FormField>
          <FormField id="store-whatsapp" label="WhatsApp" optional error={errors.socialMedia?.whatsapp?.message}>
            {(aria) => (
              <Controller
                control={control}
                name="socialMedia.whatsapp"
                render={({ field }) => (
                  <Input
                    type="tel"
                    inputMode="numeric"
                    placeholder="(11) 91234-5678"
                    {...aria}
                    name={field.name}
                    ref={field.ref}
                    value={field.value}
                    onBlur={field.onBlur}
                    onChange={(event) => field.onChange(maskPhoneInput(event.target.value))}
                  />
                )}
              />
            )}
          </FormField>
        </div>
      </Section>

      <Section id="store-payment" title="Pagamentos" description="As formas de pagamento que a loja aceita.">
        <Controller
          control={control}
          name="paymentSettings.acceptedMethods"
          render={({ field }) => (
            <fieldset
              className="grid grid-cols-1 gap-2"
              aria-invalid={p?.acceptedMethods ? true : undefined}
              aria-describedby={p?.acceptedMethods ? 'store-methods-error' : undefined}
            >
              <legend className="sr-only">Formas de pagamento aceitas</legend>
              <div className="grid grid-cols-1 gap-2 min-[400px]:grid-cols-2">
                {PAYMENT_METHODS.map((method) => (
                  <label
                    key={method.value}
                    className="flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border px-3 text-sm font-medium has-checked:border-primary/60 has-checked:bg-secondary/50"
                  >
                    <Checkbox
                      name={field.name}
                      value={method.value}
                      checked={field.value.includes(method.value)}
                      onChange={(event) =>
                        field.onChange(
                          event.target.checked
                            ? PAYMENT_METHODS.map((m) => m.value).filter(
                                (v) => v === method.value || field.value.includes(v),
                              )
                            : field.value.filter((v) => v !== method.value),
                        )
                      }
                    />
                    {method.label}
                  </label>
                ))}
              </div>
              <FieldError id="store-methods-error" message={p?.acceptedMethods?.message} />
            </fieldset>
          )}
        />
        {acceptsPix && (
          <div className="grid grid-cols-1 gap-5 rounded-xl border bg-muted/40 p-4 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <p className="text-sm font-medium">Dados do Pix</p>
              <p className="text-[0.8rem] text-muted-foreground">
                Necessários para aceitar Pix: é com eles que o cliente paga. Se preferir, desmarque Pix.
              </p>
            </div>
            <FormField id="store-pix-type" label="Tipo de chave" error={p?.pixKeyType?.message}>
              {(aria) => (
                <NativeSelect {...aria} {...register('paymentSettings.pixKeyType')}>
                  <option value="">Escolha o tipo</option>
                  {PIX_KEY_TYPES.map((t) => (
                    <option key={t.value} value={t.value}>
                      {t.label}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField id="store-pix-key" label="Chave Pix" error={p?.pixKey?.message}>
              {(aria) => (
                <Input
                  autoCapitalize="none"
                  placeholder={pixKeyPlaceholders[pixKeyType] ?? ''}
                  {...aria}
                  {...register('paymentSettings.pixKey')}
                />
              )}
            </FormField>
            <FormField
              id="store-pix-name"
              label="Nome do recebedor"
              hint={`Até ${PIX_NAME_MAX} caracteres, como aparece no Pix.`}
              error={p?.pixReceiverName?.message}
            >
              {(aria) => <Input maxLength={PIX_NAME_MAX} {...aria} {...register('paymentSettings.pixReceiverName')} />}
            </FormField>
            <FormField
              id="store-pix-city"
              label="Cidade"
              hint={`Até ${PIX_CITY_MAX} caracteres.`}
              error={p?.pixCity?.message}
            >
              {(aria) => <Input maxLength={PIX_CITY_MAX} {...aria} {...register('paymentSettings.pixCity')} />}
            </FormField>
          </div>
        )}
      </Section>

      <div className="sticky bottom-[calc(4.75rem+env(safe-area-inset-bottom))] z-20 flex items-center justify-between gap-3 rounded-xl border bg-card/95 p-3 pl-4 shadow-lg backdrop-blur lg:bottom-4">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {uploading
            ? 'Enviando imagem...'
            : isDirty
              ? 'Há alterações não salvas.'
              : store?.name
                ? 'Tudo salvo.'
                : 'Preencha os dados e salve.'}
        </p>
        <Button type="submit" size="lg" disabled={isSubmitting || uploading} className="min-w-32">
          {isSubmitting && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
          Salvar
        </Button>
      </div>
    </form>
  )
}
