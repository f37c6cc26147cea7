import * as Dialog from '@radix-ui/react-dialog'
import { useMutation } from '@tanstack/react-query'
import {
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type InputHTMLAttributes,
  type Ref,
} from 'react'
import { useToast } from '../../components/ui/toast'
import { trackEvent } from '../../lib/analytics'
import { popupMemory } from './popup-memory'
import type { NewsletterPopupSettings } from './popup-settings'
import { messageOf, subscribe } from './subscribe'
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

/** One labelled, required field of the form, with the server's length limit. */
function SignUpField({
  label,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  label: string
  id: string
  name: keyof SubscribePayload
  ref?: Ref<HTMLInputElement>
}) {
  return (
    <div className="newsletter-popup__field">
      <label htmlFor={input.id}>{label}</label>
      <input required maxLength={FIELD_LIMITS[input.name]} {...input} />
    </div>
  )
}

/**
 * The newsletter popup's dialog and form (docs/fan-site-rules.md §2, §4, §5). A lazy chunk: NewsletterPopup mounts it on the
 * first open, so Radix Dialog and the form stay out of the JavaScript every page loads first.
 */
export function NewsletterDialog({
  settings,
  bandName,
  open,
  setOpen,
}: {
  settings: NewsletterPopupSettings
  /** Named in the consent wording (`bandNameOf(siteSettings)`). */
  bandName: string
  open: boolean
  setOpen: (open: boolean) => void
}) {
  const [values, setValues] = useState<SubscribePayload>(EMPTY)
  const [honeypot, setHoneypot] = useState('')
  const firstNameRef = useRef<HTMLInputElement>(null)
  const returnFocusRef = useRef<HTMLElement | null>(null)
  const { toast } = useToast()
  const id = useId()

  const signUp = useMutation({
    mutationFn: ({ payload, trap }: { payload: SubscribePayload; trap: string }) => subscribe(payload, trap),
    // docs/fan-site-rules.md §8: a failed sign-up is not retried (a repeat could also trip the rate limit).
    retry: false,
    onSuccess: (result) => {
      trackEvent('newsletter_signup', 'form_submit')
      popupMemory.markSignedUp()
      setValues(EMPTY)
      setHoneypot('')
      setOpen(false)
      toast({ title: 'Thanks for signing up!', description: result.message })
    },
    onError: (error) => {
      // docs/fan-site-rules.md §8 logs the failure to the console; docs/fan-site-rules.md §10 also tells the visitor.
      console.error('Newsletter signup failed:', error)
      toast({ title: 'Sign-up failed', description: messageOf(error), variant: 'error' })
    },
  })

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    // docs/fan-site-rules.md §5: a submission with an empty field is ignored.
    if (signUp.isPending || hasEmptyField(values)) return
    signUp.mutate({ payload: { ...values }, trap: honeypot })
  }

  /** What ties a field to the form's state: its id, name, value and change handler. */
  const bound = (name: keyof SubscribePayload) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  })

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay newsletter-popup__overlay" />
        <Dialog.Content
          className="modal-panel newsletter-popup"
          onOpenAutoFocus={(event) => {
            // There is no Dialog.Trigger (links, the URL or a timer open it), so remember what had focus.
            returnFocusRef.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null
            event.preventDefault()
            firstNameRef.current?.focus()
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocusRef.current
            returnFocusRef.current = null
            if (target?.isConnected && target !== document.body) {
              event.preventDefault()
              target.focus()
            }
          }}
        >
          <Dialog.Title className="newsletter-popup__title">{settings.title}</Dialog.Title>
          <Dialog.Description className="newsletter-popup__text">{settings.text}</Dialog.Description>
          <form className="newsletter-popup__form" onSubmit={onSubmit}>
            <div className="newsletter-popup__row">
              <SignUpField
                label="First Name"
                type="text"
                autoComplete="given-name"
                ref={firstNameRef}
                {...bound('firstName')}
              />
              <SignUpField label="Last Name" type="text" autoComplete="family-name" {...bound('lastName')} />
            </div>
            <SignUpField
              label="Email Address"
              type="email"
              autoComplete="email"
              inputMode="email"
              {...bound('email')}
            />
            {/* The honeypot: invisible to people and screen readers, skipped by keyboard, filled by bots. */}
            <div className="newsletter-popup__trap" aria-hidden="true">
              <label htmlFor={`${id}-trap`}>Website</label>
              <input
                id={`${id}-trap`}
                name={HONEYPOT_FIELD}
                type="text"
                tabIndex={-1}
                autoComplete="off"
                value={honeypot}
                onChange={(event) => setHoneypot(event.target.value)}
              />
            </div>
            <p className="newsletter-popup__consent">{consentText(bandName)}</p>
            {/* The modal dialog hides the page (toasts included) from screen readers, so say it here too. */}
            {signUp.isError ? (
              <p className="newsletter-popup__error" role="alert">
                Sign-up failed: {messageOf(signUp.error)}
              </p>
            ) : null}
            <button type="submit" className="newsletter-popup__submit" disabled={signUp.isPending}>
              {signUp.isPending ? 'Signing Up...' : 'Sign Up'}
            </button>
          </form>
          <Dialog.Close className="newsletter-popup__close" aria-label="Close">
            <span aria-hidden="true">×</span>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
