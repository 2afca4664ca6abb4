import { Link } from 'react-router'

import { LogoMark } from '@/components/layout/logo'
import { PRIVACY_PATH } from '@/config/legal'
import { formatPhone } from '@/lib/phone'

// The footer of the public pages. Plain classes (no cn()/tailwind-merge): it is on the store
// page's first load, which has a budget.

/** The store as the footer's privacy line names it. */
export type FooterStore = { name: string; phone: string; whatsapp?: string }

/**
 * PublicFooter says in one line who uses the customer's name and phone and why, with the
 * store's contact and Agendo's privacy policy (LGPD transparency), and credits Agendo.
 */
export function PublicFooter({ store }: { store?: FooterStore }) {
  const contact = store ? store.whatsapp || store.phone : ''
  return (
    <footer className="grid justify-items-center gap-3 px-4 py-8 text-center text-sm text-muted-foreground">
      {store && (
        <p className="max-w-xl text-[0.8rem] text-balance">
          {store.name || 'A loja'} usa seu nome, telefone e e-mail (se você informar) só para o seu agendamento: confirmar, lembrar e falar com você
          sobre o horário{contact ? `. Contato: ${formatPhone(contact)}` : ''}.{' '}
          <Link to={PRIVACY_PATH} className="font-medium text-foreground underline-offset-4 hover:underline">
            Política de privacidade
          </Link>
        </p>
      )}
      <span className="flex items-center gap-2">
        <LogoMark className="size-5" />
        <span>
          Agendamento online por{' '}
          <Link to="/" className="font-medium text-foreground hover:underline">
            Agendo
          </Link>
        </span>
      </span>
    </footer>
  )
}
