import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Locale } from '../../lib/i18n/locale-contract'
import { installDialogPolyfill } from '../../testing/dialog-polyfill'
import { renderSitePart } from '../../testing/render-site-part'
import { NewsletterDialog } from './newsletter-dialog'
import { DEFAULT_POPUP_SETTINGS } from './popup-settings'
import { consentText } from './subscribe-contract'

vi.mock('../../lib/analytics', () => ({ trackEvent: () => {} }))

beforeAll(() => installDialogPolyfill())
// The dialog logs a failed sign-up (docs/fan-site-rules.md §8): expected here, not noise in the run.
beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}))
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/**
 * The sign-up API as the browser meets it: the server's status and JSON body for each request
 * (server/newsletter/spanish-sign-up-errors.test.ts pins these bodies to the real server's).
 */
function answerSignUps(status: number, body: object) {
  const requests: unknown[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      requests.push(JSON.parse(String(init.body)))
      return Response.json(body, { status })
    }),
  )
  return requests
}

function openDialog(locale: Locale, content: Record<string, unknown> = {}) {
  return renderSitePart(
    <NewsletterDialog settings={DEFAULT_POPUP_SETTINGS} open setOpen={() => {}} bandName="Los Forasteros" />,
    { locale, content },
  )
}

async function signUp(names: { first: string; last: string; email: string; submit: string }) {
  await userEvent.type(screen.getByLabelText(names.first), 'Ana')
  await userEvent.type(screen.getByLabelText(names.last), 'López')
  await userEvent.type(screen.getByLabelText(names.email), 'ana@example.com')
  await userEvent.click(screen.getByRole('button', { name: names.submit }))
}

const SPANISH = { first: 'Nombre', last: 'Apellido', email: 'Correo electrónico', submit: 'Suscribirme' }
const ENGLISH = { first: 'First Name', last: 'Last Name', email: 'Email Address', submit: 'Sign Up' }

describe('the newsletter form on a Spanish page', () => {
  it('asks in Spanish, with the Spanish consent and area choice, and signs the fan up in Spanish', async () => {
    const requests = answerSignUps(201, { message: '¡Gracias por suscribirte! Ya estás en la lista.' })
    openDialog('es')
    expect(screen.getByText(consentText('Los Forasteros', 'es'))).toBeInTheDocument()
    expect(screen.getByLabelText('Conciertos en tu zona (opcional)')).toHaveDisplayValue('Todas las zonas')
    expect(screen.getByRole('button', { name: 'Cerrar' })).toBeInTheDocument()
    await signUp(SPANISH)
    await waitFor(() => expect(requests).toHaveLength(1))
    expect(requests[0]).toEqual({
      firstName: 'Ana',
      lastName: 'López',
      email: 'ana@example.com',
      language: 'es',
    })
  })

  it('offers the areas by the names the Spanish page read, an English stand-in marked as English', async () => {
    const area = (slug: string, name: string, nameLang: 'en' | null) => ({
      slug,
      name,
      nameLang,
      centre: null,
      radiusKm: null,
    })
    openDialog('es', {
      areas: [area('bay-area', 'Área de la Bahía', null), area('arizona', 'Arizona', 'en')],
    })
    const choice = screen.getByLabelText('Conciertos en tu zona (opcional)')
    const options = [...choice.querySelectorAll('option')]
    expect(options.map((option) => option.textContent)).toEqual([
      'Todas las zonas',
      'Área de la Bahía',
      'Arizona',
    ])
    expect(options.map((option) => option.getAttribute('lang'))).toEqual([null, null, 'en'])
    await userEvent.selectOptions(choice, 'Área de la Bahía')
    expect(choice).toHaveValue('bay-area')
  })

  it.each([
    [
      429,
      'Too many sign-ups from your network. Please try again in a minute.',
      'No pudimos suscribirte. Demasiados intentos desde tu red. Inténtalo de nuevo en un minuto.',
    ],
    [
      400,
      'Please check the sign-up form. Names cannot contain line breaks or web addresses.',
      'No pudimos suscribirte. Revisa el formulario: los nombres no pueden llevar saltos de línea ni direcciones web.',
    ],
    [
      500,
      'Internal Server Error',
      'No pudimos suscribirte. Algo salió mal de nuestro lado. Inténtalo de nuevo en un momento.',
    ],
  ])('says why a %i failed in Spanish', async (status, message, spanish) => {
    answerSignUps(status, { message })
    openDialog('es')
    await signUp(SPANISH)
    expect(await screen.findByRole('alert')).toHaveTextContent(spanish)
    expect(screen.getByRole('alert')).not.toHaveTextContent(message)
  })

  it('on an English page keeps the server’s own words and sends the spec’s payload', async () => {
    const requests = answerSignUps(429, {
      message: 'Too many sign-ups from your network. Please try again in a minute.',
    })
    openDialog('en')
    expect(screen.getByText(consentText('Los Forasteros'))).toBeInTheDocument()
    await signUp(ENGLISH)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sign-up failed: Too many sign-ups from your network. Please try again in a minute.',
    )
    expect(requests[0]).toEqual({ firstName: 'Ana', lastName: 'López', email: 'ana@example.com' })
  })
})

describe('the popup copy while the CMS has none', () => {
  it.each([
    ['en', 'Stay in the Loop', /^Get updates on upcoming performances/],
    ['es', 'No te pierdas nada', /^Entérate primero de los próximos conciertos/],
  ] as const)('is written in the page language (%s), not marked as another', (locale, title, text) => {
    openDialog(locale)
    const dialog = screen.getByRole('dialog', { name: title })
    expect(dialog).toHaveAccessibleDescription(text)
    expect(screen.getByRole('heading', { name: title })).not.toHaveAttribute('lang')
  })

  it("shows the CMS's English standing in for a missing Spanish copy marked as English", () => {
    renderSitePart(
      <NewsletterDialog
        settings={{ ...DEFAULT_POPUP_SETTINGS, title: 'Join the posse', titleLang: 'en' }}
        open
        setOpen={() => {}}
        bandName="Los Forasteros"
      />,
      { locale: 'es', content: {} },
    )
    expect(screen.getByRole('heading', { name: 'Join the posse' })).toHaveAttribute('lang', 'en')
  })
})
