// Agendo's terms of use and privacy policy (the /privacidade page). The version goes with the
// sign-up and the server keeps it; change it with the text (internal/domain TermsVersion).
export const TERMS_VERSION = '2026-11-v1'

export const PRIVACY_PATH = '/privacidade'
