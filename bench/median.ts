/**
 * The median of a bench's rounds (the upper one of an even count): what every bench reports, so that one
 * slow round (a GC pause, another process) does not move the result.
 *
 * @param values - One measure per round.
 * @returns The median, or NaN when there are no rounds.
 */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[sorted.length >> 1] ?? Number.NaN
}
