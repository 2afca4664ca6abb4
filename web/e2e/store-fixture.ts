import { expect, type Page } from '@playwright/test'

import { professionalBody, register, strongPassword, uniqueEmail } from './support'

export type Owner = {
  token: string
  slug: string
  /** The Corte service's id. */
  corte: string
  /** Ana's and Bruno's ids. */
  professionals: string[]
  headers: Record<string, string>
  /** The owner's email (the password is support.ts strongPassword). */
  email: string
}

/**
 * openStore registers an owner (the page stays signed in) whose store takes Pix, with Ana and
 * Bruno, who both do a 45-minute Corte.
 */
export async function openStore(page: Page): Promise<Owner> {
  const email = uniqueEmail('loja')
  await register(page, 'Paula Reis', email)
  const signin = await page.request.post('/api/v1/auth/signin', { data: { email, password: strongPassword } })
  const token = ((await signin.json()) as { session: { accessToken: string } }).session.accessToken
  const headers = { Authorization: `Bearer ${token}` }
  const store = (await (await page.request.get('/api/v1/store', { headers })).json()) as Record<string, unknown>
  const keep = ['description', 'phone', 'logo', 'bookingFlow', 'heroGradient', 'workingHours', 'socialMedia']
  const saved = await page.request.put('/api/v1/store', {
    headers,
    data: {
      ...Object.fromEntries(keep.map((k) => [k, store[k]])),
      name: `Studio Bela ${Date.now().toString(36)}`,
      description: 'Cortes, cor e cuidado no centro de Campinas.',
      address: 'Rua das Flores, 10 - Centro, Campinas',
      timeZone: 'America/Sao_Paulo',
      minNoticeMin: 60,
      horizonDays: 60,
      paymentSettings: {
        acceptedMethods: ['pix', 'cash'],
        pixKey: 'pix@studiobela.com.br',
        pixKeyType: 'email',
        pixReceiverName: 'Paula Reis',
        pixCity: 'Campinas',
      },
    },
  })
  expect(saved.ok(), await saved.text()).toBeTruthy()
  const slug = ((await saved.json()) as { slug: string }).slug
  const professionals: string[] = []
  for (const name of ['Ana Lima', 'Bruno Alves']) {
    const r = await page.request.post('/api/v1/professionals', {
      headers,
      data: { ...professionalBody(name), specialties: ['Corte'] },
    })
    professionals.push(((await r.json()) as { id: string }).id)
  }
  const svc = await page.request.post('/api/v1/services', {
    headers,
    data: { name: 'Corte', description: 'Corte e finalização', duration: 45, price: 4590, professionalIds: professionals },
  })
  return { token, slug, corte: ((await svc.json()) as { id: string }).id, professionals, headers, email }
}
