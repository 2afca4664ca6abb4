import { useState } from 'react'

import { readJSON, writeJSON } from '@/lib/storage'

const KEY = 'agendo:ui:sidebar-collapsed'

/** useSidebarCollapsed is the desktop sidebar's icon-only mode, remembered in this browser. */
export function useSidebarCollapsed() {
  const [collapsed, setCollapsed] = useState(() => readJSON<boolean>(KEY, false) === true)
  const toggle = () => {
    writeJSON(KEY, !collapsed)
    setCollapsed(!collapsed)
  }
  return [collapsed, toggle] as const
}
