import type { RowComparator } from './compare-rows.js'
import type { StoredRow } from '../../domains/schema.js'

/**
 * The `k` first rows in comparator order, sorted, without sorting them all: a bounded max-heap keeps the
 * best `k` seen so far, O(n log k) instead of O(n log n).
 *
 * @param rows - The rows to choose from (not modified).
 * @param k - How many to keep; at least 1.
 * @param compare - A total order.
 * @returns The first `min(k, rows.length)` rows, in order.
 * @internal
 */
export function topK(rows: readonly StoredRow[], k: number, compare: RowComparator): StoredRow[] {
  const heap: StoredRow[] = []
  const n = rows.length
  let i = 0
  for (; i < n && heap.length < k; i++) {
    heap.push(rows[i] as StoredRow)
    siftUp(heap, heap.length - 1, compare)
  }
  for (; i < n; i++) {
    const row = rows[i] as StoredRow
    // The root is the worst row kept: replace it only with a better one.
    if (compare(row, heap[0] as StoredRow) < 0) {
      heap[0] = row
      siftDown(heap, 0, compare)
    }
  }
  return heap.sort(compare)
}

function siftUp(heap: StoredRow[], index: number, compare: RowComparator): void {
  const row = heap[index] as StoredRow
  while (index > 0) {
    const parent = (index - 1) >> 1
    const above = heap[parent] as StoredRow
    if (compare(row, above) <= 0) break
    heap[index] = above
    index = parent
  }
  heap[index] = row
}

function siftDown(heap: StoredRow[], index: number, compare: RowComparator): void {
  const n = heap.length
  const row = heap[index] as StoredRow
  for (;;) {
    let child = 2 * index + 1
    if (child >= n) break
    const right = child + 1
    if (right < n && compare(heap[right] as StoredRow, heap[child] as StoredRow) > 0) child = right
    const below = heap[child] as StoredRow
    if (compare(below, row) <= 0) break
    heap[index] = below
    index = child
  }
  heap[index] = row
}
