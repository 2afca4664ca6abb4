import { CalendarClockIcon } from 'lucide-react'

import { LogoMark } from '@/components/layout/logo'

/** PublicComingSoon is the public pages' placeholder until their issue builds them. */
export function PublicComingSoon({ title, text }: { title: string; text: string }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="bg-linear-135 from-brand-from to-brand-to px-6 pt-16 pb-24 text-center text-white">
        <CalendarClockIcon className="mx-auto size-10 opacity-90" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
      </header>
      <main className="-mt-12 flex flex-1 justify-center px-4">
        <div className="h-fit w-full max-w-md rounded-2xl border bg-card p-6 text-center shadow-lg sm:p-8">
          <p className="text-muted-foreground">{text}</p>
        </div>
      </main>
      <footer className="flex items-center justify-center gap-2 py-8 text-sm text-muted-foreground">
        <LogoMark className="size-5" />
        Agendamentos com Agendo
      </footer>
    </div>
  )
}
