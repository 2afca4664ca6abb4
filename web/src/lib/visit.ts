/** A later service of a visit and who performs it (a professional's id, or "any" on the store page). */
export type VisitPart = { serviceId: string; professionalId: string }

/** visitParam is an availability query's `more`: "serviceId:professionalId", comma-joined ('' for none). */
export function visitParam(more: readonly VisitPart[] | undefined) {
  return (more ?? []).map((m) => `${m.serviceId}:${m.professionalId}`).join(',')
}
