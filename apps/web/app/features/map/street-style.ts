import type { StyleSpecification } from 'maplibre-gl';

/** How long a map waits for the street style before it shows the bundled outline instead. */
export const STYLE_TIMEOUT_MS = 4000;

const styles = new Map<string, Promise<StyleSpecification | null>>();

function isStyle(value: unknown): value is StyleSpecification {
  const style = value as StyleSpecification | null;
  return !!style && style.version === 8 && typeof style.sources === 'object' && !!style.sources && Array.isArray(style.layers);
}

/**
 * The street map's style JSON, or null when it cannot be had in time (offline, blocked, an error
 * answer, not a style). Asked once per page: every map of the page shares the answer, and
 * `LazyMap` starts the request while MapLibre itself is still downloading.
 */
export function loadStreetStyle(url: string): Promise<StyleSpecification | null> {
  let style = styles.get(url);
  if (!style) {
    style = fetch(url, { signal: AbortSignal.timeout(STYLE_TIMEOUT_MS), credentials: 'omit' })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: unknown) => (isStyle(body) ? body : null))
      .catch(() => null);
    styles.set(url, style);
  }
  return style;
}

/** Tiles that fail before any has loaded (or none arrive in time) make the map fall back too. */
export function markStreetMapUnavailable(url: string) {
  styles.set(url, Promise.resolve(null));
}
