import { useEffect } from 'react'
import { Link } from 'react-router'

import { LogoMark } from '@/components/layout/logo'
import { TERMS_VERSION } from '@/config/legal'

/**
 * PrivacyRoute is Agendo's privacy policy and terms of use (/privacidade): short, in plain
 * Portuguese, and true to what the code does (docs/lgpd.md is the record behind it).
 */
export function PrivacyRoute() {
  useEffect(() => {
    document.title = 'Política de privacidade · Agendo'
  }, [])
  return (
    <div className="mx-auto grid max-w-xl grid-cols-1 gap-6 px-4 py-10">
      <Link to="/" className="flex min-h-11 w-fit items-center gap-2 rounded-md font-semibold">
        <LogoMark className="size-6" />
        Agendo
      </Link>
      <div className="grid grid-cols-1 gap-1">
        <h1 className="text-2xl font-bold tracking-tight">Política de privacidade e termos de uso</h1>
        <p className="text-sm text-muted-foreground">Versão {TERMS_VERSION}</p>
      </div>

      <Section title="Quem é quem">
        <p>
          O salão que você escolheu é quem decide sobre os seus dados de cliente (o controlador, na LGPD). O Agendo é o
          sistema que o salão usa para a agenda e guarda esses dados em nome dele (o operador).
        </p>
      </Section>

      <Section title="Se você agenda em um salão">
        <ul className="grid list-disc grid-cols-1 gap-1 pl-4">
          <li>Pedimos seu nome, seu telefone e, se quiser, uma observação.</li>
          <li>
            O salão usa esses dados para confirmar, lembrar e falar com você sobre o horário. Isso faz parte do serviço
            que você pediu.
          </li>
          <li>
            Novidades e promoções pelo WhatsApp só com o seu “sim”, guardado com data, local e texto. Você pode sair quando
            quiser: desmarque no link do seu agendamento ou responda SAIR ao salão.
          </li>
          <li>
            Você pode pedir ao salão uma cópia dos seus dados, a correção ou a remoção. Removidos, seu nome e telefone são
            apagados; ficam só datas e valores, sem identificar você.
          </li>
          <li>Não vendemos dados, não mostramos anúncios e não usamos cookies de rastreamento.</li>
          <li>
            As visitas às páginas públicas são contadas sem cookies e sem guardar o seu endereço IP.
          </li>
        </ul>
      </Section>

      <Section title="Se você tem uma conta no Agendo">
        <ul className="grid list-disc grid-cols-1 gap-1 pl-4">
          <li>Guardamos seu nome, email, senha (cifrada, nunca legível) e os dados da sua loja.</li>
          <li>
            Em Configurações, você exporta tudo (um arquivo .zip) e pode excluir a conta: ela é apagada de vez depois de 7
            dias, com todos os dados e imagens. Entrar de novo nesse prazo cancela a exclusão.
          </li>
          <li>Pagamentos do plano Premium são processados pela Stripe; não guardamos dados de cartão.</li>
          <li>
            Ao criar a conta, você se compromete a usar o Agendo para a agenda do seu negócio e a tratar os dados dos seus
            clientes conforme a LGPD, respondendo aos pedidos deles pelas ferramentas da página de cada cliente.
          </li>
        </ul>
      </Section>

      <Section title="Segurança e incidentes">
        <p>
          As conexões são cifradas e cada conta só vê os próprios dados. Se acontecer um incidente que possa trazer risco
          a você, avisaremos os salões afetados e a ANPD, como a lei pede.
        </p>
      </Section>

      <Section title="Contato">
        <p>
          Para pedidos sobre seus dados de cliente, fale com o salão (o contato está no rodapé da página dele). Para
          assuntos da sua conta no Agendo, use o botão Ajuda dentro do sistema.
        </p>
      </Section>
    </div>
  )
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="grid grid-cols-1 gap-2">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  )
}
