// `node --import ./scripts/html-as-text.mjs --import tsx ...`: lets scripts run from the sources import the
// emulator's console page (src/emulator/console/console.html) as text, as the build and the tests do.
import { register } from 'node:module'

register('./html-text-hooks.mjs', import.meta.url)
