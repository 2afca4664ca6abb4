import { useEffect, useState } from 'react'

/** useDebouncedValue follows `value` once it has stayed the same for `ms` (typing in a search). */
export function useDebouncedValue<T>(value: T, ms = 300) {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return debounced
}
