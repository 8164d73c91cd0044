/**
 * An HTML file imported as its text: the build (tsup's `text` loader) and the tests (vitest.config.ts) both load
 * `.html` imports as a string, so that the page ships inside the emulator's JavaScript, in the ESM and the
 * CommonJS build alike, with no file to find at run time.
 */
declare module '*.html' {
  const text: string
  export default text
}
