import { randomBytes } from 'node:crypto';
import { slugify, uniqueSlug } from '@estate/core';
import type { z } from 'zod';
import type { registerBody, resetPasswordBody, signupBody, updateProfileBody, User } from '@estate/core';
import type { Database, Executor } from '../../db/client.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { AppError, Conflict, Forbidden, Invalid, TooManyRequests } from '../../platform/errors.ts';
import type { RequestContext } from '../../platform/http.ts';
import { isMediaUrlOf, type MediaStore } from '../../platform/media.ts';
import { UploadedFile } from '../../platform/uploads.ts';
import { hashPassword, verifyPassword } from '../../platform/password.ts';
import type { BackgroundTasks } from '../../platform/background.ts';
import { pageTagsFor, type PageTag } from '../../platform/page-cache.ts';
import { TtlCache } from '../../platform/ttl-cache.ts';
import type { PackageService } from '../packages/service.ts';
import { PROJECT_MEDIA, projectOwnerRepository } from '../projects/owner-repository.ts';
import { LISTING_MEDIA, propertyOwnerRepository } from '../properties/owner-repository.ts';
import type { GoogleVerifier } from './google.ts';
import type { OtpService } from './otp.ts';
import { toUser } from './presenter.ts';
import { sessionStore, spentTokenStore, userRepository, type UserRow } from './repository.ts';

/** The media folder of profile pictures. */
const PICTURES = 'profiles';
const NOT_VERIFIED = 'Email is not verified';
const DEACTIVATED = 'Account Deactivated by Administrative please connect to them';
/** Wrong passwords allowed per account *and* address before that pair waits 15 minutes (OWASP: never lock the owner out from elsewhere). */
const MAX_FAILED_LOGINS = 10;

export interface Session {
  token: string;
  data: User;
}

export class AccountService {
  // Failed password logins per e-mail and address, on top of the per-IP limit of the route.
  private readonly failedLogins = new TtlCache<number>(15 * 60_000, 50_000);

  constructor(
    private readonly db: Database,
    private readonly otp: OtpService,
    private readonly media: MediaStore,
    private readonly background: BackgroundTasks,
    private readonly opts: { sessionDays: number; google: GoogleVerifier | null; packages: PackageService; invalidatePages?: (tags: PageTag[]) => void },
  ) {}

  /** `user-register`: an e-mail account, unverified until the code sent to it comes back. */
  async register(body: z.infer<typeof registerBody>, ctx: RequestContext): Promise<User> {
    const byEmail = await userRepository.findByEmail(this.db, body.email);
    if (byEmail?.emailVerifiedAt) throw new Conflict('An account with this e-mail already exists. Log in instead.');
    const byMobile = body.mobile ? await userRepository.findByMobile(this.db, body.mobile) : null;
    if (byMobile?.mobileVerifiedAt) throw new Conflict('An account with this phone number already exists.');
    const passwordHash = await hashPassword(body.password);
    const slugId = await this.newSlug(body.name);
    // The account and its first code stand or fall together.
    const user = await this.db.transaction(async (tx) => {
      // Earlier claims nobody proved do not block the address (or number): whoever proves it wins.
      if (byEmail) await this.releaseUnprovenClaim(tx, byEmail, 'email');
      if (byMobile && byMobile.id !== byEmail?.id) await this.releaseUnprovenClaim(tx, byMobile, 'mobile');
      const created = await this.signUp(tx, { slugId, name: body.name, email: body.email, mobile: body.mobile ?? null, passwordHash, logintype: 3 });
      await this.otp.send('email', body.email, 'verify', created.id, tx);
      return created;
    });
    this.otp.deliver();
    return toUser(user, ctx.origin);
  }

  /** `user_signup`: logs in, or signs up, by e-mail and password (3), phone (1) or Google (0). */
  async signup(body: z.infer<typeof signupBody>, ctx: RequestContext & { ip: string; userAgent?: string }): Promise<Session> {
    let user: UserRow;
    if (body.type === 3) user = await this.passwordLogin(body.email!, body.password!, ctx.ip);
    else if (body.type === 1) user = await this.phoneLogin(body.mobile!, body.auth_id!, body.name);
    else if (body.type === 0) user = await this.googleLogin(body.auth_id!);
    else throw new Invalid('type', 'Sign-in with Apple is not available on this server.');
    if (!user.isActive) throw new Forbidden(DEACTIVATED);
    const updates: Partial<UserRow> = {};
    if (body.fcm_id) updates.fcmId = body.fcm_id;
    if (body.address && !user.address) updates.address = body.address;
    if (Object.keys(updates).length) user = await userRepository.update(this.db, user.id, updates);
    return this.openSession(user, { fcmId: body.fcm_id ?? null, ip: ctx.ip, userAgent: ctx.userAgent }, ctx.origin);
  }

  private async passwordLogin(email: string, password: string, ip: string): Promise<UserRow> {
    const key = `${email.toLowerCase()}|${ip}`;
    if ((this.failedLogins.get(key) ?? 0) >= MAX_FAILED_LOGINS) throw new TooManyRequests('Too many failed log-ins. Please try again in 15 minutes or reset your password.');
    const user = await userRepository.findByEmail(this.db, email);
    // The hash is checked even for unknown addresses, so timing does not tell which exist.
    const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !ok) {
      this.failedLogins.set(key, (this.failedLogins.get(key) ?? 0) + 1);
      throw new AppError(400, 'The e-mail or password is wrong.', { password: ['The e-mail or password is wrong.'] });
    }
    this.failedLogins.set(key, 0);
    if (!user.emailVerifiedAt) throw new Forbidden(NOT_VERIFIED);
    return user;
  }

  private async phoneLogin(mobile: string, proof: string, name: string | undefined): Promise<UserRow> {
    if (!(await this.otp.redeemProof(mobile, proof))) throw new Invalid('auth_id', 'Verify your phone number with the code first.');
    const slugId = await this.newSlug(name ?? 'user');
    return this.db.transaction(async (tx) => {
      const existing = await userRepository.findByMobile(tx, mobile);
      if (existing?.mobileVerifiedAt) return existing;
      // Whoever typed this number before never proved it: the code just did. Never enter their account.
      if (existing) await this.releaseUnprovenClaim(tx, existing, 'mobile');
      return this.signUp(tx, { slugId, name: name ?? null, mobile, mobileVerifiedAt: new Date(), logintype: 1 });
    });
  }

  private async googleLogin(idToken: string): Promise<UserRow> {
    if (!this.opts.google) throw new Invalid('type', 'Google sign-in is not configured on this server.');
    const identity = await this.opts.google.verify(idToken);
    const slugId = await this.newSlug(identity.name ?? 'user');
    return this.db.transaction(async (tx) => {
      if (!(await spentTokenStore.spend(tx, identity.tokenId, identity.expiresAt))) {
        throw new Invalid('auth_id', 'This Google sign-in has already been used. Please sign in with Google again.');
      }
      const byId = await userRepository.findByAuthId(tx, 0, identity.sub);
      if (byId) return byId;
      const byEmail = identity.email ? await userRepository.findByEmail(tx, identity.email) : null;
      if (byEmail?.emailVerifiedAt && identity.emailVerified) {
        // The account proved this address and Google vouches for it: the same person.
        return userRepository.update(tx, byEmail.id, { authId: byEmail.authId ?? identity.sub });
      }
      if (byEmail && identity.emailVerified) await this.releaseUnprovenClaim(tx, byEmail, 'email');
      return this.signUp(tx, {
        slugId,
        name: identity.name,
        // An address Google does not vouch for, already claimed here, stays with its account.
        email: byEmail && !identity.emailVerified ? null : identity.email,
        emailVerifiedAt: identity.emailVerified ? new Date() : null,
        logintype: 0,
        authId: identity.sub,
      });
    });
  }

  /**
   * Pre-hijacking defence: an account that claimed an e-mail or number without proving it loses
   * the claim to the person who just proved it. An account with nothing proven at all is the
   * squatter's alone: it is discarded with its password and sessions. One that proved something
   * else keeps that, but the claimed address and every session go.
   */
  private async releaseUnprovenClaim(tx: Executor, squatter: UserRow, field: 'email' | 'mobile'): Promise<void> {
    await sessionStore.revokeAllOf(tx, squatter.id);
    const provenElsewhere = field === 'email' ? squatter.mobileVerifiedAt !== null || squatter.authId !== null : squatter.emailVerifiedAt !== null || squatter.authId !== null;
    if (!provenElsewhere) {
      await userRepository.update(tx, squatter.id, { ...ERASED, slugId: `discarded-${squatter.id}-${randomBytes(4).toString('hex')}`, deletedAt: new Date() });
      return;
    }
    await userRepository.update(tx, squatter.id, field === 'email' ? { email: null, emailVerifiedAt: null } : { mobile: null, mobileVerifiedAt: null });
  }

  /** `get-otp`: a code to an e-mail (to verify it) or to a number (to log in with it). */
  async requestCode(q: { number?: string; email?: string }): Promise<void> {
    if (q.number) return this.otp.send('sms', q.number, 'login');
    const user = await userRepository.findByEmail(this.db, q.email!);
    // Only unverified accounts get a code; the answer is the same either way.
    if (user && !user.emailVerifiedAt) await this.otp.send('email', q.email!, 'verify', user.id);
  }

  /** `verify-otp`: an e-mail code verifies the address and logs in; a number code answers a proof for user_signup. */
  async verifyCode(q: { number?: string; email?: string; otp: string }, ctx: RequestContext & { ip: string; userAgent?: string }): Promise<{ session?: Session; proof?: string }> {
    if (q.number) {
      await this.otp.verify(q.number, 'login', q.otp);
      const proof = randomToken();
      await this.otp.issueProof(q.number, proof);
      return { proof };
    }
    await this.otp.verify(q.email!, 'verify', q.otp);
    const user = await userRepository.findByEmail(this.db, q.email!);
    if (!user) throw new Invalid('email', 'No account waits for this code.');
    const verified = await userRepository.update(this.db, user.id, { emailVerifiedAt: user.emailVerifiedAt ?? new Date() });
    if (!verified.isActive) throw new Forbidden(DEACTIVATED);
    return { session: await this.openSession(verified, { fcmId: null, ip: ctx.ip, userAgent: ctx.userAgent }, ctx.origin) };
  }

  /**
   * `forgot-password`: sends a reset code when the account exists; never says whether it does.
   * The work happens after the answer, so its timing cannot tell either.
   */
  forgotPassword(email: string): void {
    this.background.run('forgot-password', () => this.sendResetCode(email));
  }

  private async sendResetCode(email: string): Promise<void> {
    const user = await userRepository.findByEmail(this.db, email);
    if (!user || !user.isActive) return;
    try {
      await this.otp.send('email', email, 'reset', user.id);
    } catch (err) {
      // Throttling says nothing about the address either: swallow it.
      if (!(err instanceof TooManyRequests)) throw err;
    }
  }

  /** Sets a new password with the reset code, and ends every session of the account. */
  async resetPassword(body: z.infer<typeof resetPasswordBody>): Promise<void> {
    await this.otp.verify(body.email, 'reset', body.otp);
    const user = await userRepository.findByEmail(this.db, body.email);
    if (!user) throw new Invalid('email', 'The code is wrong or has expired. Ask for a new one.');
    const passwordHash = await hashPassword(body.password);
    await this.db.transaction(async (tx) => {
      // The code came to this address, so it is verified now too.
      await userRepository.update(tx, user.id, { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? new Date() });
      await sessionStore.revokeAllOf(tx, user.id);
    });
  }

  async me(ctx: RequestContext): Promise<User> {
    const user = await userRepository.findById(this.db, ctx.viewer!.id);
    if (!user) throw new Forbidden();
    return toUser(user, ctx.origin);
  }

  /** `update_profile`: the viewer's own profile only; a new picture is re-encoded and EXIF-free. */
  async updateProfile(body: z.infer<typeof updateProfileBody>, ctx: RequestContext): Promise<User> {
    const viewer = ctx.viewer!;
    if (body.userid !== undefined && body.userid !== viewer.id) throw new Forbidden();
    const current = await userRepository.findById(this.db, viewer.id);
    if (!current) throw new Forbidden();
    if (body.email && body.email !== current.email?.toLowerCase() && (await userRepository.isContactTaken(this.db, 'email', body.email, viewer.id))) {
      throw new Conflict('Another account uses this e-mail.');
    }
    if (body.mobile && body.mobile !== current.mobile && (await userRepository.isContactTaken(this.db, 'mobile', body.mobile, viewer.id))) {
      throw new Conflict('Another account uses this phone number.');
    }
    let newPicture: string | null = null;
    // Clients send back the current picture's URL when no new one was chosen: that means unchanged.
    if (typeof body.profile === 'string' && isMediaUrlOf(body.profile, current.profile)) body.profile = undefined;
    if (body.profile !== undefined) {
      if (!(body.profile instanceof UploadedFile)) throw new Invalid('profile', 'profile must be an image file');
      newPicture = await this.media.putImage(PICTURES, body.profile, { widths: [160, 480] }).then(
        (r) => r.key,
        () => {
          throw new Invalid('profile', 'profile must be a JPEG, PNG, WebP, GIF or AVIF image');
        },
      );
    }
    const emailChanged = body.email !== undefined && body.email !== current.email?.toLowerCase();
    try {
      const updated = await userRepository.update(this.db, viewer.id, {
        name: body.name,
        email: body.email,
        emailVerifiedAt: emailChanged ? null : undefined,
        mobile: body.mobile,
        mobileVerifiedAt: body.mobile !== undefined && body.mobile !== current.mobile ? null : undefined,
        address: body.address,
        profile: newPicture ?? undefined,
        firebaseId: body.firebase_id,
        latitude: body.latitude,
        longitude: body.longitude,
        aboutMe: body.about_me,
        facebookId: body.facebook_id,
        twiiterId: body.twiiter_id,
        instagramId: body.instagram_id,
        youtubeId: body.youtube_id,
        fcmId: body.fcm_id,
        notification: body.notification,
        city: body.city,
        state: body.state,
        country: body.country,
      });
      if (newPicture && current.profile) await this.media.remove(current.profile);
      // An agent's name and picture show on their pages, listings and projects.
      this.opts.invalidatePages?.(pageTagsFor.agent(current.slugId));
      if (emailChanged) await this.otp.send('email', body.email!, 'verify', viewer.id).catch(() => {});
      return toUser(updated, ctx.origin);
    } catch (err) {
      // The row was not written: the new picture must not stay behind.
      if (newPicture) await this.media.remove(newPicture);
      throw err;
    }
  }

  /** `before-logout`: ends this session and forgets its push token. */
  async logout(ctx: RequestContext): Promise<void> {
    await sessionStore.revoke(this.db, ctx.viewer!.sessionId);
  }

  async updatePushToken(fcmId: string | null, ctx: RequestContext): Promise<void> {
    await this.db.transaction(async (tx) => {
      // Pushes to this browser are written in the language its page spoke (notices by key, messages.ts).
      await sessionStore.setFcm(tx, ctx.viewer!.sessionId, fcmId, ctx.lang === 'hi' || ctx.lang === 'ar' || ctx.lang === 'en' ? ctx.lang : null);
      await userRepository.update(tx, ctx.viewer!.id, { fcmId });
    });
  }

  /**
   * `delete_user`: erases the person — name, contacts, picture, password, social ids — ends every
   * session and deletes their listings and projects. The row stays, anonymised, so chats and
   * payments keep a counterpart.
   */
  async deleteAccount(userid: number | undefined, ctx: RequestContext): Promise<void> {
    const viewer = ctx.viewer!;
    if (userid !== undefined && userid !== viewer.id) throw new Forbidden();
    const user = await userRepository.findById(this.db, viewer.id);
    if (!user) throw new Forbidden();
    // Owners' uploads go with their listings once the deletion has committed; demo or shared files are never theirs to delete.
    const uploads: string[] = [];
    await this.db.transaction(async (tx) => {
      const own = [...(await propertyOwnerRepository.filesOfOwner(tx, user.id)), ...(await projectOwnerRepository.filesOfOwner(tx, user.id))];
      uploads.push(...own.filter((key) => key.startsWith(`${LISTING_MEDIA}/`) || key.startsWith(`${PROJECT_MEDIA}/`)));
      await userRepository.deleteListings(tx, user.id);
      await sessionStore.revokeAllOf(tx, user.id);
      await userRepository.update(tx, user.id, { ...ERASED, slugId: `deleted-${user.id}-${randomBytes(4).toString('hex')}`, deletedAt: new Date() });
    });
    // Their listings and projects are gone from every page that showed them.
    this.opts.invalidatePages?.(pageTagsFor.agent(user.slugId));
    if (user.profile) await this.media.remove(user.profile);
    await Promise.all(uploads.map((key) => this.media.remove(key).catch(() => undefined)));
  }

  /** At start-up: profile pictures a crash left without their row (and half-written files) are removed. */
  async sweepPictures(): Promise<number> {
    return this.media.sweep(PICTURES, new Set(await userRepository.pictureKeys(this.db)));
  }

  /** Creates the administrator, or makes an existing account one (ADMIN_EMAIL, `npm run admin:create`). */
  async ensureAdmin(email: string, password: string, name = 'Administrator'): Promise<UserRow> {
    const passwordHash = await hashPassword(password);
    const existing = await userRepository.findByEmail(this.db, email);
    if (existing) return userRepository.update(this.db, existing.id, { role: 'admin', passwordHash, emailVerifiedAt: existing.emailVerifiedAt ?? new Date(), isActive: true });
    return userRepository.insert(this.db, { slugId: await this.newSlug(name), name, email: email.toLowerCase(), passwordHash, role: 'admin', emailVerifiedAt: new Date(), logintype: 3 });
  }

  private async openSession(user: UserRow, s: { fcmId: string | null; ip: string; userAgent?: string }, origin: string, db: Executor = this.db): Promise<Session> {
    const token = randomToken();
    await sessionStore.create(db, {
      userId: user.id,
      tokenHash: sha256(token),
      fcmId: s.fcmId,
      ip: s.ip,
      userAgent: s.userAgent?.slice(0, 300) ?? null,
      expiresAt: new Date(Date.now() + this.opts.sessionDays * 86_400_000),
    });
    return { token, data: toUser(user, origin) };
  }

  /** A new account, with the package every sign-up gets (settings `signup_package_id`), in the caller's transaction. */
  private async signUp(tx: Executor, values: Parameters<typeof userRepository.insert>[1]): Promise<UserRow> {
    const created = await userRepository.insert(tx, values);
    await this.opts.packages.grantSignupPackage(tx, created.id);
    return created;
  }

  private newSlug(name: string): Promise<string> {
    return uniqueSlug(slugify(name), (s) => userRepository.slugTaken(this.db, s), 'user');
  }
}

/** What erasing a person leaves of their row: nothing that identifies them or lets anyone in. */
const ERASED = {
  name: 'Deleted user',
  email: null,
  mobile: null,
  profile: null,
  address: null,
  passwordHash: null,
  emailVerifiedAt: null,
  mobileVerifiedAt: null,
  firebaseId: null,
  authId: null,
  fcmId: null,
  aboutMe: null,
  facebookId: null,
  twiiterId: null,
  instagramId: null,
  youtubeId: null,
  latitude: null,
  longitude: null,
  city: null,
  state: null,
  country: null,
  isActive: false,
} satisfies Partial<UserRow>;

// A real scrypt hash of a random password: verifying against it costs what a real check costs.
const DUMMY_HASH = 'scrypt$131072$8$1$c2FsdHNhbHRzYWx0c2FsdA$Fjg1Kp3Hhx3dW2vCkR8Qm3lYbq9n5b0F1Q2W3E4R5T6';
