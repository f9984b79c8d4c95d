/** Settings of the server that the web app's pages may see (and show to the browser). */
export interface PublicWebConfig {
  /** Raster tiles for the maps (MAP_TILE_URL); when set they win over the style. */
  mapTileUrl?: string;
  mapTileAttribution?: string;
  /** A MapLibre style JSON for the maps (MAP_STYLE_URL), absent when turned off. */
  mapStyleUrl?: string;
  /** The credit shown for that style; absent, the style's own sources carry it. */
  mapStyleAttribution?: string;
  /** Google sign-in on the web: the OAuth client and Google's authorisation endpoint. */
  googleClientId?: string;
  googleAuthUrl?: string;
}
