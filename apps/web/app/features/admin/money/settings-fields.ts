import type { AdminSettings } from '@estate/core';

export type SettingKind = 'text' | 'flag' | 'colour' | 'secret' | 'distance';

export interface SettingField {
  key: string;
  kind: SettingKind;
  label: readonly [key: string, english: string];
}

export interface SettingSection {
  id: string;
  title: readonly [key: string, english: string];
  fields: SettingField[];
}

/** The settings form's sections, in order; labels are `[key, English]` pairs for `t`. */
export const SETTING_SECTIONS: SettingSection[] = [
  {
    id: 'company',
    title: ['adminSetCompany', 'Company and contact'], // t
    fields: [
      {
        key: 'company_name',
        kind: 'text',
        label: ['adminSetCompanyName', 'Company name'], // t
      },
      {
        key: 'company_email',
        kind: 'text',
        label: ['adminSetCompanyEmail', 'Contact e-mail'], // t
      },
      {
        key: 'company_tel1',
        kind: 'text',
        label: ['adminSetTel1', 'Phone'], // t
      },
      {
        key: 'company_tel2',
        kind: 'text',
        label: ['adminSetTel2', 'Second phone'], // t
      },
      {
        key: 'company_address',
        kind: 'text',
        label: ['adminSetAddress', 'Address'], // t
      },
      {
        key: 'admin_name',
        kind: 'text',
        label: ['adminSetAdminName', 'Name on messages from the platform'], // t
      },
    ],
  },
  {
    id: 'currency',
    title: ['adminSetCurrency', 'Currency and numbers'], // t
    fields: [
      {
        key: 'currency_code',
        kind: 'text',
        label: ['adminSetCurrencyCode', 'Currency code (ISO 4217, e.g. INR)'], // t
      },
      {
        key: 'currency_name',
        kind: 'text',
        label: ['adminSetCurrencyName', 'Currency name'], // t
      },
      {
        key: 'currency_symbol',
        kind: 'text',
        label: ['adminSetCurrencySymbol', 'Currency symbol'], // t
      },
      {
        key: 'number_with_suffix',
        kind: 'flag',
        label: ['adminSetSuffix', 'Short prices with a suffix (1.2M, 3.4K)'], // t
      },
      {
        key: 'min_price',
        kind: 'text',
        label: ['adminSetMinPrice', 'Lowest price in filters'], // t
      },
      {
        key: 'max_price',
        kind: 'text',
        label: ['adminSetMaxPrice', 'Highest price in filters'], // t
      },
      {
        key: 'distance_option',
        kind: 'distance',
        label: ['adminSetDistance', 'Distances in'], // t
      },
    ],
  },
  {
    id: 'colours',
    title: ['adminSetColours', 'Colours'], // t
    fields: [
      {
        key: 'system_color',
        kind: 'colour',
        label: ['adminSetSystemColor', 'Site colour'], // t
      },
      {
        key: 'category_background',
        kind: 'colour',
        label: ['adminSetCategoryBg', 'Category card background'], // t
      },
      {
        key: 'sell_web_color',
        kind: 'colour',
        label: ['adminSetSellColor', 'Sale badge text'], // t
      },
      {
        key: 'sell_web_background_color',
        kind: 'colour',
        label: ['adminSetSellBg', 'Sale badge background'], // t
      },
      {
        key: 'rent_web_color',
        kind: 'colour',
        label: ['adminSetRentColor', 'Rent badge text'], // t
      },
      {
        key: 'rent_web_background_color',
        kind: 'colour',
        label: ['adminSetRentBg', 'Rent badge background'], // t
      },
    ],
  },
  {
    id: 'behaviour',
    title: ['adminSetBehaviour', 'How the site works'], // t
    fields: [
      {
        key: 'web_maintenance_mode',
        kind: 'flag',
        label: ['adminSetMaintenance', 'Maintenance mode (visitors see a maintenance page; administrators keep working)'], // t
      },
      {
        key: 'auto_approve',
        kind: 'flag',
        label: ['adminSetAutoApprove', 'Approve new listings automatically'], // t
      },
      {
        key: 'verification_required_for_user',
        kind: 'flag',
        label: ['adminSetVerificationRequired', 'Owners must be verified to list'], // t
      },
      {
        key: 'email_password_login',
        kind: 'flag',
        label: ['adminSetEmailLogin', 'Log-in with e-mail and password'], // t
      },
      {
        key: 'number_with_otp_login',
        kind: 'flag',
        label: ['adminSetOtpLogin', 'Log-in with a phone code'], // t
      },
      {
        key: 'social_login',
        kind: 'flag',
        label: ['adminSetSocialLogin', 'Log-in with Google'], // t
      },
      {
        key: 'allow_cookies',
        kind: 'flag',
        label: ['adminSetCookies', 'Show the cookie notice'], // t
      },
      {
        key: 'svg_clr',
        kind: 'flag',
        label: ['adminSetSvgColour', 'Colour category icons with the site colour'], // t
      },
      {
        key: 'demo_mode',
        kind: 'flag',
        label: ['adminSetDemoMode', 'Demo mode (the apps are read-only)'], // t
      },
    ],
  },
  {
    id: 'apps',
    title: ['adminSetApps', 'Apps and social links'], // t
    fields: [
      {
        key: 'appstore_id',
        kind: 'text',
        label: ['adminSetAppStore', 'App Store link or id'], // t
      },
      {
        key: 'playstore_id',
        kind: 'text',
        label: ['adminSetPlayStore', 'Google Play link or id'], // t
      },
      {
        key: 'facebook_id',
        kind: 'text',
        label: ['adminSetFacebook', 'Facebook page'], // t
      },
      {
        key: 'instagram_id',
        kind: 'text',
        label: ['adminSetInstagram', 'Instagram'], // t
      },
      {
        key: 'twitter_id',
        kind: 'text',
        label: ['adminSetTwitter', 'X (Twitter)'], // t
      },
      {
        key: 'youtube_id',
        kind: 'text',
        label: ['adminSetYoutube', 'YouTube'], // t
      },
    ],
  },
  {
    id: 'location',
    title: ['adminSetLocation', 'Location, maps and search engines'], // t
    fields: [
      {
        key: 'latitude',
        kind: 'text',
        label: ['adminSetLatitude', 'Map centre latitude'], // t
      },
      {
        key: 'longitude',
        kind: 'text',
        label: ['adminSetLongitude', 'Map centre longitude'], // t
      },
      {
        key: 'iframe_link',
        kind: 'text',
        label: ['adminSetIframe', 'Map on the contact page (https embed URL)'], // t
      },
      {
        key: 'google_maps_api_key',
        kind: 'secret',
        label: ['adminSetMapsKey', 'Google Maps API key (geocoding)'], // t
      },
      {
        key: 'default_language',
        kind: 'text',
        label: ['adminSetDefaultLanguage', 'Default language code'], // t
      },
      {
        key: 'signup_package_id',
        kind: 'text',
        label: ['adminSetSignupPackage', 'Package id given at sign-up (empty for none)'], // t
      },
      {
        key: 'seo_title',
        kind: 'text',
        label: ['adminSetSeoTitle', 'Search engine title'], // t
      },
      {
        key: 'seo_description',
        kind: 'text',
        label: ['adminSetSeoDescription', 'Search engine description'], // t
      },
    ],
  },
  {
    id: 'mail',
    title: ['adminSetMail', 'Mail and SMS'], // t
    fields: [
      {
        key: 'smtp_url',
        kind: 'secret',
        label: ['adminSetSmtp', 'SMTP URL (smtp://user:password@host:587)'], // t
      },
      {
        key: 'mail_from',
        kind: 'text',
        label: ['adminSetMailFrom', 'Mail sender'], // t
      },
      {
        key: 'twilio_account_sid',
        kind: 'secret',
        label: ['adminSetTwilioSid', 'Twilio account SID'], // t
      },
      {
        key: 'twilio_auth_token',
        kind: 'secret',
        label: ['adminSetTwilioToken', 'Twilio auth token'], // t
      },
      {
        key: 'twilio_from',
        kind: 'text',
        label: ['adminSetTwilioFrom', 'Twilio sender number'], // t
      },
    ],
  },
  {
    id: 'payments',
    title: ['adminSetPayments', 'Payment providers'], // t
    fields: [
      {
        key: 'stripe_publishable_key',
        kind: 'secret',
        label: ['adminSetStripePk', 'Stripe publishable key'], // t
      },
      {
        key: 'stripe_secret_key',
        kind: 'secret',
        label: ['adminSetStripeSk', 'Stripe secret key'], // t
      },
      {
        key: 'stripe_webhook_secret',
        kind: 'secret',
        label: ['adminSetStripeWh', 'Stripe webhook signing secret'], // t
      },
      {
        key: 'paypal_client_id',
        kind: 'secret',
        label: ['adminSetPaypalId', 'PayPal client id'], // t
      },
      {
        key: 'paypal_client_secret',
        kind: 'secret',
        label: ['adminSetPaypalSecret', 'PayPal client secret'], // t
      },
      {
        key: 'paypal_webhook_id',
        kind: 'secret',
        label: ['adminSetPaypalWh', 'PayPal webhook id'], // t
      },
      {
        key: 'razorpay_key_id',
        kind: 'secret',
        label: ['adminSetRazorpayId', 'Razorpay key id'], // t
      },
      {
        key: 'razorpay_key_secret',
        kind: 'secret',
        label: ['adminSetRazorpaySecret', 'Razorpay key secret'], // t
      },
      {
        key: 'razorpay_webhook_secret',
        kind: 'secret',
        label: ['adminSetRazorpayWh', 'Razorpay webhook secret'], // t
      },
      {
        key: 'paystack_public_key',
        kind: 'secret',
        label: ['adminSetPaystackPk', 'Paystack public key'], // t
      },
      {
        key: 'paystack_secret_key',
        kind: 'secret',
        label: ['adminSetPaystackSk', 'Paystack secret key'], // t
      },
      {
        key: 'flutterwave_public_key',
        kind: 'secret',
        label: ['adminSetFlutterwavePk', 'Flutterwave public key'], // t
      },
      {
        key: 'flutterwave_secret_key',
        kind: 'secret',
        label: ['adminSetFlutterwaveSk', 'Flutterwave secret key'], // t
      },
      {
        key: 'flutterwave_webhook_hash',
        kind: 'secret',
        label: ['adminSetFlutterwaveHash', 'Flutterwave webhook hash'], // t
      },
    ],
  },
];

/** The pictures, uploaded one at a time. */
export const MEDIA_FIELDS: { key: keyof AdminSettings['media'] & string; label: readonly [string, string] }[] = [
  {
    key: 'web_logo',
    label: ['adminSetLogo', 'Logo'], // t
  },
  {
    key: 'web_footer_logo',
    label: ['adminSetFooterLogo', 'Footer logo'], // t
  },
  {
    key: 'web_placeholder_logo',
    label: ['adminSetPlaceholder', 'Placeholder picture'], // t
  },
  {
    key: 'favicon_icon',
    label: ['adminSetFavicon', 'Favicon'], // t
  },
  {
    key: 'admin_image',
    label: ['adminSetAdminImage', 'Picture on messages from the platform'], // t
  },
];
