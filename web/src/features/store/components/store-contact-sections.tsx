import { Controller, useWatch } from 'react-hook-form'

import { FormField } from '@/components/forms/form-field'
import { Checkbox } from '@/components/ui/checkbox'
import { FieldError } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { PhoneInput } from '@/components/ui/phone-input'
import { NativeSelect } from '@/components/ui/select'

import { PAYMENT_METHODS, PIX_CITY_MAX, PIX_KEY_TYPES, PIX_NAME_MAX } from '../api/update-store'
import { Section, type StoreFormApi } from './store-form-section'

const pixKeyPlaceholders: Record<string, string> = {
  cpf: '000.000.000-00',
  cnpj: '00.000.000/0000-00',
  email: 'pix@seusalao.com.br',
  phone: '(11) 91234-5678',
  random: '123e4567-e89b-12d3-a456-426614174000',
}

/** StoreSocialSection: the Instagram, Facebook and WhatsApp links of the public page. */
export function StoreSocialSection({ form }: { form: StoreFormApi }) {
  const {
    register,
    control,
    formState: { errors },
  } = form
  return (
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
                <PhoneInput inputMode="numeric" placeholder="(11) 91234-5678" {...aria} {...field} />
              )}
            />
          )}
        </FormField>
      </div>
    </Section>
  )
}

/** StorePaymentSection: the payment methods accepted, and the Pix details when Pix is one. */
export function StorePaymentSection({ form }: { form: StoreFormApi }) {
  const {
    register,
    control,
    formState: { errors },
  } = form
  const [acceptedMethods, pixKeyType] = useWatch({
    control,
    name: ['paymentSettings.acceptedMethods', 'paymentSettings.pixKeyType'],
  })
  const acceptsPix = acceptedMethods.includes('pix')
  const p = errors.paymentSettings
  return (
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
  )
}
