import { describe, expect, it } from 'vitest'
import { consentText } from './subscribe-schema'

describe('the consent text shown under the sign-up form and stored with each sign-up', () => {
  it('names every kind of mail the fan will receive, the show alerts of their area included', () => {
    const text = consentText('Los Forasteros')
    expect(text).toContain('e-mails from Los Forasteros')
    expect(text).toMatch(/performances, releases and exclusive content/)
    expect(text).toMatch(/a show is announced in the area you choose/)
    expect(text).toMatch(/anywhere if you choose Everywhere/)
    expect(text).toMatch(/change your area or unsubscribe at any time/)
  })
})
