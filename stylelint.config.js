import { fileURLToPath } from 'node:url'

/**
 * Stylesheet lint (`npm run lint`). Its job: a `var(--name)` that no stylesheet defines computes to nothing
 * (a padding of 0, a transparent colour) without any error. Every stylesheet may use the design tokens of
 * web/src/styles/global.css and the custom properties it defines itself.
 */
const tokens = fileURLToPath(new URL('./web/src/styles/global.css', import.meta.url))
/** Set at run time on the element by Radix Toast while a toast is swiped (components/ui/toast.css). */
const radixToast = {
  customProperties: {
    '--radix-toast-swipe-move-x': '0px',
    '--radix-toast-swipe-end-x': '0px',
  },
}

export default {
  plugins: ['stylelint-value-no-unknown-custom-properties'],
  ignoreFiles: ['dist/**', 'data/**', 'test-results/**', 'playwright-report/**', 'node_modules/**'],
  rules: {
    'csstools/value-no-unknown-custom-properties': [true, { importFrom: [tokens, radixToast] }],
  },
}
