import { median } from './median.js'

/** CPU time (user + system) this process has used, in microseconds. */
export function cpuMicros(): number {
  const used = process.cpuUsage()
  return used.user + used.system
}

/** A candidate against its baseline: CPU microseconds per call (medians) and the median per-round ratio. */
export interface Comparison {
  readonly baselineUs: number
  readonly candidateUs: number
  /** candidate / baseline: the median of the rounds' ratios, so that a slow phase of the machine cancels out. */
  readonly ratio: number
}

/** Options of {@link compareCpu}. */
export interface CompareOptions {
  /** Measured rounds (each runs both sides once, alternating which goes first). */
  readonly rounds: number
  /** The least CPU time one side's sample takes: calls are batched up to it (default 20 ms). */
  readonly sampleUs?: number
}

let sink = 0

/**
 * `gc()` when the process runs with `--expose-gc`: each sample then starts after a full collection, so that
 * neither side pays for collecting the other's garbage. With a young generation larger than a sample
 * allocates (`--min-semi-space-size`), no collection falls inside a sample at all (see bench/engine.bench.ts).
 */
const collect = (globalThis as { gc?: () => void }).gc

/** CPU microseconds per call of `fn`, over `calls` calls. */
function sample(fn: () => number, calls: number): number {
  collect?.()
  const start = cpuMicros()
  for (let i = 0; i < calls; i++) sink += fn()
  return (cpuMicros() - start) / calls
}

/** How many calls of `fn` take about `sampleUs` of CPU time (at least one). */
function callsFor(fn: () => number, sampleUs: number): number {
  let calls = 1
  for (;;) {
    const start = cpuMicros()
    for (let i = 0; i < calls; i++) sink += fn()
    const used = cpuMicros() - start
    if (used >= sampleUs / 4 || calls >= 1 << 20)
      return Math.max(1, Math.ceil((calls * sampleUs) / Math.max(used, 1)))
    calls *= 4
  }
}

/**
 * Measures a candidate against its baseline in CPU time (`process.cpuUsage`), rounds interleaved and
 * alternating which side goes first, after both were run enough to be warm; each sample after a full
 * collection where the process exposes `gc`. Each function returns a number (a
 * row count, say) that is summed, so that no engine can drop the call.
 *
 * @param baseline - The baseline's work, one call.
 * @param candidate - The candidate's work, one call.
 * @param options - Rounds and sample size.
 * @returns Medians per call and the median ratio.
 */
export function compareCpu(
  baseline: () => number,
  candidate: () => number,
  options: CompareOptions,
): Comparison {
  const sampleUs = options.sampleUs ?? 20_000
  const baselineCalls = callsFor(baseline, sampleUs)
  const candidateCalls = callsFor(candidate, sampleUs)
  const b: number[] = []
  const c: number[] = []
  const ratios: number[] = []
  for (let round = 0; round < options.rounds; round++) {
    let x: number
    let y: number
    if (round % 2 === 0) {
      x = sample(baseline, baselineCalls)
      y = sample(candidate, candidateCalls)
    } else {
      y = sample(candidate, candidateCalls)
      x = sample(baseline, baselineCalls)
    }
    b.push(x)
    c.push(y)
    ratios.push(y / x)
  }
  if (sink === -1) console.log('unreachable')
  return { baselineUs: median(b), candidateUs: median(c), ratio: median(ratios) }
}

/** A duration given in microseconds, in the unit that reads best. */
export function formatMicros(us: number): string {
  if (us >= 1000) return `${(us / 1000).toFixed(2)} ms`
  if (us >= 1) return `${us.toFixed(us >= 100 ? 0 : 1)} µs`
  return `${(us * 1000).toFixed(0)} ns`
}
