import { ArrowLeftIcon, ArrowRightIcon, ImagePlusIcon, LoaderCircleIcon, XIcon } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'

import { FieldError } from '@/components/ui/field'
import { IMAGE_ACCEPT, thumbnailOf, uploadErrorMessage, useUpload } from '@/lib/upload'
import { cn, moveItem } from '@/lib/utils'

const tileButton =
  'inline-flex size-9 max-w-full items-center justify-center rounded-md text-muted-foreground outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-40'

/**
 * PhotosField holds several photos: pick many at once (sent one by one), reorder them with
 * the arrow buttons (the first is the main one) and remove them.
 */
export function PhotosField({
  id,
  value,
  onChange,
  max = 8,
  label = 'Adicionar fotos',
  error,
  onUploadingChange,
}: {
  id: string
  value: string[]
  onChange: (urls: string[]) => void
  max?: number
  label?: string
  error?: string
  onUploadingChange?: (uploading: boolean) => void
}) {
  const upload = useUpload('photo')
  const [pending, setPending] = useState(0)
  const [problems, setProblems] = useState<string[]>([])
  // Uploads finish one after another; each adds to the latest list, not the one at the start.
  const latest = useRef(value)
  useEffect(() => {
    latest.current = value
  }, [value])

  const room = max - value.length - pending

  const pick = async (files: File[]) => {
    setProblems([])
    const chosen = files.slice(0, Math.max(0, room))
    const found: string[] = []
    if (files.length > chosen.length) found.push(`Você pode ter até ${max} fotos.`)
    if (chosen.length === 0) {
      setProblems(found)
      return
    }
    setPending(chosen.length)
    onUploadingChange?.(true)
    for (const file of chosen) {
      try {
        const uploaded = await upload.mutateAsync(file)
        latest.current = [...latest.current, uploaded.url]
        onChange(latest.current)
      } catch (err) {
        console.error('Erro ao enviar foto', err)
        found.push(`${file.name}: ${uploadErrorMessage(err)}`)
      }
      setPending((n) => n - 1)
    }
    setProblems(found)
    onUploadingChange?.(false)
  }

  const messages = [...problems, ...(error ? [error] : [])]

  const invalid = messages.length > 0

  return (
    <div className="grid grid-cols-1 gap-2" data-invalid={invalid || undefined}>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 sm:gap-3">
        {value.map((url, index) => (
          <li key={url} className="overflow-hidden rounded-xl border bg-card">
            <div className="relative aspect-square bg-muted">
              <img src={thumbnailOf(url)} alt={`Foto ${index + 1}`} className="size-full object-cover" />
              {index === 0 && (
                <span className="absolute top-2 left-2 rounded-full bg-background/90 px-2 py-0.5 text-xs font-medium shadow-xs">
                  Principal
                </span>
              )}
            </div>
            <div className="grid grid-cols-3 place-items-center py-0.5">
              <button
                type="button"
                className={tileButton}
                disabled={index === 0}
                onClick={() => onChange(moveItem(value, index, -1))}
              >
                <ArrowLeftIcon className="size-4" aria-hidden="true" />
                <span className="sr-only">Mover a foto {index + 1} para a esquerda</span>
              </button>
              <button
                type="button"
                className={cn(tileButton, 'hover:text-destructive')}
                onClick={() => onChange(value.filter((_, i) => i !== index))}
              >
                <XIcon className="size-4" aria-hidden="true" />
                <span className="sr-only">Remover a foto {index + 1}</span>
              </button>
              <button
                type="button"
                className={tileButton}
                disabled={index === value.length - 1}
                onClick={() => onChange(moveItem(value, index, 1))}
              >
                <ArrowRightIcon className="size-4" aria-hidden="true" />
                <span className="sr-only">Mover a foto {index + 1} para a direita</span>
              </button>
            </div>
          </li>
        ))}
        {Array.from({ length: pending }, (_, i) => (
          <li
            key={`pending-${i}`}
            className="flex aspect-square items-center justify-center rounded-xl border border-dashed bg-muted/50"
          >
            <LoaderCircleIcon className="size-6 animate-spin text-primary" aria-hidden="true" />
            <span className="sr-only">Enviando foto...</span>
          </li>
        ))}
        {room > 0 && (
          <li className="aspect-square">
            <input
              id={id}
              type="file"
              multiple
              accept={IMAGE_ACCEPT}
              className="peer sr-only"
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `${id}-hint ${id}-error` : `${id}-hint`}
              onChange={(event) => {
                const files = Array.from(event.target.files ?? [])
                event.target.value = ''
                void pick(files)
              }}
            />
            <label
              htmlFor={id}
              className="flex size-full cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-input p-2 text-center text-sm font-medium text-muted-foreground transition-colors hover:border-primary/50 hover:bg-accent/40 hover:text-foreground peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50"
            >
              <ImagePlusIcon className="size-6" aria-hidden="true" />
              {label}
            </label>
          </li>
        )}
      </ul>
      <p id={`${id}-hint`} className="text-[0.8rem] text-muted-foreground">
        Até {max} fotos, JPG, PNG ou WebP de até 5 MB cada. A primeira é a principal.
      </p>
      <FieldError id={`${id}-error`} messages={messages} />
    </div>
  )
}
