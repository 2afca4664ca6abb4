import type { ReactNode } from 'react'

import { AccountData } from '@/features/account/components/account-data'
import { MemberData } from '@/features/account/components/member-data'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { ChangePasswordForm } from '@/features/auth/components/change-password-form'
import { CalendarFeeds } from '@/features/calendar-feeds/components/calendar-feeds'
import { SignOutOthersButton } from '@/features/auth/components/sign-out-others-button'
import { IntegrityCheck } from '@/features/integrity/components/integrity-check'
import { useProfessionals } from '@/features/professionals/api/get-professionals'
import { AvatarField } from '@/features/profile/components/avatar-field'
import { ProfileForm } from '@/features/profile/components/profile-form'
import { DeviceNotifications } from '@/features/reminders/components/device-notifications'
import { ReminderSettingsForm } from '@/features/reminders/components/reminder-settings-form'
import { useStore } from '@/features/store/api/get-store'
import { useAuth } from '@/lib/auth/auth-context'
import { useCan, useMyAgenda, useOwnProfessional } from '@/lib/auth/permissions'

/** The calendar links: a profissional's are of their own agenda; anyone else picks one. */
function CalendarSection() {
  const own = useOwnProfessional()
  const mine = useMyAgenda()
  const professionals = useProfessionals().data
  return (
    <Section
      id="settings-calendar"
      title="Agenda no seu calendário"
      description="Acompanhe os agendamentos no Google Agenda ou no calendário do iPhone com um link privado, que se atualiza sozinho."
    >
      <CalendarFeeds
        professionals={own ? null : (professionals ?? []).map((p) => ({ id: p.id, name: p.name }))}
        defaultProfessional={mine ?? ''}
      />
    </Section>
  )
}

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string
  title: string
  description: string
  children: ReactNode
}) {
  return (
    <Card aria-labelledby={id} role="region">
      <CardHeader>
        <CardTitle id={id}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  )
}

export function SettingsRoute() {
  const { profile } = useAuth()
  // The store's data check and the account's export and deletion are the owner's (the data
  // check the manager's too): a member's settings are their own profile, password, sessions,
  // personal data and leaving the team.
  const checksStore = useCan('store.edit')
  const ownsAccount = useCan('account.delete')
  const seesAgenda = useCan('agenda')
  const storeName = useStore().data?.name ?? ''
  return (
    <div className="mx-auto grid grid-cols-1 max-w-3xl gap-5 lg:gap-6">
      <Section id="settings-profile" title="Perfil" description="Sua foto, seu nome e telefone de contato.">
        {profile && (
          <div className="grid grid-cols-1 gap-6">
            <AvatarField profile={profile} />
            <ProfileForm key={profile.id} profile={profile} />
          </div>
        )}
      </Section>
      <Section
        id="settings-password"
        title="Alterar senha"
        description="Ao alterar a senha, as sessões abertas em outros aparelhos são encerradas."
      >
        <ChangePasswordForm />
      </Section>
      <Section
        id="settings-notifications"
        title="Notificações neste aparelho"
        description="Saiba na hora quando um cliente agenda, remarca ou cancela pela página, mesmo com o Agendo fechado."
      >
        <DeviceNotifications />
      </Section>
      {seesAgenda && <CalendarSection />}
      <Section
        id="settings-sessions"
        title="Sessões"
        description="Esqueceu o Agendo aberto em outro aparelho? Encerre todas as sessões, menos esta."
      >
        <SignOutOthersButton />
      </Section>
      {checksStore && (
        <Section
          id="settings-reminders"
          title="Lembretes automáticos"
          description="Menos faltas, sem custo: o cliente que deixou o e-mail recebe a confirmação e os lembretes, e confirma a presença com um toque."
        >
          <ReminderSettingsForm />
        </Section>
      )}
      {checksStore && (
        <Section
          id="settings-integrity"
          title="Integridade dos dados"
          description="Confere se seus agendamentos, serviços e profissionais estão completos e se os resumos batem com eles."
        >
          <IntegrityCheck />
        </Section>
      )}
      {ownsAccount ? (
        <Section
          id="settings-data"
          title="Seus dados"
          description="Uma cópia de tudo o que está no Agendo, ou a exclusão da conta (LGPD)."
        >
          <AccountData />
        </Section>
      ) : (
        <Section
          id="settings-data"
          title="Seus dados"
          description="Uma cópia dos seus dados pessoais, ou a saída da equipe deste salão (LGPD)."
        >
          <MemberData storeName={storeName} />
        </Section>
      )}
    </div>
  )
}
