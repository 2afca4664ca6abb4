import { mkdirSync } from 'node:fs'

import { axe } from './audit'
import { openStore } from './store-fixture'
import { call, screenshot } from './support'
import { expect, test } from './traffic'

// A customer on a phone books a visit of two services (issue 27): 'Corte feminino' with
// whoever is free and 'Escova modelada' with Ana, in one booking; only the starts where both fit
// are offered; one confirmation with one Pix code for the total; the manage link cancels both.

const shots = 'test-results/screens/visit'

for (const width of [390, 360]) {
  test(`at ${width} px a customer books 'Corte feminino' and 'Escova modelada' in one visit, with one Pix total`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000)
    const owner = await openStore(page)
    const [ana, bruno] = owner.professionals as [string, string]
    await call(page.request, owner.token, 'PUT', `/services/${owner.corte}`, {
      name: 'Corte feminino com finalização e hidratação leve',
      description: 'Corte e finalização',
      duration: 45,
      price: 4590,
      professionalIds: [ana, bruno],
    })
    await call(page.request, owner.token, 'POST', '/services', {
      name: 'Escova modelada com babyliss e proteção térmica',
      duration: 30,
      price: 3500,
      professionalIds: [ana],
    })

    const context = await browser.newContext({
      viewport: { width, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
    })
    const shop = await context.newPage()
    await shop.goto(`/store/${owner.slug}`)
    await shop.getByRole('button', { name: 'Agendar horário' }).click()
    const sheet = shop.getByRole('dialog')
    await sheet.getByRole('button', { name: /^Corte feminino/ }).click()
    await sheet.getByRole('button', { name: /^Qualquer profissional/ }).click()
    await expect(sheet.getByRole('heading', { level: 2, name: 'Escolha o dia' })).toBeVisible()

    // One service more: the tap on 'Adicionar outro serviço', the tap on the service.
    await sheet.getByRole('button', { name: 'Adicionar outro serviço' }).click()
    await sheet.getByRole('button', { name: /^Escova modelada/ }).click()
    await expect(sheet.getByRole('combobox', { name: /^Profissional para Escova modelada/ })).toHaveValue(ana)
    mkdirSync(shots, { recursive: true })
    await screenshot(shop, { path: `${shots}/customer-visit-day-${width}.png` })
    expect(await shop.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    expect(await axe(shop)).toEqual([])

    const day = sheet.getByRole('button', { name: /horários? livres?$/ }).first()
    await day.click()
    await expect(sheet.getByText(/^Corte feminino.* \+ Escova modelada.* · 1h 15min$/)).toBeVisible()
    const time = sheet.getByRole('button', { name: /^\d\d:\d\d$/ }).first()
    const start = ((await time.textContent()) ?? '').trim()
    await time.click()
    await expect(sheet.getByText('2º serviço')).toBeVisible()
    await sheet.getByLabel('Seu nome').fill('Maria Aparecida Souza dos Santos')
    await sheet.getByLabel('Telefone (WhatsApp)').fill('11955554444')
    await screenshot(shop, { path: `${shots}/customer-visit-details-${width}.png` })
    await sheet.getByRole('button', { name: 'Confirmar agendamento' }).click()
    await expect(sheet.getByRole('heading', { level: 2, name: 'Agendamento confirmado' })).toBeVisible()
    await expect(sheet.getByText(/com Ana Lima/)).toBeVisible()
    await expect(sheet.getByText(/R\$\s?80,90/).first()).toBeVisible()
    const pix = sheet.getByRole('region', { name: 'Pagamento via Pix' })
    await expect(pix.getByRole('button', { name: 'Copiar código Pix' })).toBeVisible()
    await screenshot(shop, { path: `${shots}/customer-visit-confirmed-${width}.png`, fullPage: true })
    expect(await shop.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)

    // The owner's agenda holds both, one after the other.
    const list = await call<{ items: { time: string; visitId: string; durationMin: number }[] }>(
      page.request,
      owner.token,
      'GET',
      '/appointments?limit=50',
    )
    expect(list.items).toHaveLength(2)
    expect(list.items[0].visitId).not.toBe('')
    expect(list.items[0].visitId).toBe(list.items[1].visitId)
    expect(list.items.map((a) => a.time)).toContain(start)

    // The manage link cancels the whole visit.
    await sheet.getByRole('link', { name: 'Ver, remarcar ou cancelar' }).click()
    await expect(shop.getByText(/Corte feminino.* com Ana Lima/).first()).toBeVisible()
    await screenshot(shop, { path: `${shots}/customer-visit-manage-${width}.png`, fullPage: true })
    await shop.getByRole('button', { name: 'Cancelar agendamento' }).click()
    await shop.getByRole('button', { name: 'Sim, cancelar' }).click()
    await expect(shop.getByText(/cancelado/i).first()).toBeVisible()
    const after = await call<{ items: { status: string }[] }>(page.request, owner.token, 'GET', '/appointments?limit=50')
    expect(after.items.map((a) => a.status)).toEqual(['cancelled', 'cancelled'])
    await context.close()
  })
}
