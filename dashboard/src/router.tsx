// A small history router: paths under /dashboard, links that are real anchors (open in a new
// tab, keyboard, screen readers), and navigation without a page load.
import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react'

export const BASE = '/dashboard'
const EVENT = 'dsp:navigate'

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange)
  window.addEventListener(EVENT, onChange)
  return () => {
    window.removeEventListener('popstate', onChange)
    window.removeEventListener(EVENT, onChange)
  }
}

/** The path inside the dashboard: '/', '/keys', '/checkout/topup_…'. */
export function currentPath(): string {
  const p = window.location.pathname
  const inner = p.startsWith(BASE) ? p.slice(BASE.length) : p
  return inner === '' ? '/' : inner.replace(/\/+$/, '') || '/'
}

export function usePath(): string {
  return useSyncExternalStore(subscribe, currentPath)
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const target = BASE + (to === '/' ? '/' : to)
  if (options.replace) window.history.replaceState(null, '', target)
  else window.history.pushState(null, '', target)
  window.dispatchEvent(new Event(EVENT))
}

export function Link({
  to,
  children,
  ...rest
}: { to: string; children: ReactNode } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
    e.preventDefault()
    navigate(to)
  }
  return (
    <a href={BASE + to} onClick={onClick} {...rest}>
      {children}
    </a>
  )
}
