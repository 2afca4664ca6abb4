/** turnedAwayText: "1 cliente não conseguiu…" / "N clientes não conseguiram…". */
export function turnedAwayText(count: number) {
  return count === 1
    ? '1 cliente não conseguiu agendar pela sua página este mês'
    : `${count} clientes não conseguiram agendar pela sua página este mês`
}
