import type { SignUpInput } from '@/lib/api-schema'

// Agendo's terms of use and privacy policy (the /privacidade page). The version goes with the
// sign-up and the server keeps it; its home is internal/domain TermsVersion, which the OpenAPI
// document gives as the only value of acceptedTerms, so this copy fails typecheck when it differs.
export const TERMS_VERSION: SignUpInput['acceptedTerms'] = '2026-11-v1'

export const PRIVACY_PATH = '/privacidade'
