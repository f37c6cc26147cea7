import { describe, expect, it } from 'vitest'
import { EnvError, parseEnv } from './env'

describe('parseEnv', () => {
  it('applies defaults', () => {
    expect(parseEnv({})).toMatchObject({ NODE_ENV: 'development', PORT: 3000, DATA_DIR: './data' })
  })

  it('treats empty strings as unset', () => {
    const env = parseEnv({ PORT: '', GA_MEASUREMENT_ID: '' })
    expect(env.PORT).toBe(3000)
    expect(env.GA_MEASUREMENT_ID).toBeUndefined()
  })

  it('lists every bad key at once', () => {
    try {
      parseEnv({ PORT: 'abc', NODE_ENV: 'staging', GA_MEASUREMENT_ID: 'UA-1', SITE_URL: 'ftp://x' })
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError)
      const keys = (error as EnvError).problems.map((p) => p.split(':')[0])
      expect(keys.sort()).toEqual(['GA_MEASUREMENT_ID', 'NODE_ENV', 'PORT', 'SITE_URL'])
    }
  })

  it('reads the HTTPS and Sanity settings', () => {
    expect(parseEnv({})).toMatchObject({ HTTPS_PORT: 3443 })
    expect(
      parseEnv({ HTTPS_PORT: '0', SANITY_PROJECT_ID: 'abc123', SANITY_DATASET: 'staging' }),
    ).toMatchObject({
      HTTPS_PORT: 0,
      SANITY_PROJECT_ID: 'abc123',
      SANITY_DATASET: 'staging',
    })
  })

  it('needs both TLS_CERT and TLS_KEY', () => {
    expect(() => parseEnv({ TLS_CERT: '/etc/tls/cert.pem' })).toThrow(/TLS_KEY: set both/)
    expect(parseEnv({ TLS_CERT: 'c.pem', TLS_KEY: 'k.pem' })).toMatchObject({
      TLS_CERT: 'c.pem',
      TLS_KEY: 'k.pem',
    })
  })
})

describe('parseEnv: newsletter settings', () => {
  it('defaults the rate limit and sender, and leaves storage and mail off', () => {
    const env = parseEnv({})
    expect(env).toMatchObject({
      NEWSLETTER_RATE_LIMIT: 5,
      // A bare address: mail is sent with the band's name from the site settings (ADR 074).
      MAIL_FROM: 'newsletter@example.com',
    })
    expect(env.DATABASE_URL).toBeUndefined()
    expect(env.SMTP_URL).toBeUndefined()
  })

  it('rejects bad URLs, short secrets and a zero rate limit', () => {
    try {
      parseEnv({
        DATABASE_URL: 'mysql://x/y',
        SMTP_URL: 'http://mail',
        NEWSLETTER_RATE_LIMIT: '0',
        NEWSLETTER_SECRET: 'short',
        NEWSLETTER_ADMIN_TOKEN: 'short',
      })
      expect.unreachable()
    } catch (error) {
      const keys = (error as EnvError).problems.map((p) => p.split(':')[0])
      expect(keys.sort()).toEqual([
        'DATABASE_URL',
        'NEWSLETTER_ADMIN_TOKEN',
        'NEWSLETTER_RATE_LIMIT',
        'NEWSLETTER_SECRET',
        'SMTP_URL',
      ])
    }
  })

  it('requires SITE_URL for mail in production, so links never come from a forged Host header', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', SMTP_URL: 'smtp://localhost:25' })).toThrow(/SITE_URL/)
    expect(
      parseEnv({ NODE_ENV: 'production', SMTP_URL: 'smtp://localhost:25', SITE_URL: 'https://example.com' })
        .SMTP_URL,
    ).toBe('smtp://localhost:25')
  })
})
