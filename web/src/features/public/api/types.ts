import type * as Api from '@/lib/api-schema'
import type { WorkingHours } from '@/lib/working-hours'

// The public API's shapes (GET /api/v1/public/…): only what a customer may see.

export type BookingFlow = Api.PublicStoreInfo['bookingFlow']

/** PublicStoreInfo is the store as its public page shows it. */
export type PublicStoreInfo = Omit<Api.PublicStoreInfo, 'workingHours'> & { workingHours: WorkingHours }

export type PublicService = Api.PublicService

export type PublicProfessional = Api.PublicProfessional

/** PublicStorePage is GET /api/v1/public/stores/{slug}. */
export type PublicStorePage = Omit<Api.PublicStore, 'store'> & { store: PublicStoreInfo }

/** PublicProfessionalPage is GET /api/v1/public/professionals/{id}. */
export type PublicProfessionalPage = Omit<Api.PublicProfessionalPage, 'store'> & { store: PublicStoreInfo }

/** AvailabilityDay is one day of free start times ("HH:MM", store time); empty means full. */
export type AvailabilityDay = Api.Day

/** Booking is what the customer sees of their appointment (confirmation and manage link). */
export type Booking = Api.Booking

/** StoreAvailabilityQuery asks a store for free times; the pages always send from and days. */
/** StoreAvailabilityQuery asks for a store's free times; more names a visit's later services. */
export type StoreAvailabilityQuery = Required<
  Omit<Api.operations['getPublicStoresSlugAvailability']['parameters']['query'], 'more'>
> & { more?: string }

/** BookingAvailabilityQuery asks for the free times a booking could move to. */
export type BookingAvailabilityQuery = Required<
  NonNullable<Api.operations['getPublicBookingsTokenAvailability']['parameters']['query']>
>

/** BookingLoyalty is what the customer sees of the store's loyalty programme on the manage link. */
export type BookingLoyalty = Api.BookingLoyalty

/** LoyaltyCard is one promotion's card with the customer's progress on it. */
export type LoyaltyCard = Api.LoyaltyCard

/** LoyaltyLevel is a level of the store's programme, in the owner's colours and icon. */
export type LoyaltyLevel = Api.Level
