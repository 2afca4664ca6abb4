import { fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import type { Store } from '@/features/store/api/get-store'
import { apiError, json, type Call } from '@/test/api-mock'
import { signedIn, storeFixture } from '@/test/fixtures'
import { renderApp } from '@/test/render-app'

/** The PUT answers the store as sent, with a slug made from the name. */
function echoStore(call: Call) {
  const body = call.body as Store
  return json(200, { ...storeFixture(), ...body, slug: body.name ? 'slug-novo' : null })
}

/** A store API that remembers what was saved. */
function storeApi(initial = storeFixture()) {
  let current = initial
  return {
    'GET /api/v1/store': () => json(200, current),
    'PUT /api/v1/store': (call: Call) => {
      current = { ...current, ...(call.body as Store), slug: 'slug-novo' }
      return json(200, current)
    },
  }
}

async function openStore(options: Parameters<typeof userEvent.setup>[0] = {}) {
  renderApp('/dashboard/store')
  await screen.findByLabelText('Nome da loja')
  return userEvent.setup(options)
}

const section = (name: string) => screen.getByRole('region', { name })
const save = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Salvar' }))

describe('Perfil da Loja', { timeout: 20_000 }, () => {
  it('fills the form from the store', async () => {
    signedIn()
    await openStore()
    expect(screen.getByLabelText('Nome da loja')).toHaveValue('Salão Bela Vida')
    expect(screen.getByLabelText(/Telefone/)).toHaveValue('(11) 93456-7890')
    expect(screen.getByLabelText(/Instagram/)).toHaveValue('@salaobela')
    expect(screen.getByRole('radio', { name: /Serviço primeiro/ })).toBeChecked()
    expect(screen.getByLabelText('Fuso horário')).toHaveValue('America/Sao_Paulo')
    expect(screen.getByLabelText('Antecedência mínima')).toHaveValue('60')
    expect(screen.getByLabelText('Horizonte de agendamento')).toHaveValue('60')
    expect(screen.getByRole('checkbox', { name: 'Pix' })).not.toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'Dinheiro' })).toBeChecked()
    expect(screen.queryByLabelText('Chave Pix')).not.toBeInTheDocument()
    expect(within(section('Aparência')).getByRole('radio', { name: 'Violeta' })).toHaveAttribute('aria-checked', 'true')
  })

  it('shows the public address with a copy button and the link to the page', async () => {
    signedIn()
    const user = await openStore()
    const address = `${window.location.origin}/store/salao-bela-vida`
    expect(screen.getByText(address)).toBeInTheDocument()
    const main = screen.getByRole('main')
    expect(within(main).getByRole('link', { name: 'Ver Loja Pública' })).toHaveAttribute('href', '/store/salao-bela-vida')
    await user.click(screen.getByRole('button', { name: 'Copiar endereço' }))
    expect(await screen.findByText('Endereço copiado')).toBeInTheDocument()
    // user-event stands in for the clipboard.
    await expect(navigator.clipboard.readText()).resolves.toBe(address)
  })

  it('asks for a name before publishing a store that has none', async () => {
    const { callsTo } = signedIn({ 'GET /api/v1/store': json(200, storeFixture({ name: '', slug: null })) })
    const user = await openStore()
    expect(screen.getByText(/Dê um nome à sua loja e salve/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Copiar endereço' })).not.toBeInTheDocument()
    await save(user)
    expect(await screen.findByText('Informe o nome da loja')).toBeInTheDocument()
    expect(callsTo('PUT /api/v1/store')).toHaveLength(0)
  })

  it('saves the whole form with one PUT and confirms', async () => {
    const { callsTo } = signedIn(storeApi())
    const user = await openStore()
    const name = screen.getByLabelText('Nome da loja')
    await user.clear(name)
    await user.type(name, 'Studio Lima')
    await user.click(screen.getByRole('radio', { name: /Profissional primeiro/ }))
    await user.selectOptions(screen.getByLabelText('Fuso horário'), 'America/Manaus')
    await user.clear(screen.getByLabelText('Antecedência mínima'))
    await user.type(screen.getByLabelText('Antecedência mínima'), '120')
    await user.click(within(section('Aparência')).getByRole('radio', { name: 'Oceano' }))
    await user.click(within(screen.getByRole('group', { name: 'Domingo' })).getByRole('switch', { name: 'Aberto' }))
    await user.type(screen.getByLabelText(/WhatsApp/), '11912345678')
    await save(user)

    expect(await screen.findByText('Loja atualizada')).toBeInTheDocument()
    const body = callsTo('PUT /api/v1/store')[0]?.body as Record<string, unknown>
    expect(Object.keys(body).sort()).toEqual(
      [
        'name',
        'description',
        'phone',
        'address',
        'logo',
        'bookingFlow',
        'heroGradient',
        'workingHours',
        'socialMedia',
        'paymentSettings',
        'timeZone',
        'minNoticeMin',
        'horizonDays',
      ].sort(),
    )
    expect(body).toMatchObject({
      name: 'Studio Lima',
      bookingFlow: 'professional-first',
      timeZone: 'America/Manaus',
      minNoticeMin: 120,
      horizonDays: 60,
      logo: null,
      heroGradient: 'linear-gradient(135deg, #1e40af 0%, #0891b2 100%)',
      socialMedia: { instagram: '@salaobela', facebook: '', whatsapp: '(11) 91234-5678' },
      workingHours: { sunday: { open: '09:00', close: '18:00', isOpen: true } },
    })
    // The new address follows the saved name.
    expect(await screen.findByText(`${window.location.origin}/store/slug-novo`)).toBeInTheDocument()
  })

  it('ticks the onboarding step once the store has a name', async () => {
    let named = false
    const { callsTo } = signedIn({
      'GET /api/v1/store': json(200, storeFixture({ name: '', slug: null })),
      'GET /api/v1/onboarding': () =>
        json(200, { steps: { store: named, professional: false, service: false }, complete: false }),
      'PUT /api/v1/store': (call) => {
        named = true
        return echoStore(call)
      },
    })
    const { router } = renderApp('/dashboard')
    const card = await screen.findByRole('region', { name: 'Primeiros passos' })
    expect(card).toHaveTextContent('0 de 3 concluídos')
    await router.navigate('/dashboard/store')
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('Nome da loja'), 'Studio Lima')
    await user.selectOptions(screen.getByLabelText('Fuso horário'), 'America/Recife')
    await save(user)
    await screen.findByText('Loja atualizada')
    await router.navigate('/dashboard')
    expect(await screen.findByText('1 de 3 concluídos')).toBeInTheDocument()
    expect(callsTo('GET /api/v1/onboarding')).toHaveLength(2)
  })

  it('builds a custom gradient from two colours', async () => {
    const { callsTo } = signedIn({ 'PUT /api/v1/store': echoStore })
    const user = await openStore()
    await user.click(within(section('Aparência')).getByRole('radio', { name: 'Personalizado' }))
    fireEvent.input(screen.getByLabelText(/Cor inicial/), { target: { value: '#112233' } })
    fireEvent.input(screen.getByLabelText(/Cor final/), { target: { value: '#ddeeff' } })
    await save(user)
    await screen.findByText('Loja atualizada')
    expect(callsTo('PUT /api/v1/store')[0]?.body).toMatchObject({
      heroGradient: 'linear-gradient(135deg, #112233 0%, #ddeeff 100%)',
    })
  })

  it('requires the Pix details once Pix is accepted', async () => {
    const { callsTo } = signedIn({ 'PUT /api/v1/store': echoStore })
    const user = await openStore()
    await user.click(screen.getByRole('checkbox', { name: 'Pix' }))
    await save(user)
    const pix = section('Pagamentos')
    expect(await within(pix).findByText('Informe a chave Pix')).toBeInTheDocument()
    expect(within(pix).getByText('Escolha o tipo de chave')).toBeInTheDocument()
    expect(within(pix).getByText('Informe o nome de quem recebe')).toBeInTheDocument()
    expect(callsTo('PUT /api/v1/store')).toHaveLength(0)

    await user.selectOptions(screen.getByLabelText('Tipo de chave'), 'cpf')
    await user.type(screen.getByLabelText('Chave Pix'), '123.456.789-00')
    await user.type(screen.getByLabelText('Nome do recebedor'), 'Maria Souza')
    await user.type(screen.getByLabelText('Cidade'), 'São Paulo')
    await save(user)
    expect(await within(pix).findByText('Informe um CPF válido')).toBeInTheDocument()
    await user.clear(screen.getByLabelText('Chave Pix'))
    await user.type(screen.getByLabelText('Chave Pix'), '529.982.247-25')
    await save(user)
    await screen.findByText('Loja atualizada')
    expect(callsTo('PUT /api/v1/store')[0]?.body).toMatchObject({
      paymentSettings: {
        acceptedMethods: ['pix', 'cash', 'credit_card'],
        pixKey: '529.982.247-25',
        pixKeyType: 'cpf',
        pixReceiverName: 'Maria Souza',
        pixCity: 'São Paulo',
      },
    })
  })

  it('keeps a closing time before the opening time from being saved', async () => {
    const { callsTo } = signedIn()
    const user = await openStore()
    const monday = screen.getByRole('group', { name: 'Segunda' })
    await user.clear(within(monday).getByLabelText('Fechamento'))
    await user.type(within(monday).getByLabelText('Fechamento'), '08:00')
    await save(user)
    expect(await within(monday).findByRole('alert')).toHaveTextContent('O fechamento deve ser depois da abertura')
    expect(callsTo('PUT /api/v1/store')).toHaveLength(0)
  })

  it("shows the server's field errors under their fields, and the others on top", async () => {
    signedIn({
      'PUT /api/v1/store': apiError(422, 'invalid', 'Horário inválido na segunda-feira: use HH:MM', {
        fields: {
          'workingHours.monday': 'Horário inválido na segunda-feira: use HH:MM',
          'socialMedia.facebook': 'Informe o endereço da página no Facebook, como facebook.com/salaobela',
          slug: 'Não foi possível criar um endereço para esta loja',
        },
      }),
    })
    const user = await openStore()
    await save(user)
    const monday = screen.getByRole('group', { name: 'Segunda' })
    expect(await within(monday).findByRole('alert')).toHaveTextContent('Horário inválido na segunda-feira: use HH:MM')
    expect(screen.getByLabelText(/Facebook/)).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByText('Não foi possível criar um endereço para esta loja')).toBeInTheDocument()
  })

  it('uploads a logo, previews it and saves its address', async () => {
    const uploaded = { id: 'f1', url: '/files/f1', thumbUrl: '/files/f1/thumb', contentType: 'image/png', width: 8, height: 8 }
    const { callsTo } = signedIn({ 'POST /api/v1/files': json(201, uploaded), 'PUT /api/v1/store': echoStore })
    const user = await openStore()
    await user.upload(screen.getByLabelText('Enviar logo'), new File(['png'], 'logo.png', { type: 'image/png' }))
    expect(await screen.findByLabelText('Trocar logo')).toBeInTheDocument()
    expect(callsTo('POST /api/v1/files')[0]?.body).toMatchObject({ kind: 'logo' })
    expect(document.querySelector('img[src="/files/f1/thumb"]')).not.toBeNull()
    await save(user)
    await screen.findByText('Loja atualizada')
    expect(callsTo('PUT /api/v1/store')[0]?.body).toMatchObject({ logo: '/files/f1' })

    await user.click(screen.getByRole('button', { name: 'Remover logo' }))
    expect(screen.getByLabelText('Enviar logo')).toBeInTheDocument()
  })

  it('refuses a file that is not an image before sending it, and shows the server reason after', async () => {
    const { callsTo } = signedIn({
      'POST /api/v1/files': apiError(422, 'invalid', 'O arquivo não é uma imagem JPEG, PNG ou WebP'),
    })
    const user = await openStore({ applyAccept: false })
    await user.upload(screen.getByLabelText('Enviar logo'), new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' }))
    expect(await screen.findByText('Envie uma imagem JPG, PNG ou WebP.')).toBeInTheDocument()
    expect(callsTo('POST /api/v1/files')).toHaveLength(0)

    await user.upload(screen.getByLabelText('Enviar logo'), new File(['%PDF'], 'doc.jpg', { type: 'image/jpeg' }))
    expect(await screen.findByText('O arquivo não é uma imagem JPEG, PNG ou WebP')).toBeInTheDocument()
    expect(screen.getByLabelText('Enviar logo')).toHaveAttribute('aria-invalid', 'true')
  })
})
