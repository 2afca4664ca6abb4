import { zodResolver } from '@hookform/resolvers/zod'
import { LoaderCircleIcon } from 'lucide-react'
import { Controller, useForm, useWatch } from 'react-hook-form'

import { FormField } from '@/components/forms/form-field'
import { HelpChannels } from '@/components/help/help-channels'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { PhoneInput } from '@/components/ui/phone-input'
import { helpIntro, helpChatLink } from '@/lib/help-links'
import { maskPhoneInput, phoneDigits } from '@/lib/phone'

import type { HelpSettings } from '../api/get-help-settings'
import {
  formToHelpSettings,
  HELP_SETTINGS_FIELD_PATHS,
  helpSettingsFormSchema,
  type HelpSettingsFormValues,
} from '../api/help-settings-form'
import { useUpdateHelpSettings } from '../api/update-help-settings'
import { adminDone, useAdminSubmit } from '../hooks/use-save-with-warnings'

function toForm(settings: HelpSettings): HelpSettingsFormValues {
  return { websiteUrl: settings.websiteUrl, whatsappNumber: maskPhoneInput(settings.whatsappNumber) }
}

/**
 * HelpSettingsForm is Configurar Ajuda: the support website and WhatsApp of every owner's help
 * dialog, with a live preview of the dialog and of the WhatsApp link built from the digits.
 */
export function HelpSettingsForm({ settings }: { settings: HelpSettings }) {
  const update = useUpdateHelpSettings()
  const {
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<HelpSettingsFormValues>({
    resolver: zodResolver(helpSettingsFormSchema),
    defaultValues: toForm(settings),
  })
  const { submit } = useAdminSubmit(setError, HELP_SETTINGS_FIELD_PATHS)
  const values = useWatch({ control }) as HelpSettingsFormValues
  const preview = formToHelpSettings(values)
  const link = helpChatLink(preview.whatsappNumber)

  const onSubmit = handleSubmit(async (input) => {
    const result = await submit(() => update.mutateAsync(formToHelpSettings(input)), {
      done: adminDone('A configuração de ajuda foi salva e já aparece para todos.'),
    })
    if (result) reset(toForm(result.value))
  })

  return (
    <div className="grid grid-cols-1 gap-5 lg:grid-cols-2 lg:gap-6">
      <form noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Configuração de ajuda">
        <Card role="group" aria-labelledby="help-settings-title" className="h-full">
          <CardHeader>
            <CardTitle id="help-settings-title">Canais de atendimento</CardTitle>
            <CardDescription>
              O que todo salão vê ao tocar em Ajuda. Deixe um campo vazio para esconder aquele canal.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid grid-cols-1 gap-5">
            <FormField
              id="help-whatsapp"
              label="WhatsApp do suporte"
              optional
              hint="Com DDD. O link do WhatsApp é montado com os dígitos."
              error={errors.whatsappNumber?.message}
            >
              {(props) => (
                <Controller
                  control={control}
                  name="whatsappNumber"
                  render={({ field }) => (
                    <PhoneInput {...props} {...field} autoComplete="off" placeholder="(11) 91234-5678" />
                  )}
                />
              )}
            </FormField>
            <FormField
              id="help-website"
              label="Site de ajuda"
              optional
              hint="Um endereço seguro, que comece com https://"
              error={errors.websiteUrl?.message}
            >
              {(props) => (
                <Controller
                  control={control}
                  name="websiteUrl"
                  render={({ field }) => (
                    <Input
                      {...props}
                      {...field}
                      type="url"
                      inputMode="url"
                      autoComplete="off"
                      spellCheck={false}
                      placeholder="https://ajuda.agendo.com.br"
                    />
                  )}
                />
              )}
            </FormField>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button type="submit" disabled={isSubmitting || !isDirty}>
                {isSubmitting && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
                Salvar alterações
              </Button>
              <Button type="button" variant="outline" disabled={isSubmitting || !isDirty} onClick={() => reset()}>
                Descartar alterações
              </Button>
            </div>
          </CardContent>
        </Card>
      </form>

      <Card role="region" aria-labelledby="help-preview-title">
        <CardHeader>
          <CardTitle id="help-preview-title">Prévia do diálogo de ajuda</CardTitle>
          <CardDescription>Como os salões verão, com o que está no formulário.</CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-4">
          <div className="rounded-2xl border bg-background p-4 shadow-sm sm:p-5" aria-label="Prévia">
            <p className="text-lg font-semibold">Precisa de ajuda?</p>
            <p className="mt-1 mb-4 text-sm text-muted-foreground">{helpIntro(preview)}</p>
            <HelpChannels settings={preview} />
          </div>
          <div className="min-w-0 text-sm">
            <p className="font-medium">Link do WhatsApp</p>
            {link ? (
              <p className="mt-1 break-all text-muted-foreground">
                <code data-testid="whatsapp-link">{link}</code>
              </p>
            ) : (
              <p className="mt-1 text-muted-foreground">
                {phoneDigits(values.whatsappNumber ?? '') ? 'Complete o número para ver o link.' : 'Sem WhatsApp.'}
              </p>
            )}
          </div>
        </CardContent>
      </Card>
    </div>
  )
}
