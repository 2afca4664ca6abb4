import type { FieldErrors, UseFormRegister } from 'react-hook-form'

import { FormField } from '@/components/forms/form-field'
import { Input } from '@/components/ui/input'

import type { ServiceFormValues } from '../api/service-form'

/** MinutesField is a whole-minutes field with its unit inside it. */
function MinutesField({
  id,
  label,
  name,
  register,
  error,
}: {
  id: string
  label: string
  name: 'bufferBefore' | 'bufferAfter' | 'processingStart' | 'processingMin'
  register: UseFormRegister<ServiceFormValues>
  error: string | undefined
}) {
  return (
    <FormField id={id} label={label} error={error}>
      {(aria) => (
        <div className="relative">
          <Input inputMode="numeric" placeholder="0" className="pr-12" {...aria} {...register(name)} />
          <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted-foreground">
            min
          </span>
        </div>
      )}
    </FormField>
  )
}

/**
 * ServiceTimingFields are the service's set-up and cleaning (the professional busy, the client
 * not) and its pause (the professional free for another client, the client still there), all
 * optional: blank is none.
 */
export function ServiceTimingFields({
  register,
  errors,
}: {
  register: UseFormRegister<ServiceFormValues>
  errors: FieldErrors<ServiceFormValues>
}) {
  return (
    <>
      <fieldset className="grid grid-cols-1 gap-3">
        <legend className="mb-2 text-sm font-medium">
          Preparo e limpeza <span className="font-normal text-muted-foreground">(opcional)</span>
        </legend>
        <p className="text-sm text-muted-foreground">
          Tempo em que o profissional fica ocupado antes e depois do atendimento, sem o cliente.
        </p>
        <div className="grid grid-cols-2 gap-3">
          <MinutesField
            id="service-buffer-before"
            label="Antes"
            name="bufferBefore"
            register={register}
            error={errors.bufferBefore?.message}
          />
          <MinutesField
            id="service-buffer-after"
            label="Depois"
            name="bufferAfter"
            register={register}
            error={errors.bufferAfter?.message}
          />
        </div>
      </fieldset>
      <fieldset className="grid grid-cols-1 gap-3">
        <legend className="mb-2 text-sm font-medium">
          Pausa <span className="font-normal text-muted-foreground">(opcional)</span>
        </legend>
        <p className="text-sm text-muted-foreground">
          Tempo de ação do produto, como na coloração: o cliente continua no salão e o profissional pode atender
          outra pessoa.
        </p>
        <div className="grid grid-cols-2 gap-3">
          <MinutesField
            id="service-processing-start"
            label="Começa após"
            name="processingStart"
            register={register}
            error={errors.processingStart?.message}
          />
          <MinutesField
            id="service-processing-min"
            label="Tempo de pausa"
            name="processingMin"
            register={register}
            error={errors.processingMin?.message}
          />
        </div>
      </fieldset>
    </>
  )
}
