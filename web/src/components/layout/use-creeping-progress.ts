import { useEffect, useState } from 'react'

export const PROGRESS_STEP = 10
export const PROGRESS_INTERVAL_MS = 300
export const PROGRESS_MAX = 90

/** useCreepingProgress rises 10 % every 300 ms and stops at 90 % (SPEC.md sections 2 and 9). */
export function useCreepingProgress() {
  const [value, setValue] = useState(0)
  useEffect(() => {
    const timer = setInterval(() => {
      setValue((v) => Math.min(v + PROGRESS_STEP, PROGRESS_MAX))
    }, PROGRESS_INTERVAL_MS)
    return () => clearInterval(timer)
  }, [])
  return value
}
