/**
 * Every setting key the server knows, with the value used until an operator sets one.
 * Values are strings as stored; flags are "1"/"0" (api-contract "Per-call notes").
 */
export const DEFAULT_SETTINGS: Record<string, string> = {
  company_name: 'Ghar Bazaar',
  company_email: 'hello@gharbazaar.example',
  company_tel1: '+91 22 4000 1234',
  company_tel2: '',
  company_address: '',
  currency_code: 'USD',
  currency_name: 'US Dollar',
  currency_symbol: '$',
  number_with_suffix: '1',
  svg_clr: '1',
  system_color: '#0f766e',
  web_logo: '',
  web_footer_logo: '',
  web_placeholder_logo: '',
  favicon_icon: '',
  appstore_id: '',
  playstore_id: '',
  stripe_publishable_key: '',
  verification_required_for_user: '0',
  auto_approve: '0',
  web_maintenance_mode: '0',
  email_password_login: '1',
  number_with_otp_login: '1',
  social_login: '0',
  min_price: '0',
  max_price: '1000000000',
  default_language: 'en',
  about_us: '',
  terms_conditions: '',
  privacy_policy: '',
  facebook_id: '',
  instagram_id: '',
  twitter_id: '',
  youtube_id: '',
  latitude: '',
  longitude: '',
  seo_title: '',
  seo_description: '',
  // Colours the original web client paints category cards and sale / rent badges with.
  category_background: '#ecfdf5',
  sell_web_color: '#0f766e',
  rent_web_color: '#b45309',
  sell_web_background_color: '#ccfbf1',
  rent_web_background_color: '#fef3c7',
  /** "1" shows a cookie notice; the web app keeps its session in local storage and sets no cookies. */
  allow_cookies: '0',
  /** An embeddable map of the company's address (contact page), e.g. an OpenStreetMap embed URL. */
  iframe_link: '',
  /** "1" makes the original clients read-only for a public demo. */
  demo_mode: '0',
  /** The server sends and checks one-time codes itself (get-otp / verify-otp), not Firebase. */
  otp_service_provider: 'twilio',
  /** Distances to facilities: "km" or "mi". */
  distance_option: 'km',
  paystack_public_key: '',
  /** Who messages from the platform come from (chat with the admin); empty means the company's name and logo. */
  admin_name: '',
  admin_image: '',
  /** The package (its id) every new account gets at sign-up, e.g. a free plan; empty gives none. */
  signup_package_id: '',
  /** The Web Push (VAPID) key browsers subscribe with; made at first start (the private half is never answered). */
  vapid_public_key: '',
};

/** Settings holding media keys, answered as absolute URLs. */
export const MEDIA_SETTINGS = ['web_logo', 'web_footer_logo', 'web_placeholder_logo', 'favicon_icon', 'admin_image'] as const;

/** Settings never sent to clients. */
export const PRIVATE_SETTINGS = new Set(['currency_code', 'currency_name', 'demo_seeded_at', 'signup_package_id', 'sandbox_webhook_secret', 'vapid_private_key', 'mail_from', 'twilio_from']);

/** Whether a stored setting stays on the server: the private ones, and every sealed secret (`secret.…`, the console's). */
export const isPrivateSetting = (key: string): boolean => PRIVATE_SETTINGS.has(key) || key.startsWith('secret.');
