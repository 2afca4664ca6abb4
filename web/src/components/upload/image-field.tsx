import { ImageIcon, LoaderCircleIcon, Trash2Icon, UploadIcon } from 'lucide-react'
import { useState, type ReactNode } from 'react'

import { Button } from '@/components/ui/button'
import { buttonVariants } from '@/components/ui/button-variants'
import { FieldError } from '@/components/ui/field'
import { IMAGE_ACCEPT, thumbnailOf, uploadErrorMessage, useUpload, type UploadKind } from '@/lib/upload'
import { cn } from '@/lib/utils'

/**
 * ImageField holds one image (a store's logo, an owner's avatar): a preview, a button that
 * sends a new file right away (POST /api/v1/files), and one that removes it. `onChange`
 * gets the stored address ('/files/<id>') or null.
 */
export function ImageField({
  id,
  value,
  onChange,
  kind,
  uploadLabel,
  replaceLabel,
  removeLabel,
  hint = 'JPG, PNG ou WebP, até 5 MB.',
  fallback,
  shape = 'square',
  disabled = false,
  error,
  onUploadingChange,
}: {
  id: string
  value: string | null
  onChange: (url: string | null) => void
  kind: UploadKind
  /** Names the file picker when there is no image yet ('Enviar logo'). */
  uploadLabel: string
  /** … and when there is one ('Trocar logo'). */
  replaceLabel: string
  removeLabel: string
  hint?: string
  /** Shown in the preview when there is no image (initials, an icon). */
  fallback?: ReactNode
  shape?: 'square' | 'circle'
  disabled?: boolean
  /** A message from the server about this field. */
  error?: string
  onUploadingChange?: (uploading: boolean) => void
}) {
  const upload = useUpload(kind)
  const [problem, setProblem] = useState<string | null>(null)
  const busy = upload.isPending
  const message = problem ?? error
  const errorId = `${id}-error`

  const pick = (file: File | undefined) => {
    if (!file) return
    setProblem(null)
    onUploadingChange?.(true)
    upload.mutate(file, {
      onSuccess: (uploaded) => onChange(uploaded.url),
      onError: (err) => {
        console.error('Erro ao enviar imagem', err)
        setProblem(uploadErrorMessage(err))
      },
      onSettled: () => onUploadingChange?.(false),
    })
  }

  return (
    <div className="grid grid-cols-1 gap-2">
      <div className="flex items-center gap-4">
        <div
          className={cn(
            'relative flex size-20 shrink-0 items-center justify-center overflow-hidden border bg-muted text-muted-foreground',
            shape === 'circle' ? 'rounded-full' : 'rounded-xl',
          )}
        >
          {value ? (
            <img src={thumbnailOf(value)} alt="" className="size-full object-cover" />
          ) : (
            (fallback ?? <ImageIcon className="size-7" aria-hidden="true" />)
          )}
          {busy && (
            <span className="absolute inset-0 flex items-center justify-center bg-background/70">
              <LoaderCircleIcon className="size-6 animate-spin text-primary" aria-hidden="true" />
              <span className="sr-only">Enviando imagem...</span>
            </span>
          )}
        </div>
        <div className="grid grid-cols-1 min-w-0 gap-2">
          <div className="flex flex-wrap gap-2">
            <input
              id={id}
              type="file"
              accept={IMAGE_ACCEPT}
              className="peer sr-only"
              disabled={disabled || busy}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? errorId : `${id}-hint`}
              onChange={(event) => {
                pick(event.target.files?.[0])
                event.target.value = ''
              }}
            />
            <label
              htmlFor={id}
              className={cn(
                buttonVariants({ variant: 'outline' }),
                'cursor-pointer peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50 peer-disabled:pointer-events-none peer-disabled:opacity-50',
              )}
            >
              <UploadIcon aria-hidden="true" />
              {value ? replaceLabel : uploadLabel}
            </label>
            {value && (
              <Button
                variant="ghost"
                className="text-muted-foreground hover:text-destructive"
                disabled={disabled || busy}
                onClick={() => {
                  setProblem(null)
                  onChange(null)
                }}
              >
                <Trash2Icon aria-hidden="true" />
                {removeLabel}
              </Button>
            )}
          </div>
          <p id={`${id}-hint`} className="text-[0.8rem] text-muted-foreground">
            {hint}
          </p>
        </div>
      </div>
      <FieldError id={errorId} message={message} />
    </div>
  )
}
