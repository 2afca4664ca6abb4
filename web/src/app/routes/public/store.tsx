import { PublicComingSoon } from './coming-soon-public'

export function StoreRoute() {
  return (
    <PublicComingSoon
      title="Página em preparação"
      text="A página desta loja está sendo preparada. Em breve você poderá ver os serviços e agendar seu horário por aqui."
    />
  )
}
