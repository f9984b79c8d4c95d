import {
  deleteUserBody,
  envelope,
  errorResponse,
  fcmBody,
  forgotPasswordQuery,
  getOtpQuery,
  registerBody,
  resetPasswordBody,
  signupBody,
  updateProfileBody,
  user,
  verifyOtpQuery,
} from '@estate/core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireViewer } from '../../platform/auth.ts';
import { contextOf, ok, type App } from '../../platform/http.ts';
import type { AccountService } from './service.ts';

const sessionAnswer = z.object({ error: z.boolean(), message: z.string(), token: z.string(), data: user });
const nothing = envelope(z.null());
const refusals = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 409: errorResponse, 429: errorResponse };
/** Per-IP limits of the account calls, times ACCOUNT_RATE_LIMIT_FACTOR (a test rig signing up many users from one address raises it). */
let factor = 1;
const perIp = (max: number, timeWindow: string) => ({ rateLimit: { max: max * factor, timeWindow } });
const clientOf = (request: FastifyRequest) => ({ ...contextOf(request), ip: request.ip, userAgent: request.headers['user-agent'] });

export async function accountRoutes(app: App, { accounts, accountRateLimitFactor = 1 }: { accounts: AccountService; accountRateLimitFactor?: number }) {
  factor = accountRateLimitFactor;
  app.post('/user-register', {
    config: perIp(10, '1 hour'),
    schema: { tags: ['accounts'], summary: 'Create an e-mail account; a code to verify the address is sent to it', body: registerBody, response: { 200: envelope(user), ...refusals } },
    handler: async (request) => ok(await accounts.register(request.body, contextOf(request)), 'Account created. Enter the code we sent to your e-mail to verify it.'),
  });

  app.post('/user_signup', {
    config: perIp(30, '15 minutes'),
    schema: { tags: ['accounts'], summary: 'Log in or sign up: type 3 e-mail and password, 1 phone (after verify-otp), 0 Google ID token', body: signupBody, response: { 200: sessionAnswer, ...refusals } },
    handler: async (request) => {
      const session = await accounts.signup(request.body, clientOf(request));
      return { error: false, message: 'User logged in successfully', ...session };
    },
  });

  app.get('/get-otp', {
    config: perIp(10, '1 hour'),
    schema: { tags: ['accounts'], summary: 'Send a 6-digit code: to an e-mail to verify it, or to a number to log in', querystring: getOtpQuery, response: { 200: nothing, ...refusals } },
    handler: async (request) => {
      await accounts.requestCode(request.query);
      return ok(null, request.query.number ? 'We sent a code to your phone.' : 'If that address has an account waiting for verification, we sent it a code.');
    },
  });

  app.get('/verify-otp', {
    config: perIp(30, '1 hour'),
    schema: {
      tags: ['accounts'],
      summary: 'Check a code: an e-mail code verifies the address and logs in; a number code answers auth_id for user_signup type 1',
      querystring: verifyOtpQuery,
      response: {
        200: z.object({ error: z.boolean(), message: z.string(), token: z.string().optional(), data: z.union([user, z.object({ auth_id: z.string() })]) }),
        ...refusals,
      },
    },
    handler: async (request) => {
      const { session, proof } = await accounts.verifyCode(request.query, clientOf(request));
      if (session) return { error: false, message: 'E-mail verified', ...session };
      return ok({ auth_id: proof! }, 'Phone number verified');
    },
  });

  app.get('/forgot-password', {
    config: perIp(10, '1 hour'),
    schema: { tags: ['accounts'], summary: 'Send a password-reset code; the answer never says whether the address has an account', querystring: forgotPasswordQuery, response: { 200: nothing, ...refusals } },
    handler: async (request) => {
      accounts.forgotPassword(request.query.email);
      return ok(null, 'If an account uses that address, we sent it a code to reset the password.');
    },
  });

  app.post('/reset-password', {
    config: perIp(20, '1 hour'),
    schema: { tags: ['accounts'], summary: 'Set a new password with the reset code; ends every session of the account', body: resetPasswordBody, response: { 200: nothing, ...refusals } },
    handler: async (request) => {
      await accounts.resetPassword(request.body);
      return ok(null, 'Your password has been changed. Log in with the new one.');
    },
  });

  app.get('/get-user-data', {
    onRequest: requireViewer,
    schema: { tags: ['accounts'], summary: 'The logged-in user', security: [{ bearer: [] }], response: { 200: envelope(user), ...refusals } },
    handler: async (request) => ok(await accounts.me(contextOf(request))),
  });

  app.post('/update_profile', {
    onRequest: requireViewer,
    // Per account: the answer says whether an e-mail or number is taken, so probing it is slow.
    config: {
      rateLimit: { max: 20, timeWindow: '1 hour', keyGenerator: (request: FastifyRequest) => `profile:${request.viewer?.id ?? request.ip}` },
      multipartOptions: { limits: { files: 1 } },
    },
    schema: { tags: ['accounts'], summary: 'Update one’s own profile (multipart for the picture)', security: [{ bearer: [] }], body: updateProfileBody, response: { 200: envelope(user), ...refusals } },
    handler: async (request) => ok(await accounts.updateProfile(request.body, contextOf(request)), 'Profile updated'),
  });

  await app.register(async (scope) => {
    // A log-out always ends the session, whatever body comes with it (none, empty JSON, a form):
    // the body is read, up to a small limit, and ignored.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, _body, done) => done(null, undefined));
    scope.post('/before-logout', {
      onRequest: requireViewer,
      schema: { tags: ['accounts'], summary: 'Log out: ends this session and drops its push token (any body is ignored)', security: [{ bearer: [] }], response: { 200: nothing, ...refusals } },
      handler: async (request) => {
        await accounts.logout(contextOf(request));
        return ok(null, 'Logged out');
      },
    });
  });

  app.post('/update-fcm-id', {
    onRequest: requireViewer,
    schema: { tags: ['accounts'], summary: 'Report this device’s push token', security: [{ bearer: [] }], body: fcmBody, response: { 200: nothing, ...refusals } },
    handler: async (request) => {
      await accounts.updatePushToken(request.body.fcm_id ?? null, contextOf(request));
      return ok(null, 'Push token updated');
    },
  });

  app.post('/delete_user', {
    onRequest: requireViewer,
    schema: { tags: ['accounts'], summary: 'Delete one’s own account: personal data erased, sessions ended, listings deleted', security: [{ bearer: [] }], body: deleteUserBody.nullish(), response: { 200: nothing, ...refusals } },
    handler: async (request) => {
      await accounts.deleteAccount(request.body?.userid, contextOf(request));
      return ok(null, 'Your account has been deleted.');
    },
  });
}
