import { zodResolver } from '@hookform/resolvers/zod'
import { CheckIcon, CopyIcon, LoaderCircleIcon } from 'lucide-react'
import { Controller, useForm, useWatch } from 'react-hook-form'

import { FormField } from '@/components/forms/form-field'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Switch } from '@/components/ui/switch'
import { useCopy } from '@/lib/use-copy'

import type { WebhookView } from '../api/get-webhook-config'
import { previewWebhookConfig } from '../api/preview-webhook-config'
import { useUpdateWebhookConfig } from '../api/update-webhook-config'
import {
  formToWebhookConfig,
  WEBHOOK_CONFIG_FIELD_PATHS,
  webhookConfigFormSchema,
  type WebhookConfigFormValues,
  webhookConfigToForm,
} from '../api/webhook-config-form'
import { useSaveWithWarnings } from '../hooks/use-save-with-warnings'

import { WarningsDialog } from './warnings-dialog'

function CopyButton({ text }: { text: string }) {
  const { copied, copy } = useCopy(text.trim(), {
    done: 'URL copiada',
    failed: 'Não foi possível copiar. Selecione a URL e copie manualmente.',
  })

  return (
    <Button type="button" variant="outline" className="w-full sm:w-auto" onClick={() => void copy()}>
      {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
      {copied ? 'Copiada' : 'Copiar URL'}
    </Button>
  )
}

/**
 * WebhookConfigForm turns Stripe's webhooks on or off as a whole and by event, and shows the
 * URL to register at Stripe: where this server takes the events, from its public address, so it
 * is copied, not edited. Saving previews the change and asks about its warnings.
 */
export function WebhookConfigForm({ config }: { config: WebhookView }) {
  const update = useUpdateWebhookConfig()
  const {
    control,
    handleSubmit,
    reset,
    setError,
    formState: { isSubmitting, isDirty },
  } = useForm<WebhookConfigFormValues>({
    resolver: zodResolver(webhookConfigFormSchema),
    defaultValues: webhookConfigToForm(config),
  })
  const [enabled, events] = useWatch({ control, name: ['enabled', 'events'] })
  const save = useSaveWithWarnings({
    preview: previewWebhookConfig,
    save: async (input) => reset(webhookConfigToForm(await update.mutateAsync(input))),
    done: 'A configuração dos webhooks foi salva.',
    setError,
    paths: WEBHOOK_CONFIG_FIELD_PATHS,
  })

  const onSubmit = handleSubmit((values) => save.submit(formToWebhookConfig(values)))

  return (
    <form noValidate onSubmit={onSubmit} className="grid grid-cols-1 gap-5 lg:gap-6" aria-label="Configuração dos webhooks">
      <Card role="group" aria-labelledby="webhook-main-title">
        <CardHeader>
          <CardTitle id="webhook-main-title">Webhooks do Stripe</CardTitle>
          <CardDescription>
            O Stripe avisa o Agendo de cada pagamento e cancelamento por este endereço, e o plano de quem assinou muda na
            hora.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-5">
          <div className="flex items-center justify-between gap-4">
            <div className="min-w-0">
              <label htmlFor="webhook-enabled" className="text-sm font-medium">
                Webhooks ativados
              </label>
              <p id="webhook-enabled-hint" className="text-[0.8rem] text-muted-foreground">
                {enabled
                  ? 'Os eventos ativados abaixo mudam os planos.'
                  : 'Desativados: os eventos são registrados, mas nenhum plano muda.'}
              </p>
            </div>
            <Controller
              control={control}
              name="enabled"
              render={({ field }) => (
                <Switch
                  id="webhook-enabled"
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  aria-describedby="webhook-enabled-hint"
                />
              )}
            />
          </div>
          <FormField
            id="webhook-url"
            label="URL do webhook"
            hint="Registre esta URL no painel do Stripe (Desenvolvedores → Webhooks). Ela é o endereço público do Agendo (AGENDO_BASE_URL) seguido de /api/v1/webhooks/billing."
          >
            {(control_) => (
              <div className="flex flex-col gap-2 sm:flex-row">
                <Input
                  {...control_}
                  value={config.webhookUrl}
                  readOnly
                  type="url"
                  autoComplete="off"
                  spellCheck={false}
                  className="bg-muted/50"
                  onFocus={(event) => event.currentTarget.select()}
                />
                <CopyButton text={config.webhookUrl} />
              </div>
            )}
          </FormField>
        </CardContent>
      </Card>

      <Card role="group" aria-labelledby="webhook-events-title">
        <CardHeader>
          <CardTitle id="webhook-events-title">Eventos</CardTitle>
          <CardDescription>Um evento desativado é registrado no log como ignorado e não muda o plano.</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="divide-y">
            {events.map((event, index) => (
              <li key={event.id} className="flex items-center justify-between gap-4 py-3">
                <label htmlFor={`webhook-event-${event.id}`} className="min-w-0 text-sm font-medium break-words">
                  {event.name}
                </label>
                <Controller
                  control={control}
                  name={`events.${index}.enabled`}
                  render={({ field }) => (
                    <Switch
                      id={`webhook-event-${event.id}`}
                      checked={field.value}
                      onCheckedChange={field.onChange}
                      disabled={!enabled}
                    />
                  )}
                />
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>

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
