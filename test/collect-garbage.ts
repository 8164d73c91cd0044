import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

/**
 * Runs a full collection, twice, so that what only weak references or finalizers hold is gone. V8's `gc` is
 * exposed only behind a flag: turned on here, as the benchmarks do, then taken from a new context. A weak
 * reference made in the current job holds its target until the job ends, so await a macrotask first.
 */
export function collectGarbage(): void {
  setFlagsFromString('--expose-gc')
  const gc = runInNewContext('gc') as () => void
  gc()
  gc()
}
