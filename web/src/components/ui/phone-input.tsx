import type { ComponentProps } from 'react'

import { formatPhone, isMaskedPhone, MASKED_PHONE_HINT, maskPhoneInput } from '@/lib/phone'

import { Input } from './input'

type PhoneInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange'> & {
  value: string
  /** Called with what was typed, masked as '(11) 91234-5678'. */
  onChange: (value: string) => void
}

/**
 * PhoneInput is the owner's forms' Brazilian phone field: a tel input that masks what is typed
 * (lib/phone's maskPhoneInput) before the form sees it, so a react-hook-form Controller's `field`
 * spreads onto it as it is. Other props (inputMode, autoComplete, placeholder, the FormField's
 * aria) pass through to the input.
 */
export function PhoneInput({ onChange, value, ...props }: PhoneInputProps) {
  if (isMaskedPhone(value)) {
    // A client's phone the professional sees masked: shown as "(11) 9••••-4321" and kept as it is
    // for the server; typing after it starts a new number, any other change clears it.
    const shown = formatPhone(value)
    return (
      <Input
        type="tel"
        inputMode="tel"
        title={MASKED_PHONE_HINT}
        {...props}
        value={shown}
        onChange={(event) => {
          const typed = event.target.value
          onChange(typed.startsWith(shown) ? maskPhoneInput(typed.slice(shown.length)) : '')
        }}
      />
    )
  }
  return <Input type="tel" inputMode="tel" {...props} value={value} onChange={(event) => onChange(maskPhoneInput(event.target.value))} />
}
