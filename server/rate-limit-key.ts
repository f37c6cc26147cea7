/**
 * The key one client is counted under, from its address (`req.ip`): the newsletter's sign-up limit and the content
 * engine's per-client query cap (ADR 080) both use it, so it lives beside neither. IPv6 clients usually own a
 * whole /64, so they are counted per /64 rather than per address.
 */
export function rateLimitKey(ip: string | undefined): string {
  if (!ip) return 'unknown'
  if (ip.startsWith('::ffff:') && ip.includes('.')) return ip.slice(7)
  if (!ip.includes(':')) return ip
  const [head = '', tail] = ip.split('%')[0]!.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
  const prefix = groups.slice(0, 4).map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
  return `${prefix.join(':')}::/64`
}
