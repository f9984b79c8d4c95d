import { type RouteConfig, index, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('properties', 'routes/properties.tsx'),
  route('properties-details/:slug', 'routes/property-detail.tsx'),
  route('login', 'routes/login.tsx'),
  route('signup', 'routes/signup.tsx'),
  route('forgot-password', 'routes/forgot-password.tsx'),
  route('user/profile', 'routes/user/profile.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
