import { ArrowLeftIcon, SparklesIcon } from 'lucide-react'
import { Link } from 'react-router'

import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'

import { usePageTitle } from './use-page-title'

/** ComingSoonRoute stands in for the dashboard pages that later issues build. */
export function ComingSoonRoute() {
  const title = usePageTitle()
  return (
    <section className="mx-auto mt-4 flex max-w-lg flex-col items-center rounded-2xl border bg-card px-6 py-10 text-center shadow-sm sm:mt-10 sm:px-10 sm:py-12">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-secondary text-secondary-foreground">
        <SparklesIcon className="size-7" aria-hidden="true" />
      </span>
      <Badge variant="secondary" className="mt-5">
        Em breve
      </Badge>
      <h2 className="mt-3 text-xl font-semibold tracking-tight">{title}</h2>
      <p className="mt-2 text-sm text-muted-foreground">
        Esta parte do Agendo está sendo preparada e chega em breve.
      </p>
      <Button variant="outline" className="mt-7" asChild>
        <Link to={paths.dashboard.root.path}>
          <ArrowLeftIcon aria-hidden="true" />
          Voltar ao Dashboard
        </Link>
      </Button>
    </section>
  )
}
