import { CalendarCheckIcon } from 'lucide-react'

import { thumbnailOf } from '@/lib/upload'
import { initials } from '@/lib/utils'

/** HeroPreview is a small live copy of the top of the store's public page. */
export function HeroPreview({
  gradient,
  name,
  description,
  logo,
}: {
  gradient: string
  name: string
  description: string
  logo: string | null
}) {
  return (
    <figure className="grid grid-cols-1 gap-2">
      <div
        className="relative overflow-hidden rounded-xl px-5 py-6 text-white shadow-sm"
        style={{ backgroundImage: gradient }}
      >
        <div aria-hidden="true" className="absolute -top-12 -right-8 size-40 rounded-full bg-white/10 blur-2xl" />
        <div className="relative flex items-center gap-4">
          <span className="flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-white/20 text-lg font-semibold ring-2 ring-white/40">
            {logo ? (
              <img src={thumbnailOf(logo)} alt="" className="size-full object-cover" />
            ) : (
              initials(name) || 'A'
            )}
          </span>
          <div className="min-w-0">
            <p className="truncate text-lg font-semibold">{name.trim() || 'Nome da sua loja'}</p>
            <p className="line-clamp-2 text-sm text-white/85">
              {description.trim() || 'Uma frase que apresente sua loja aos clientes.'}
            </p>
          </div>
        </div>
        <span className="relative mt-5 inline-flex h-9 items-center gap-2 rounded-full bg-white px-4 text-sm font-medium text-foreground shadow-sm">
          <CalendarCheckIcon className="size-4 text-primary" aria-hidden="true" />
          Agendar horário
        </span>
      </div>
      <figcaption className="text-[0.8rem] text-muted-foreground">Prévia do topo da sua página pública.</figcaption>
    </figure>
  )
}
