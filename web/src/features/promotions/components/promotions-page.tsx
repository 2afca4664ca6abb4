import { GiftIcon, MedalIcon } from 'lucide-react'
import { useSearchParams } from 'react-router'

import { Tabs } from '@/components/ui/tabs'

import { LevelsEditor } from './levels-editor'
import { PromotionsPanel } from './promotions-panel'
import type { ServiceName } from './promotion-form-dialog'

type Tab = 'cards' | 'levels'

/**
 * PromotionsPage is Promoções: the loyalty cards, and the loyalty levels on a tab of their own
 * (?tab=levels, so a reload or a link opens it).
 */
export function PromotionsPage({
  services,
  detailPath,
}: {
  services: readonly ServiceName[] | undefined
  detailPath: (id: string) => string
}) {
  const [params, setParams] = useSearchParams()
  const tab: Tab = params.get('tab') === 'levels' ? 'levels' : 'cards'
  return (
    <Tabs
      label="Promoções e níveis"
      value={tab}
      onValueChange={(next) =>
        setParams(
          (p) => {
            const out = new URLSearchParams(p)
            if (next === 'levels') out.set('tab', 'levels')
            else out.delete('tab')
            return out
          },
          { replace: true },
        )
      }
      items={[
        { value: 'cards', label: 'Cartões fidelidade', icon: <GiftIcon aria-hidden="true" /> },
        { value: 'levels', label: 'Níveis', icon: <MedalIcon aria-hidden="true" /> },
      ]}
    >
      {tab === 'cards' ? <PromotionsPanel services={services} detailPath={detailPath} /> : <LevelsEditor />}
    </Tabs>
  )
}
