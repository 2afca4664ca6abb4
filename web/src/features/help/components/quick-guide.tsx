import { ChevronRightIcon } from 'lucide-react'
import { Link } from 'react-router'

import { paths } from '@/config/paths'

const d = paths.dashboard

/** What an owner asks most, each answered by the page where it is done. */
const GUIDE = [
  { to: d.store.path, title: 'Divulgar sua página de agendamento', detail: 'Em Perfil da Loja, copie o link e compartilhe.' },
  { to: d.services.path, title: 'Cadastrar serviços e profissionais', detail: 'Preço, duração e quem atende cada serviço.' },
  { to: d.professionals.path, title: 'Bloquear um horário ou uma folga', detail: 'Em Profissionais, nos bloqueios de cada um.' },
  { to: d.plans.path, title: 'Ver seu plano ou assinar o Premium', detail: 'Quantos agendamentos você já usou e o que muda.' },
  { to: d.settings.path, title: 'Exportar seus dados ou excluir a conta', detail: 'Em Configurações, no fim da página.' },
] as const

/**
 * QuickGuide is the help dialog's answer while the platform has no support channel set: the
 * most common questions, each a link to the page that does it, so 'Ajuda' never ends nowhere.
 */
export function QuickGuide({ onNavigate }: { onNavigate: () => void }) {
  return (
    <nav aria-label="Atalhos de ajuda" className="grid grid-cols-1 gap-2">
      <ul className="grid grid-cols-1 divide-y overflow-hidden rounded-xl border">
        {GUIDE.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              onClick={onNavigate}
              className="group flex min-h-11 items-center gap-3 px-4 py-2.5 outline-none hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-medium">{item.title}</span>
                <span className="block text-[0.8rem] text-muted-foreground">{item.detail}</span>
              </span>
              <ChevronRightIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
