// The client's email for reminders (issue 28), optional on the store page's booking form and on
// the owner's appointment form: the server checks it again, with the same message.

export const REMINDER_EMAIL_LABEL = 'E-mail (para lembretes)'
export const REMINDER_EMAIL_INVALID = 'Informe um e-mail válido, como nome@exemplo.com'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** isReminderEmail accepts an empty field, or something shaped like an address. */
export function isReminderEmail(value: string) {
  const v = value.trim()
  return v === '' || (v.length <= 254 && EMAIL.test(v))
}
