import { DISTANCE_UNITS, type DistanceUnit, type WebSettings } from '@estate/core';
import type { Database } from '../../db/client.ts';
import { bundledTextsOf } from '../../i18n/bundled.ts';
import { NotFound } from '../../platform/errors.ts';
import type { RequestContext } from '../../platform/http.ts';
import { mediaUrl } from '../../platform/media.ts';
import { TtlCache } from '../../platform/ttl-cache.ts';
import type { Company } from '../properties/presenter.ts';
import { DEFAULT_SETTINGS, isPrivateSetting, MEDIA_SETTINGS } from './defaults.ts';
import { settingsRepository } from './repository.ts';

// Settings change rarely; another instance's change shows up here within this time.
const CACHE_MS = 30_000;

export class SettingsService {
  private readonly cache = new TtlCache<Record<string, string>>(CACHE_MS, 1);
  private readonly iconsAreSvg = new TtlCache<boolean>(CACHE_MS, 1);

  constructor(
    private readonly db: Database,
    /** Values the environment sets, over the stored ones (e.g. STRIPE_PUBLISHABLE_KEY, with the Stripe keys). */
    private overrides: Record<string, string> = {},
  ) {}

  /** New values over the stored ones (the payment keys changed). */
  useOverrides(overrides: Record<string, string>): void {
    this.overrides = overrides;
    this.forget();
  }

  /** Stored settings over the defaults. */
  values(): Promise<Record<string, string>> {
    return this.cache.getOrLoad('all', async () => ({ ...DEFAULT_SETTINGS, ...(await settingsRepository.all(this.db)), ...this.overrides }));
  }

  async update(values: Record<string, string>): Promise<void> {
    await settingsRepository.upsert(this.db, values);
    this.forget();
  }

  /** Settings were changed elsewhere (the console): read them again. */
  forget(): void {
    this.cache.clear();
    this.iconsAreSvg.clear();
  }

  /** After a change written elsewhere (the admin console's own transaction). */
  forgetCached(): void {
    this.cache.clear();
    this.iconsAreSvg.clear();
  }

  async company(origin: string): Promise<Company> {
    const s = await this.values();
    return { name: s.company_name, email: s.company_email, phone: s.company_tel1, logo: mediaUrl(origin, s.web_logo || null) };
  }

  /** Who the platform is on its messages: `admin_name` and `admin_image`, else the company's name and logo. */
  async platformParty(origin: string): Promise<{ name: string; logo: string | null }> {
    const s = await this.values();
    return { name: s.admin_name || s.company_name, logo: mediaUrl(origin, s.admin_image || s.web_logo || null) };
  }

  async webSettings(ctx: RequestContext): Promise<WebSettings> {
    const s = await this.values();
    const [languages, iconsAreSvg] = await Promise.all([settingsRepository.activeLanguages(this.db), this.iconsAreSvg.getOrLoad('all', () => settingsRepository.iconsAreSvg(this.db))]);
    const data: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(s)) if (!isPrivateSetting(key)) data[key] = value;
    for (const key of MEDIA_SETTINGS) data[key] = mediaUrl(ctx.origin, s[key] || null);
    data.admin_name = s.admin_name || s.company_name;
    data.admin_image = mediaUrl(ctx.origin, s.admin_image || s.web_logo || null);
    if (!DISTANCE_UNITS.includes(s.distance_option as DistanceUnit)) data.distance_option = 'km';
    // Recolouring only works on SVG icons: a client told to recolour a WebP icon shows nothing.
    data.svg_clr = s.svg_clr === '1' && iconsAreSvg ? '1' : '0';
    data.selected_currency_data = { code: s.currency_code, name: s.currency_name, symbol: s.currency_symbol };
    data.languages = languages.map((l) => ({ id: l.id, code: l.code, name: l.name, rtl: l.rtl ? 1 : 0 }));
    if (ctx.viewer) {
      const status = await settingsRepository.viewerStatus(this.db, ctx.viewer.id);
      data.verification_status = status?.verificationStatus ?? 'initial';
      data.is_premium = status?.hasPremium ?? false;
      data.subscription = status?.hasPackage ?? false;
      data.is_active = status?.isActive === false ? 0 : 1;
    }
    return data as WebSettings;
  }

  async language(code: string | undefined, withFile: boolean) {
    const s = await this.values();
    const language = await settingsRepository.languageByCode(this.db, code ?? s.default_language);
    if (!language) throw new NotFound('Language not found');
    return {
      id: language.id,
      code: language.code,
      name: language.name,
      rtl: language.rtl ? 1 : 0,
      // The texts shipped with the app under the operator's own (admin console), so a text the
      // operator clears shows the shipped one again, and a new release's texts show at once.
      ...(withFile ? { file_name: { ...bundledTextsOf(language.code), ...language.translations } } : {}),
    };
  }
}
