import { PublicComingSoon } from './coming-soon-public'

export function ProfessionalRoute() {
  return (
    <PublicComingSoon
      title="Painel em preparação"
      text="O painel deste profissional está sendo preparado. Em breve você poderá ver os horários disponíveis e agendar por aqui."
    />
  )
}
