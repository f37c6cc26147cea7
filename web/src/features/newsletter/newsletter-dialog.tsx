import { useMutation } from '@tanstack/react-query'
import { useId, useState, type ChangeEvent, type FormEvent } from 'react'
import { useToast } from '../../components/ui/toast'
import { trackEvent } from '../../lib/analytics'
import { useLocale, useMessages, type Messages } from '../../lib/i18n/messages'
import { AreaChoice, EVERYWHERE } from '../areas'
import { ModalDialog } from '../../lib/dialog/modal-dialog'
import { popupMemory } from './popup-memory'
import type { NewsletterPopupSettings } from './popup-settings'
import { failureOf, subscribe } from './subscribe'
import {
  consentText,
  FIELD_LIMITS,
  hasEmptyField,
  HONEYPOT_FIELD,
  type SubscribePayload,
} from './subscribe-contract'
import '../../components/ui/modal.css'
import './newsletter-popup.css'

const EMPTY: SubscribePayload = { firstName: '', lastName: '', email: '' }

type FieldChange = (name: keyof SubscribePayload) => (event: ChangeEvent<HTMLInputElement>) => void

type NewsletterWords = Messages['newsletter']

/** Why the sign-up failed, in the page's language (the English page shows the server's own words). */
function failureText(error: unknown, words: NewsletterWords): string {
  const { status, message } = failureOf(error)
  return words.error(status, message)
}

/** Sends the sign-up once (docs/fan-site-rules.md §8), in the page's language, and tells the visitor how it went. */
function useSignUp(onSignedUp: () => void) {
  const { toast } = useToast()
  const locale = useLocale()
  const { newsletter: words } = useMessages()
  return useMutation({
    mutationFn: ({ payload, trap, area }: { payload: SubscribePayload; trap: string; area: string }) =>
      subscribe(payload, trap, area, locale),
    // docs/fan-site-rules.md §8: a failed sign-up is not retried (a repeat could also trip the rate limit).
    retry: false,
    onSuccess: (result) => {
      trackEvent('newsletter_signup', 'form_submit')
      popupMemory.markSignedUp()
      onSignedUp()
      toast({ title: words.thanks, description: result.message })
    },
    onError: (error) => {
      // docs/fan-site-rules.md §8 logs the failure to the console; docs/fan-site-rules.md §10 also tells the visitor.
      console.error('Newsletter signup failed:', error)
      toast({ title: words.failedTitle, description: failureText(error, words), variant: 'error' })
    },
  })
}

type FieldSpec = {
  /** Also the label's key in the catalogue's `newsletter` group. */
  name: keyof SubscribePayload
  suffix: string
  type: 'text' | 'email'
  autoComplete: string
  inputMode?: 'email'
}

const FIELDS: Record<keyof SubscribePayload, FieldSpec> = {
  firstName: {
    name: 'firstName',
    suffix: 'first',
    type: 'text',
    autoComplete: 'given-name',
  },
  lastName: {
    name: 'lastName',
    suffix: 'last',
    type: 'text',
    autoComplete: 'family-name',
  },
  email: {
    name: 'email',
    suffix: 'email',
    type: 'email',
    autoComplete: 'email',
    inputMode: 'email',
  },
}

/** One labelled, required input of the form. */
function Field({
  spec,
  id,
  values,
  field,
}: {
  spec: FieldSpec
  id: string
  values: SubscribePayload
  field: FieldChange
}) {
  const inputId = `${id}-${spec.suffix}`
  const { newsletter: words } = useMessages()
  return (
    <div className="newsletter-popup__field">
      <label htmlFor={inputId}>{words[spec.name]}</label>
      <input
        id={inputId}
        name={spec.name}
        type={spec.type}
        autoComplete={spec.autoComplete}
        inputMode={spec.inputMode}
        required
        maxLength={FIELD_LIMITS[spec.name]}
        value={values[spec.name]}
        onChange={field(spec.name)}
      />
    </div>
  )
}

/** First Name is the dialog's first control, so it has focus when the popup opens. */
function SignUpFields(form: { id: string; values: SubscribePayload; field: FieldChange }) {
  return (
    <>
      <div className="newsletter-popup__row">
        <Field spec={FIELDS.firstName} {...form} />
        <Field spec={FIELDS.lastName} {...form} />
      </div>
      <Field spec={FIELDS.email} {...form} />
    </>
  )
}

/** The honeypot: invisible to people and screen readers, skipped by keyboard, filled by bots. */
function HoneypotField({
  id,
  value,
  onChange,
}: {
  id: string
  value: string
  onChange: (value: string) => void
}) {
  const { newsletter: words } = useMessages()
  return (
    <div className="newsletter-popup__trap" aria-hidden="true">
      <label htmlFor={`${id}-trap`}>{words.website}</label>
      <input
        id={`${id}-trap`}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  )
}

/** The popup's heading and line: the CMS's, else the default in the page's language (ADR 193). */
function PopupCopy({ id, settings }: { id: string; settings: NewsletterPopupSettings }) {
  const { newsletter: words } = useMessages()
  return (
    <>
      <h2
        id={`${id}-title`}
        className="newsletter-popup__title"
        lang={(settings.title && settings.titleLang) || undefined}
      >
        {settings.title ?? words.defaultTitle}
      </h2>
      <p
        id={`${id}-text`}
        className="newsletter-popup__text"
        lang={(settings.text && settings.textLang) || undefined}
      >
        {settings.text ?? words.defaultText}
      </p>
    </>
  )
}

/**
 * The newsletter popup's dialog and form (docs/fan-site-rules.md §2, §4, §5). A lazy chunk: NewsletterPopup mounts it on the
 * first open, so the dialog and the form stay out of the JavaScript every page loads first. Escape, the close
 * button and a click outside close it at once (no fade); focus goes back to what had it.
 */
export function NewsletterDialog({
  settings,
  open,
  setOpen,
  bandName,
}: {
  settings: NewsletterPopupSettings
  open: boolean
  setOpen: (open: boolean) => void
  /** Named in the consent wording (`bandNameOf(siteSettings)`). */
  bandName: string
}) {
  const [values, setValues] = useState<SubscribePayload>(EMPTY)
  const [honeypot, setHoneypot] = useState('')
  const [area, setArea] = useState(EVERYWHERE)
  const id = useId()
  const locale = useLocale()
  const { newsletter: words, common } = useMessages()

  const signUp = useSignUp(() => {
    setValues(EMPTY)
    setHoneypot('')
    setArea(EVERYWHERE)
    setOpen(false)
  })

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    // docs/fan-site-rules.md §5: a submission with an empty field is ignored.
    if (signUp.isPending || hasEmptyField(values)) return
    signUp.mutate({ payload: { ...values }, trap: honeypot, area })
  }

  const field: FieldChange = (name) => (event) =>
    setValues((current) => ({ ...current, [name]: event.target.value }))

  if (!open) return null
  return (
    <ModalDialog
      className="modal-panel newsletter-popup"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onRequestClose={() => setOpen(false)}
      closeOnBackdropClick
    >
      <PopupCopy id={id} settings={settings} />
      <form className="newsletter-popup__form" onSubmit={onSubmit}>
        <SignUpFields id={id} values={values} field={field} />
        <AreaChoice id={id} value={area} onChange={setArea} />
        <HoneypotField id={id} value={honeypot} onChange={setHoneypot} />
        <p className="newsletter-popup__consent">{consentText(bandName, locale)}</p>
        {/* Beside the fields too, and still there when the toast has gone. */}
        {signUp.isError ? (
          <p className="newsletter-popup__error" role="alert">
            {words.failed(failureText(signUp.error, words))}
          </p>
        ) : null}
        <button type="submit" className="newsletter-popup__submit" disabled={signUp.isPending}>
          {signUp.isPending ? words.submitting : words.submit}
        </button>
      </form>
      <button
        type="button"
        className="newsletter-popup__close"
        aria-label={common.close}
        onClick={() => setOpen(false)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </ModalDialog>
  )
}
