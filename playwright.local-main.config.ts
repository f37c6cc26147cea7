import base from './playwright.config'
const servers = base.webServer as object[]
export default { ...base, webServer: [servers[0]], workers: 1 }
