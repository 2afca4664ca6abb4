// @vitest-environment node
import { describe, expect, it } from 'vitest'

import { busySpans, describeTiming, timingStretches } from './timing'

const none = { bufferBefore: 0, bufferAfter: 0, processingStart: 0, processingMin: 0 }

describe('timing', () => {
  it('says what a timing adds, and nothing for none', () => {
    expect(describeTiming(none)).toEqual([])
    expect(describeTiming({ bufferBefore: 10, bufferAfter: 15, processingStart: 30, processingMin: 40 })).toEqual([
      'pausa de 40 min após 30 min',
      '10 min de preparo',
      '15 min de limpeza',
    ])
  })

  it('places set-up, pause and cleaning around an appointment, within the day', () => {
    // Coloração at 10:00, 90 min: pause 10:30–11:10, cleaning 11:30–11:40.
    expect(timingStretches(600, 90, { ...none, processingStart: 30, processingMin: 40, bufferAfter: 10 })).toEqual([
      { start: 630, end: 670, kind: 'pause' },
      { start: 690, end: 700, kind: 'buffer' },
    ])
    expect(timingStretches(5, 30, { ...none, bufferBefore: 15 })).toEqual([{ start: 0, end: 5, kind: 'buffer' }])
    expect(timingStretches(1410, 30, { ...none, bufferAfter: 15 })).toEqual([{ start: 1440, end: 1440, kind: 'buffer' }])
    expect(timingStretches(600, 45, none)).toEqual([])
  })
})

describe('busySpans', () => {
  const none = { bufferBefore: 0, bufferAfter: 0, processingStart: 0, processingMin: 0 }
  it('is the set-up to the cleaning, less the pause, as the server counts it', () => {
    expect(busySpans(600, 90, none)).toEqual([{ start: 600, end: 690 }])
    expect(busySpans(600, 90, { bufferBefore: 10, bufferAfter: 10, processingStart: 30, processingMin: 40 })).toEqual([
      { start: 590, end: 630 },
      { start: 670, end: 700 },
    ])
  })
  it('stays within the day', () => {
    expect(busySpans(5, 30, { ...none, bufferBefore: 20 })).toEqual([{ start: 0, end: 35 }])
    expect(busySpans(23 * 60 + 30, 30, { ...none, bufferAfter: 15 })).toEqual([{ start: 1410, end: 1440 }])
  })
})
