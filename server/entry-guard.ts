// Imported first by every entry point (server/index.ts, the content CLI). Imports are evaluated in order, so this
// refuses an older Node.js before any module that needs the newer one is loaded.
import { refuseUnsupportedNode } from './supported-node'

refuseUnsupportedNode(new URL('../package.json', import.meta.url))
