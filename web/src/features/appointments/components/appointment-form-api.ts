import type { UseFormReturn } from 'react-hook-form'

import type { AppointmentFormValues } from '../api/appointment-form'

/** The appointment form, as each of its sections reaches it. */
export type AppointmentFormApi = UseFormReturn<AppointmentFormValues>
