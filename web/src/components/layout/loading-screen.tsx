import { Progress } from '@/components/ui/progress'

import { LogoMark } from './logo'
import { useCreepingProgress } from './use-creeping-progress'

/** AuthLoadingScreen is the protected guard's screen while the session is being checked. */
export function AuthLoadingScreen() {
  const progress = useCreepingProgress()
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-6 px-6" aria-busy="true">
      <LogoMark className="size-14" />
      <div className="w-full max-w-56 space-y-3 text-center">
        <p className="text-2xl font-bold tracking-tight">Agendo</p>
        <Progress value={progress} aria-label="Carregando" />
        <p className="text-sm text-muted-foreground">Carregando...</p>
      </div>
    </div>
  )
}

/** DataLoadingScreen is shown while the dashboard's first data arrives. */
export function DataLoadingScreen() {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-5 px-6" aria-busy="true">
      <LogoMark className="size-12" />
      <div className="w-full max-w-56 space-y-3 text-center">
        <div className="relative h-1.5 w-full overflow-hidden rounded-full bg-primary/15" aria-hidden="true">
          <div className="absolute inset-y-0 w-2/5 animate-progress-indeterminate rounded-full bg-linear-to-r from-brand-from to-brand-to" />
        </div>
        <p className="text-sm text-muted-foreground" role="status">
          Carregando seus dados...
        </p>
      </div>
    </div>
  )
}
