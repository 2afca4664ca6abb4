import type { ComponentProps } from 'react'

import { maskPhoneInput } from '@/lib/phone'

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
export function PhoneInput({ onChange, ...props }: PhoneInputProps) {
  return <Input type="tel" inputMode="tel" {...props} onChange={(event) => onChange(maskPhoneInput(event.target.value))} />
}
