import { ExternalLinkIcon, LifeBuoyIcon, LogOutIcon } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Outlet, useNavigate } from 'react-router'
import { toast } from 'sonner'

import { AppHeader } from '@/components/layout/app-header'
import { BottomNav } from '@/components/layout/bottom-nav'
import { Logo } from '@/components/layout/logo'
import { OfflineNotice } from '@/components/layout/offline-notice'
import { RoleGate } from '@/components/layout/role-gate'
import { CONTENT_ID, SkipLink } from '@/components/layout/skip-link'
import { Sidebar, SidebarNav, WelcomeLine } from '@/components/layout/sidebar'
import { Button } from '@/components/ui/button'
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet'
import { paths } from '@/config/paths'
import { useIsAdmin } from '@/features/auth/api/get-access'
import { useSignOut } from '@/features/auth/api/sign-out'
import { HelpDialog } from '@/features/help/components/help-dialog'
import { useStore } from '@/features/store/api/get-store'
import { StoreSwitcher } from '@/features/team/components/store-switcher'
import { isApiError } from '@/lib/api-client'
import { useAuth } from '@/lib/auth/auth-context'
import { cn } from '@/lib/utils'

import { DashboardDataProvider } from './data-provider'
import { RewardOnCompletion } from './reward-on-completion'
import { usePageTitle } from './use-page-title'
import { useSidebarCollapsed } from './use-sidebar-collapsed'

function PublicStoreLink({ className, children }: { className?: string; children: ReactNode }) {
  const store = useStore().data
  if (!store?.name || !store.slug) {
    return (
      <Button
        variant="outline"
        className={className}
        disabled
        title="Dê um nome à sua loja em Perfil da Loja para publicar a página"
      >
        <ExternalLinkIcon aria-hidden="true" />
        {children}
      </Button>
    )
  }
  return (
    <Button variant="outline" className={className} asChild>
      <a href={paths.store.build(store.slug)} target="_blank" rel="noopener noreferrer">
        <ExternalLinkIcon aria-hidden="true" />
        {children}
      </a>
    </Button>
  )
}

function DashboardShell() {
  const { profile } = useAuth()
  const isAdmin = useIsAdmin()
  const title = usePageTitle()
  const navigate = useNavigate()
  const signOut = useSignOut()
  const [collapsed, toggleCollapsed] = useSidebarCollapsed()
  const [menuOpen, setMenuOpen] = useState(false)
  const [helpOpen, setHelpOpen] = useState(false)
  const name = profile?.name ?? ''

  const leave = () => {
    setMenuOpen(false)
    signOut.mutate('local', {
      onSuccess: () => void navigate(paths.login.path, { replace: true }),
      onError: (error) => {
        // Offline the session is kept (auth-store): say why, and stay.
        if (isApiError(error) && error.code === 'offline') {
          toast.error('Sem conexão: para sair, conecte-se à internet.')
          return
        }
        console.error('Erro ao sair', error)
        void navigate(paths.login.path, { replace: true })
      },
    })
  }

  const switched = () => {
    setMenuOpen(false)
    void navigate(paths.dashboard.root.path)
  }

  const openHelp = () => {
    setMenuOpen(false)
    setHelpOpen(true)
  }

  return (
    <div className="min-h-dvh">
      <SkipLink />
      <Sidebar
        name={name}
        isAdmin={isAdmin}
        collapsed={collapsed}
        onToggleCollapsed={toggleCollapsed}
        footer={!collapsed && <StoreSwitcher className="border-t border-sidebar-border p-3" onSwitched={switched} />}
      />

      <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
        <SheetContent>
          <SheetTitle className="sr-only">Menu</SheetTitle>
          <SheetDescription className="sr-only">Navegue pelas áreas do painel.</SheetDescription>
          <div className="flex h-16 shrink-0 items-center px-5">
            <Logo markClassName="size-9" />
          </div>
          <WelcomeLine name={name} className="px-5 pb-3" />
          <StoreSwitcher className="px-5 pb-3" onSwitched={switched} />
          <div className="flex-1 overflow-y-auto px-3 py-2">
            <SidebarNav isAdmin={isAdmin} onNavigate={() => setMenuOpen(false)} />
          </div>
          <div className="grid grid-cols-1 gap-2 border-t p-4 pb-[max(1rem,env(safe-area-inset-bottom))]">
            <PublicStoreLink className="w-full">Ver Loja Pública</PublicStoreLink>
            <div className="grid grid-cols-2 gap-2">
              <Button variant="ghost" onClick={openHelp}>
                <LifeBuoyIcon aria-hidden="true" />
                Ajuda
              </Button>
              <Button variant="ghost" onClick={leave} disabled={signOut.isPending}>
                <LogOutIcon aria-hidden="true" />
                Sair
              </Button>
            </div>
          </div>
        </SheetContent>
      </Sheet>

      <div
        className={cn(
          'flex min-h-dvh flex-col transition-[padding] duration-200',
          collapsed ? 'lg:pl-[4.5rem]' : 'lg:pl-64',
        )}
      >
        <AppHeader
          title={title}
          onOpenMenu={() => setMenuOpen(true)}
          actions={
            <div className="hidden items-center gap-2 lg:flex">
              <PublicStoreLink>Ver Loja Pública</PublicStoreLink>
              <Button variant="ghost" onClick={openHelp}>
                <LifeBuoyIcon aria-hidden="true" />
                Ajuda
              </Button>
              <Button variant="ghost" onClick={leave} disabled={signOut.isPending}>
                <LogOutIcon aria-hidden="true" />
                Sair
              </Button>
            </div>
          }
        />
        <main
          id={CONTENT_ID}
          tabIndex={-1}
          className="mx-auto w-full max-w-6xl min-w-0 flex-1 outline-none px-4 pt-5 pb-[calc(5.5rem+env(safe-area-inset-bottom))] sm:px-6 lg:px-8 lg:pt-8 lg:pb-10">
          <OfflineNotice />
          <RoleGate>
            <Outlet />
          </RoleGate>
        </main>
      </div>

      <BottomNav />
      <HelpDialog open={helpOpen} onOpenChange={setHelpOpen} />
    </div>
  )
}

/** DashboardLayout is the signed-in shell: sidebar or drawer, header, bottom bar. */
export function DashboardLayout() {
  return (
    <DashboardDataProvider>
      <RewardOnCompletion>
        <DashboardShell />
      </RewardOnCompletion>
    </DashboardDataProvider>
  )
}
