import { StoreIcon } from 'lucide-react'
import { Controller, useWatch } from 'react-hook-form'

import { FormField } from '@/components/forms/form-field'
import { ImageField } from '@/components/upload/image-field'
import { FieldError } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { PhoneInput } from '@/components/ui/phone-input'
import { Textarea } from '@/components/ui/textarea'
import { initials } from '@/lib/utils'

import { GradientPicker } from './gradient-picker'
import { HeroPreview } from './hero-preview'
import { Section, type StoreFormApi } from './store-form-section'

/** StoreInfoSection: the name, description, phone, address and logo clients see. */
export function StoreInfoSection({
  form,
  onUploadingChange,
}: {
  form: StoreFormApi
  onUploadingChange: (uploading: boolean) => void
}) {
  const {
    register,
    control,
    formState: { errors },
  } = form
  const name = useWatch({ control, name: 'name' })
  return (
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
                <PhoneInput
                  inputMode="numeric"
                  autoComplete="tel-national"
                  placeholder="(11) 3456-7890"
                  {...aria}
                  {...field}
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
              onUploadingChange={onUploadingChange}
            />
          )}
        />
      </div>
    </Section>
  )
}

/** StoreLookSection: the colours of the public page's header, with a preview. */
export function StoreLookSection({ form }: { form: StoreFormApi }) {
  const {
    control,
    formState: { errors },
  } = form
  const [name, description, logo, heroGradient] = useWatch({
    control,
    name: ['name', 'description', 'logo', 'heroGradient'],
  })
  return (
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
  )
}
