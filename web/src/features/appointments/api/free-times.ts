// Which of a day's free times the booking dialog suggests. The server answers every free start
// of the day for the owner (an owner may still record a visit that already happened, by typing
// its time), but a suggestion in the past is a trap on a phone: at 17:00 the first chip must
// not be 09:00 (issue 10).

/** A wall-clock date and time in the store's time zone, as nowIn answers it. */
export type StoreNow = { date: string; time: string }

/**
 * suggestedTimes keeps the free times ("HH:MM", in order) that have not passed on the store's
 * clock: on a later day all of them, from opening; today only those from now on; on a day that
 * has gone, none.
 */
export function suggestedTimes(free: readonly string[], date: string, now: StoreNow): string[] {
  if (date > now.date) return [...free]
  if (date < now.date) return []
  return free.filter((t) => t >= now.time)
}
