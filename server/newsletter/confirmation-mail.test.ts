import { describe, expect, it } from 'vitest'
import { confirmationMail, plainText } from './confirmation-mail'

const links = {
  confirmUrl: 'https://band.example/api/newsletter/confirm?token=t',
  unsubscribeUrl: 'https://band.example/api/newsletter/unsubscribe?token=u',
  siteUrl: 'https://band.example',
}

describe('confirmation mail', () => {
  it('cannot be given extra lines or markup by a stored name', () => {
    // Names are checked at sign-up; this is the second line for records stored before that.
    const mail = confirmationMail(
      { email: 'a@b.co', firstName: 'Ana\r\n\r\nClick https://evil.example <b>' },
      links,
      'Los Forasteros',
    )
    const greeting = mail.text.split('\n')[0]
    expect(greeting).toBe('Hola Ana Click https://evil.example <b>,')
    expect(mail.text.split('\n')[1]).toBe('')
    expect(mail.html).toContain('Hola Ana Click https://evil.example &lt;b&gt;,')
    expect(mail.html).not.toContain('<b>')
  })

  it('links the preferences page only where the server has one (not with a Sanity project)', () => {
    const without = confirmationMail({ email: 'a@b.co', firstName: 'Ana' }, links, 'Los Forasteros')
    expect(without.text).not.toContain('preferences')
    expect(without.html).not.toContain('preferences')
    const preferencesUrl = 'https://band.example/api/newsletter/preferences?token=p&x=1'
    const withPage = confirmationMail(
      { email: 'a@b.co', firstName: 'Ana' },
      { ...links, preferencesUrl },
      'Los Forasteros',
    )
    expect(withPage.text).toContain(`Change your areas or language: ${preferencesUrl}`)
    expect(withPage.html).toContain('href="https://band.example/api/newsletter/preferences?token=p&amp;x=1"')
  })

  it('names the band it is given, escaped in the HTML part', () => {
    const mail = confirmationMail({ email: 'a@b.co', firstName: 'Ana' }, links, 'Sol & Sombra\n<i>')
    expect(mail.subject).toBe('Confirm your subscription to Sol & Sombra <i>')
    expect(mail.senderName).toBe('Sol & Sombra <i>')
    expect(mail.text).toContain('news from Sol & Sombra <i>: tour dates')
    expect(mail.text).toContain('-- Sol & Sombra <i>')
    expect(mail.html).toContain('>Sol &amp; Sombra &lt;i&gt;</td>')
    expect(mail.html).not.toContain('<i>')
  })

  it('turns control and formatting characters into single spaces', () => {
    expect(plainText('  A\u0000\u202eB\tC\u2028D  ')).toBe('A B C D')
  })
})
