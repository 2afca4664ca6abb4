import { isApiError } from '@/lib/api-client'

/**
 * Loaded is what a public route's loader answers: the data, or why it could not load (never a
 * throw, so the page draws its own not-found and retry screens instead of the app's error page).
 */
export type Loaded<T> = { ok: true; data: T } | { ok: false; notFound: boolean; message: string }

export async function settle<T>(promise: Promise<T>): Promise<Loaded<T>> {
  try {
    return { ok: true, data: await promise }
  } catch (error) {
    return {
      ok: false,
      notFound: isApiError(error) && (error.status === 404 || error.status === 400),
      message: error instanceof Error ? error.message : '',
    }
  }
}
