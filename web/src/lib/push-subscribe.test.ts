import { describe, expect, it } from 'vitest'

import { keyBytes } from './push-subscribe'

describe('keyBytes', () => {
  it('reads a base64url VAPID key, with or without padding', () => {
    expect(Array.from(keyBytes('AQID_-8'))).toEqual([1, 2, 3, 255, 239])
    expect(keyBytes('BDY0IEDqD9EtjDVWUHw5EsikGopFQNF3SD_O0TXpXL3sk79LxXHdQIizuvEwp_JXKBwBkh8ZWVN6NJl_8wFZfM0')).toHaveLength(65)
  })
})
