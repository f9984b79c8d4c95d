import { type AnchorHTMLAttributes, startTransition, useContext, useEffect } from 'react';
import { UNSAFE_NavigationContext, useNavigate } from 'react-router';

/** Marks the anchors `AppLinkNavigation` turns into client navigations (the attribute AppLink writes). */
const APP_LINK = 'data-app-link';

/**
 * A link to a page of this site by its absolute path (`/properties?city=Pune`), written as a plain
 * anchor: one listener for the whole document (`AppLinkNavigation`) makes its click a client
 * navigation, as React Router's `<Link>` does with a dozen hooks in every link, which resolve its
 * path against the route matches on every render (65 links were 7 % of a home page's render on
 * the server). Relative paths, `state`, `replace` and active styles (`NavLink`) stay with React
 * Router's links; before hydration, and for any click the listener leaves alone, the anchor is a
 * link the browser follows.
 */
export function AppLink({ to, ...anchor }: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string }) {
  // The rest is this render's own object, so the link's two attributes go onto it: written as
  // `{...anchor, href, data-app-link}`, a new object with them added after the spread, they cost
  // some 3 µs a link on the server (65 links rendered in 270–430 µs, now 100–150; session 40).
  const attributes: AnchorHTMLAttributes<HTMLAnchorElement> & { [APP_LINK]?: string } = anchor;
  attributes.href = to;
  attributes[APP_LINK] = '';
  return <a {...attributes} />;
}

/**
 * What React Router's `<Link>` does on a click, for every `AppLink` of the page: a plain left
 * click on a link opening in this tab navigates within the app, and to the page already shown
 * replaces its history entry rather than adding one. Clicks a handler already took, with a
 * modifier key (a new tab or window), other buttons, downloads and other origins are the browser's.
 */
export function AppLinkNavigation() {
  const navigate = useNavigate();
  const { useTransitions } = useContext(UNSAFE_NavigationContext) as { useTransitions?: boolean };
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = event.target instanceof Element ? event.target.closest(`a[${APP_LINK}]`) : null;
      if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      const to = `${url.pathname}${url.search}${url.hash}`;
      const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      const go = () => void navigate(to, { replace: to === here });
      if (useTransitions) startTransition(go);
      else go();
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate, useTransitions]);
  return null;
}
