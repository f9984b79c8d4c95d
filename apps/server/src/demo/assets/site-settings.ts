/** Operator settings and legal copy for the demo brand. */

export type SiteSettings = {
  companyName: string;
  tagline: string;
  address: string;
  email: string;
  phone: string;
  /** Map centre for the demo market. */
  latitude: number;
  longitude: number;
  currency: { code: 'INR'; symbol: '₹' };
  timezone: string;
  defaultLanguage: string;
  colours: { primary: string; secondary: string; accent: string };
  social: { facebook: string; instagram: string; x: string; youtube: string; linkedin: string };
  /** The demo brand's mobile apps (store identifiers; the web app's download bar links to them). */
  apps: { appStoreId: string; playStoreId: string };
  /** HTML. */
  aboutUs: string;
  /** HTML. */
  termsAndConditions: string;
  /** HTML. */
  privacyPolicy: string;
};

export const SETTINGS: SiteSettings = {
  companyName: 'Ghar Bazaar',
  tagline: 'Homes, plots and offices across India',
  address: '7th Floor, Meridian Business Centre, Bandra Kurla Complex, Bandra East, Mumbai, Maharashtra 400051',
  email: 'support@gharbazaar.example.com',
  phone: '+91 22 4000 1234',
  latitude: 19.0607,
  longitude: 72.8656,
  currency: { code: 'INR', symbol: '₹' },
  timezone: 'Asia/Kolkata',
  defaultLanguage: 'en',
  colours: { primary: '#0f766e', secondary: '#f59e0b', accent: '#1e3a5f' },
  apps: { appStoreId: '6502223456', playStoreId: 'com.gharbazaar.example' },
  social: {
    facebook: 'https://www.facebook.com/gharbazaar.example',
    instagram: 'https://www.instagram.com/gharbazaar.example',
    x: 'https://x.com/gharbazaar_example',
    youtube: 'https://www.youtube.com/@gharbazaar.example',
    linkedin: 'https://www.linkedin.com/company/gharbazaar-example',
  },
  aboutUs: `<p>Ghar Bazaar is a property marketplace for India. We bring together owners, agents and developers with people looking to buy or rent a home, a plot or a place to do business, in fourteen cities from Kochi to Chandigarh.</p>
<p>We started Ghar Bazaar because searching for a home in India still meant endless phone calls, outdated listings and photos that had little to do with the real flat. Every listing on our platform is reviewed before it goes live, agents can earn a verified badge by sharing their RERA registration, and buyers can report anything that looks wrong with a single tap.</p>
<p>Beyond listings, we publish plain-language guides on stamp duty, RERA, home loans and rental agreements, and offer tools such as the EMI calculator so that families can make decisions with confidence.</p>
<p>Our team works from Mumbai and Bengaluru. Write to us at support@gharbazaar.example.com; we read every message.</p>`,
  termsAndConditions: `<h2>1. About these terms</h2>
<p>These terms govern your use of the Ghar Bazaar website and apps. By creating an account or posting a listing you agree to them. If you use Ghar Bazaar on behalf of a business, you confirm that you are authorised to accept these terms for it.</p>
<h2>2. Listings and content</h2>
<p>You are responsible for the accuracy of the listings, photographs, prices and documents you post, and you must have the right to market the property. Agents and developers must display a valid RERA registration number where the law requires one. We may review, edit the presentation of, reject or remove any listing that is misleading, duplicated, unlawful or that breaches these terms.</p>
<h2>3. Our role</h2>
<p>Ghar Bazaar is a platform that connects users. We are not a party to any sale, lease or brokerage agreement between users and do not guarantee the title, condition or availability of any property. Verification badges confirm the identity documents we have checked; they are not an endorsement. Always inspect the property and have documents reviewed by a qualified professional before paying any money.</p>
<h2>4. Packages and payments</h2>
<p>Paid packages give access to the features and limits described at the time of purchase, for the stated duration. Prices include applicable taxes unless stated otherwise. Unused limits lapse when the package expires. Refunds are considered only where a package could not be used because of a fault on our side.</p>
<h2>5. Acceptable use</h2>
<p>You must not scrape the platform, send unsolicited messages, post another person's personal data, or use Ghar Bazaar for any fraudulent or unlawful purpose. We may suspend accounts that breach these rules.</p>
<h2>6. Liability and disputes</h2>
<p>To the extent permitted by law, our liability is limited to the amount you paid us in the twelve months before the claim. These terms are governed by the laws of India and the courts at Mumbai have exclusive jurisdiction.</p>`,
  privacyPolicy: `<h2>What we collect</h2>
<p>We collect the information you give us when you register, post a listing or contact another user: your name, email address, mobile number, profile photo and the content of your listings and messages. We also collect basic technical data such as your device type, IP address and the pages you visit, so that we can keep the service secure and improve it.</p>
<h2>How we use it</h2>
<p>We use your information to run your account, publish your listings, let buyers and tenants contact you, process payments, prevent fraud and send you service messages. With your consent we may send alerts about new properties and offers; you can turn these off at any time in your profile settings.</p>
<h2>What others can see</h2>
<p>Your name, profile photo and listings are public. Your phone number is shown only when you choose to share it or when another user starts a call from your listing. We do not sell your personal data.</p>
<h2>Sharing with service providers</h2>
<p>We share data with providers who help us operate, such as hosting, payment gateways, SMS and email delivery, under contracts that require them to protect it. We may disclose information when required by law or to protect users from fraud.</p>
<h2>Retention and your rights</h2>
<p>We keep your data for as long as your account is active and afterwards only as long as the law requires, for example for tax records. You can access, correct or delete your data from your profile, or by writing to support@gharbazaar.example.com. We handle personal data in line with India's Digital Personal Data Protection Act, 2023.</p>`,
};
