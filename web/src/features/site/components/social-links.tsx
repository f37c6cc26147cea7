import { Tooltip, TooltipGroup } from '../../../components/ui/tooltip'
import { safeLinkUrl } from '../../../lib/safe-url'
import type { SiteSettings } from '../api/get-site-settings'
import { SocialIcon } from './social-icon'
import { useMessages } from '../../../lib/i18n/messages'
import './social-links.css'

const PLATFORM_NAMES: Record<string, string> = {
  instagram: 'Instagram',
  youtube: 'YouTube',
  facebook: 'Facebook',
  spotify: 'Spotify',
  tiktok: 'TikTok',
  bandcamp: 'Bandcamp',
}

export function platformName(platform: string): string {
  return PLATFORM_NAMES[platform.toLowerCase()] ?? platform
}

/** The row of social links: icon links named "<band> on <network>", with the network's name as a tooltip. */
export function SocialLinks({ settings }: { settings: SiteSettings | null }) {
  const { social } = useMessages()
  const links = (settings?.socialLinks ?? [])
    .map((link) => ({ ...link, url: safeLinkUrl(link.url) }))
    .filter((link) => link.platform && link.url)
  if (links.length === 0) return null
  const bandName = settings?.bandName ?? ''
  return (
    <section id="social" className="social-links" aria-label={social.label}>
      <TooltipGroup>
        <ul className="social-links__list">
          {links.map((link) => {
            const name = platformName(link.platform!)
            return (
              <li key={link._key}>
                <Tooltip content={name}>
                  <a
                    className="social-links__link"
                    href={link.url!}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={social.on(bandName, name)}
                  >
                    <SocialIcon platform={link.platform!} />
                  </a>
                </Tooltip>
              </li>
            )
          })}
        </ul>
      </TooltipGroup>
    </section>
  )
}
