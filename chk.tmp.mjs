import { chromium } from '@playwright/test'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' })
for (const url of ['http://127.0.0.1:3470/', 'http://127.0.0.1:3470/news/anniversary-tour']) {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
  const errors = [], css = []
  page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && errors.push(m.text()))
  page.on('request', (r) => r.url().endsWith('.css') && css.push(r.url()))
  await page.goto(url, { waitUntil: 'networkidle' })
  await page.mouse.click(5, 300)
  await page.waitForTimeout(1500)
  const styles = await page.evaluate(() => [...document.querySelectorAll('style[data-href], link[rel=stylesheet]')].map((e) => e.outerHTML.slice(0, 100) + ' len=' + (e.textContent?.length ?? 0)))
  console.log(url, { errors, css, styles })
  await page.screenshot({ path: `/tmp/inline-${url.length}.png` })
}
await browser.close()
