// Words of the WhatsApp lists.

/** firstName: "Maria Aparecida" → "Maria". */
export function firstName(name: string) {
  return name.trim().split(/\s+/)[0] || name
}

/** hiddenLabel: "1 cliente chamado nos últimos 7 dias não aparece", "3 clientes … não aparecem". */
export function hiddenLabel(n: number) {
  return n === 1
    ? '1 cliente chamado nos últimos 7 dias não aparece'
    : `${n.toLocaleString('pt-BR')} clientes chamados nos últimos 7 dias não aparecem`
}
