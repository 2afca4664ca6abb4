// Query-key roots shared across features. A feature owns its queries, but a save in one
// feature can change another's data (deleting a professional changes the services and the
// onboarding checklist), and features never import each other: they meet here.

export const queryKeys = {
  store: ['store'],
  professionals: ['professionals'],
  services: ['services'],
  blockedTimes: ['blocked-times'],
  appointments: ['appointments'],
  clients: ['clients'],
  trash: ['trash'],
  availability: ['availability'],
  dashboard: ['dashboard'],
  onboarding: ['onboarding'],
  /** Loyalty cards and the levels; a completed visit or a reward used changes them. */
  promotions: ['promotions'],
  /** Relatórios: every report is read from the appointments, so any change to one makes them stale. */
  reports: ['reports'],
  /** The plan and, under it, the Planos page's overview: billing changes both. */
  plan: ['plan'],
  /** Equipe: the members and the invitations. */
  team: ['team'],
  /** Lembretes automáticos: the store's settings (issue 28). */
  reminders: ['reminders'],
  /** The signed-in member's calendar feeds (issue 29). */
  calendarFeeds: ['calendar-feeds'],
  /** The waitlist from today on (issue 29): a cancellation can make an offer. */
  waitlist: ['waitlist'],
} as const
