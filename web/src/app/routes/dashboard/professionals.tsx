import { useState } from 'react'

import { BlockedTimesDialog } from '@/features/blocked-times/components/blocked-times-dialog'
import type { Professional } from '@/features/professionals/api/get-professionals'
import { ProfessionalsPanel } from '@/features/professionals/components/professionals-panel'
import { useStore } from '@/features/store/api/get-store'

/** The professionals page: the list, plus each one's blocked times (another feature). */
export function ProfessionalsRoute() {
  const store = useStore().data
  const storeHours = store?.workingHours
  const [blocksFor, setBlocksFor] = useState<Professional | null>(null)
  const [blocksOpen, setBlocksOpen] = useState(false)
  return (
    <>
      <ProfessionalsPanel
        storeHours={storeHours}
        onBlockedTimes={(professional) => {
          setBlocksFor(professional)
          setBlocksOpen(true)
        }}
      />
      <BlockedTimesDialog
        professional={blocksFor}
        timeZone={store?.timeZone}
        open={blocksOpen}
        onOpenChange={setBlocksOpen}
      />
    </>
  )
}
