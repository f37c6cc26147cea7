import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { BrowserRouter } from './browser-router'
import { Link } from './link'
import { useLocation, useNavigate, useParams, useSearchParams } from './router-context'
import { StaticRouter } from './static-router'
import { Outlet, useRoutes } from './use-routes'
import type { NavigateFunction } from './router-context'

function Where() {
  const location = useLocation()
  const [params] = useSearchParams()
  return (
    <p data-testid="where">
      {location.pathname}|{location.search}|{location.hash}|{JSON.stringify(location.state)}|
      {params.get('page')}
    </p>
  )
}

function NavigateButton({ go }: { go: (navigate: NavigateFunction) => void }) {
  const navigate = useNavigate()
  return <button onClick={() => go(navigate)}>go</button>
}

function Post() {
  return <p data-testid="post">{useParams().slug}</p>
}

function Routes() {
  return useRoutes([
    {
      element: (
        <main>
          <Outlet />
        </main>
      ),
      children: [
        { index: true, element: <p data-testid="home">home</p> },
        { path: 'news/:slug', element: <Post /> },
      ],
    },
  ])
}

const where = () => screen.getByTestId('where').textContent

afterEach(() => window.history.replaceState(null, '', '/'))

describe('BrowserRouter', () => {
  it('navigates on a plain click, pushing an entry, and leaves modified clicks to the browser', async () => {
    window.history.replaceState(null, '', '/')
    render(
      <BrowserRouter>
        <Where />
        <Link to="/news/first">first</Link>
        <Routes />
      </BrowserRouter>,
    )
    expect(screen.getByTestId('home')).toBeInTheDocument()
    const length = window.history.length
    const link = screen.getByRole('link', { name: 'first' })
    expect(link).toHaveAttribute('href', '/news/first')
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true)
    expect(window.location.pathname).toBe('/')
    await act(async () => {
      fireEvent.click(link)
    })
    expect(window.location.pathname).toBe('/news/first')
    expect(window.history.length).toBe(length + 1)
    expect(screen.getByTestId('post')).toHaveTextContent('first')
  })

  it('replaces with state, keeps it in history.state, and follows popstate from the address bar', async () => {
    window.history.replaceState(null, '', '/?page=2')
    render(
      <BrowserRouter>
        <Where />
        <NavigateButton
          go={(navigate) =>
            navigate(
              { pathname: '/', search: '?media=a', hash: '#media' },
              { replace: true, state: { x: 1 } },
            )
          }
        />
      </BrowserRouter>,
    )
    expect(where()).toBe('/|?page=2||null|2')
    const length = window.history.length
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'go' }))
    })
    expect(window.history.length).toBe(length)
    expect(where()).toBe('/|?media=a|#media|{"x":1}|')
    expect((window.history.state as { usr: unknown }).usr).toEqual({ x: 1 })
    await act(async () => {
      window.history.pushState(window.history.state, '', '/news')
      window.dispatchEvent(new PopStateEvent('popstate'))
    })
    expect(where()).toBe('/news|||{"x":1}|')
  })

  it('resolves a link with only a query against the current page', () => {
    render(
      <StaticRouter location="/shows/past?page=2">
        <Link to={{ search: '?newsletter=true' }}>join</Link>
        <Where />
      </StaticRouter>,
    )
    expect(screen.getByRole('link', { name: 'join' })).toHaveAttribute('href', '/shows/past?newsletter=true')
    expect(where()).toBe('/shows/past|?page=2||null|2')
  })
})
