import { sep } from 'node:path'

/** Whether the absolute `file` is the absolute `path` itself or lies under it (a directory). */
export function isWithin(file: string, path: string): boolean {
  return file === path || file.startsWith(path.endsWith(sep) ? path : path + sep)
}
