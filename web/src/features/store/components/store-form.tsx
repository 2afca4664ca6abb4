import { zodResolver } from '@hookform/resolvers/zod'
import { LoaderCircleIcon, StoreIcon } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'

import { FormErrors } from '@/components/forms/form-errors'
import { useFormSubmit } from '@/components/forms/use-form-submit'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'

import type { Store } from '../api/get-store'
import {
  formToStoreInput,
  STORE_FIELD_PATHS,
  storeFormSchema,
  storeToForm,
  useUpdateStore,
  type StoreFormValues,
} from '../api/update-store'
import { PublicAddress } from './public-address'
import { StoreBookingSection, StoreHoursSection } from './store-booking-sections'
import { StorePaymentSection, StoreSocialSection } from './store-contact-sections'
import { StoreInfoSection, StoreLookSection } from './store-profile-sections'

/**
 * StoreForm edits the whole store profile and saves it with one 'Salvar' (PUT /api/v1/store
 * takes every field). The save bar sticks to the bottom of the screen, above the phone's
 * bottom bar.
 */
export function StoreForm({ store }: { store: Store | null }) {
  const update = useUpdateStore()
  const [uploading, setUploading] = useState(false)
  const form = useForm<StoreFormValues>({
    resolver: zodResolver(storeFormSchema),
    defaultValues: storeToForm(store),
  })
  const {
    handleSubmit,
    reset,
    setError,
    formState: { isSubmitting, isDirty },
  } = form
  const { submit, unplaced } = useFormSubmit({
    setError,
    paths: STORE_FIELD_PATHS,
    log: 'Erro ao salvar a loja',
    failure: 'Não foi possível salvar a loja.',
  })

  const onSubmit = handleSubmit(
    async (values) => {
      const result = await submit(() => update.mutateAsync(formToStoreInput(values)), { done: 'Loja atualizada' })
      if (result) reset(storeToForm(result.value))
    },
    () => toast.error('Confira os campos destacados.'),
  )

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

      <StoreInfoSection form={form} onUploadingChange={setUploading} />
      <StoreLookSection form={form} />
      <StoreBookingSection form={form} />
      <StoreHoursSection form={form} />
      <StoreSocialSection form={form} />
      <StorePaymentSection form={form} />

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
