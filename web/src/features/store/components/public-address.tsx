import { CheckIcon, CopyIcon, ExternalLinkIcon, GlobeIcon } from 'lucide-react'

import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { useCopy } from '@/lib/use-copy'

/** PublicAddress shows the public page's address with 'Copiar' and 'Ver Loja Pública'. */
export function PublicAddress({ slug }: { slug: string }) {
  const url = `${window.location.origin}${paths.store.build(slug)}`
  const { copied, copy } = useCopy(url, {
    done: 'Endereço copiado',
    failed: 'Não foi possível copiar. Selecione o endereço e copie manualmente.',
  })

  return (
    <section
      aria-labelledby="public-address-title"
      className="grid grid-cols-1 gap-3 rounded-xl border border-primary/20 bg-secondary/60 p-4 sm:flex sm:items-center sm:gap-4 sm:p-5"
    >
      <span className="hidden size-10 shrink-0 items-center justify-center rounded-lg bg-card text-primary shadow-xs sm:flex">
        <GlobeIcon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id="public-address-title" className="text-sm font-medium">
          Endereço da sua página pública
        </h2>
        <p className="mt-0.5 font-medium break-all text-secondary-foreground select-all">{url}</p>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex">
        <Button variant="outline" onClick={() => void copy()}>
          {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
          {copied ? 'Copiado' : 'Copiar endereço'}
        </Button>
        <Button asChild>
          <a href={paths.store.build(slug)} target="_blank" rel="noopener noreferrer">
            <ExternalLinkIcon aria-hidden="true" />
            Ver Loja Pública
          </a>
        </Button>
      </div>
    </section>
  )
}
