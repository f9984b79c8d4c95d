import { type RouteConfig, index, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  // The home page's lower sections, loaded when a visitor nears them.
  route('home-sections', 'routes/home-sections.ts'),
  route('properties', 'routes/properties.tsx'),
  route('properties-details/:slug', 'routes/property-detail.tsx'),
  route('login', 'routes/login.tsx'),
  route('signup', 'routes/signup.tsx'),
  route('forgot-password', 'routes/forgot-password.tsx'),
  route('auth/google', 'routes/google-callback.tsx'),
  route('user/profile', 'routes/user/profile.tsx'),
  route('user/favourites', 'routes/user/favourites.tsx'),
  route('user/notifications', 'routes/user/notifications.tsx'),
  route('user/favourites/compare', 'routes/user/compare.tsx'),
  route('user/verification', 'routes/user/verification.tsx'),
  route('user/preferences', 'routes/user/preferences.tsx'),
  route('user/alerts', 'routes/user/alerts.tsx'),
  // Spec §2 "Add a property", and the edit of one's own: one module, two paths.
  route('user/properties', 'routes/user/property-form.tsx', { id: 'add-property' }),
  route('user/edit-property/:id', 'routes/user/property-form.tsx', { id: 'edit-property' }),
  route('user/dashboard', 'routes/user/dashboard.tsx'),
  route('user/chat', 'routes/user/chat.tsx'),
  route('user/add-project', 'routes/user/project-form.tsx', { id: 'add-project' }),
  route('user/edit-project/:id', 'routes/user/project-form.tsx', { id: 'edit-project' }),
  route('my-property/:slug', 'routes/my-property.tsx'),
  // Spec §2 "Plans and payment": the plans, then one payment's checkout, progress and result.
  route('subscription-plan', 'routes/subscription-plan.tsx'),
  route('subscription-plan/checkout/:paymentId', 'routes/checkout.tsx'),
  route('user/payments', 'routes/user/payments.tsx'),
  route('user/advertisement', 'routes/user/advertisements.tsx'),
  // The admin console (issue 16): one layout guarding every section; each section its own module.
  route('admin', 'routes/admin/layout.tsx', [
    index('routes/admin/dashboard.tsx'),
    route('listings', 'routes/admin/listings.tsx'),
    route('listings/:kind/:slug', 'routes/admin/listing-preview.tsx'),
    route('audit', 'routes/admin/audit.tsx'),
  ]),
  route('projects', 'routes/projects.tsx'),
  route('project-details/:slug', 'routes/project-detail.tsx'),
  route('articles', 'routes/articles.tsx'),
  route('article-details/:slug', 'routes/article-detail.tsx'),
  route('agents', 'routes/agents.tsx'),
  route('agent-details/:slug', 'routes/agent-detail.tsx'),
  route('cities', 'routes/cities.tsx'),
  route('faqs', 'routes/faqs.tsx'),
  route('contact-us', 'routes/contact.tsx'),
  // One module for the operator's three pages: the path picks the settings field.
  route('about-us', 'routes/content-page.tsx', { id: 'about-us' }),
  route('terms-and-conditions', 'routes/content-page.tsx', { id: 'terms-and-conditions' }),
  route('privacy-policy', 'routes/content-page.tsx', { id: 'privacy-policy' }),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
