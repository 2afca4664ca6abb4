// Local storage only caches (the profile per user, UI preferences): reads fall back to the
// default and write failures are logged, so a full or blocked storage never breaks the app.

export function readJSON<T>(key: string, fallback: T): T {
  try {
    const raw = window.localStorage.getItem(key)
    return raw === null ? fallback : (JSON.parse(raw) as T)
  } catch {
    return fallback
  }
}

export function readString(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

export function writeJSON(key: string, value: unknown) {
  writeString(key, JSON.stringify(value))
}

export function writeString(key: string, value: string) {
  try {
    window.localStorage.setItem(key, value)
  } catch (error) {
    console.error(`Não foi possível salvar "${key}" no armazenamento local`, error)
  }
}

export function removeItem(key: string) {
  try {
    window.localStorage.removeItem(key)
  } catch (error) {
    console.error(`Não foi possível remover "${key}" do armazenamento local`, error)
  }
}
