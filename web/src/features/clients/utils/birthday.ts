// A client's birthday, as the server keeps it ("1985-03-15", or "--03-15" without the year)
// and as Brazilians read and type it.

/** formatBirthday: "1985-03-15" → "15/03/1985"; "--03-15" → "15/03"; "" → "". */
export function formatBirthday(iso: string) {
  const m = /^(\d{4}|-)-(\d{2})-(\d{2})$/.exec(iso)
  if (!m) return ''
  const [, year, month, day] = m
  return year === '-' ? `${day}/${month}` : `${day}/${month}/${year}`
}

/** birthdayLabel adds the age the year gives: "15/03/1985 · 41 anos". */
export function birthdayLabel(iso: string, today = new Date()) {
  const shown = formatBirthday(iso)
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  if (!m) return shown
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])]
  let age = today.getFullYear() - year
  if (today.getMonth() + 1 < month || (today.getMonth() + 1 === month && today.getDate() < day)) age--
  return age > 0 && age < 120 ? `${shown} · ${age} ${age === 1 ? 'ano' : 'anos'}` : shown
}
