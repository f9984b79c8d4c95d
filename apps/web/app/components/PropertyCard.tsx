import type { PropertyCard as Card } from '@estate/core';
import type { ReactNode } from 'react';
import { FavouriteButton } from '../features/favourites/FavouriteButton.tsx';
import { priceLabel, srcSetFor } from '../lib/format.ts';
import { useSite, useT } from '../lib/i18n.ts';
import { KeptMarkup } from '../lib/kept-markup.ts';
import { AppLink } from './AppLink.tsx';

const CARD_FACTS: readonly (string | null)[] = ['bedrooms', 'bathrooms', 'washrooms', 'area'];

/** A fact a card shows: its parameter's name and value, and the code that chose it. */
type ShownFact = Pick<Card['parameters'][number], 'id' | 'name' | 'value' | 'code'>;

/**
 * What a card shows, and all the components here read: a whole card from the API is one, and
 * `slimCard` makes one with nothing more.
 */
export type ShownCard = Pick<Card, 'id' | 'slug_id' | 'title' | 'title_image' | 'price' | 'property_type' | 'rentduration' | 'city' | 'state' | 'is_premium' | 'promoted'> & {
  parameters: ShownFact[];
};

/** The parameters a card shows: rooms and area (chosen by code, so in every language), in the listing's order. */
export function cardParameters(card: ShownCard): ShownFact[] {
  return card.parameters.filter((p) => CARD_FACTS.includes(p.code)).slice(0, 3);
}

/**
 * A card with only what the card shows, for pages that hand many cards to the browser: their data
 * travels in the HTML for hydration, and React Router encodes it for every page it renders (the
 * category, address, place, views and age a card does not show were half of it).
 */
export function slimCard(card: ShownCard): ShownCard {
  return {
    id: card.id,
    slug_id: card.slug_id,
    title: card.title,
    title_image: card.title_image,
    price: card.price,
    property_type: card.property_type,
    rentduration: card.rentduration,
    city: card.city,
    state: card.state,
    is_premium: card.is_premium,
    promoted: card.promoted,
    parameters: cardParameters(card).map(({ id, name, value, code }) => ({ id, name, value, code })),
  };
}

/** The mark premium listings carry in results and on their page. */
export function PremiumBadge({ className = '' }: { className?: string }) {
  const t = useT();
  return <span className={`rounded-full bg-amber-400 px-2.5 py-0.5 text-xs font-semibold text-amber-950 ${className}`}>{t('premium', 'Premium')}</span>;
}

/** The mark featured listings carry (an advertisement running: `promoted`); they open a search's first page. */
export function FeaturedBadge({ className = '' }: { className?: string }) {
  const t = useT();
  return (
    <span className={`inline-flex items-center gap-1 rounded-full bg-slate-900/85 px-2.5 py-0.5 text-xs font-semibold text-amber-300 ${className}`} data-testid="featured-badge">
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-3" fill="currentColor">
        <path d="m10 1.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
      </svg>
      {t('featured', 'Featured')}
    </span>
  );
}

/** `urgent`: the first screen's largest picture (a results page's first card), loaded at once at high priority; the rest wait to near the screen. */
function CardPicture({ card, sizes, urgent = false }: { card: ShownCard; sizes: string; urgent?: boolean }) {
  if (!card.title_image) return null;
  return (
    <img
      src={card.title_image}
      srcSet={srcSetFor(card.title_image)}
      sizes={sizes}
      alt={card.title}
      loading={urgent ? undefined : 'lazy'}
      fetchPriority={urgent ? 'high' : undefined}
      width={480}
      height={320}
      className="h-full w-full object-cover"
    />
  );
}

/** The title, as the link that makes the whole card clickable; long words wrap rather than overflow. */
function CardTitle({ card }: { card: ShownCard }) {
  return (
    <h3 className="font-semibold leading-snug wrap-anywhere">
      <AppLink to={`/properties-details/${card.slug_id}`} className="after:absolute after:inset-0 hover:underline">
        {card.title}
      </AppLink>
    </h3>
  );
}

/**
 * The few facts a card shows: rooms and area. Names and values are the listing's own text in any
 * script, so each is isolated: "Washrooms: 2" and "1–5 years" keep their order on Arabic pages.
 */
function KeyFacts({ card, className = '' }: { card: ShownCard; className?: string }) {
  const facts = cardParameters(card);
  if (!facts.length) return null;
  return (
    <dl className={`mt-auto flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700 ${className}`}>
      {facts.map((f) => (
        <div key={f.id} className="flex min-w-0 flex-wrap gap-x-1 wrap-anywhere">
          <dt className="text-slate-500">
            <bdi>{f.name}</bdi>:
          </dt>
          <dd className="font-medium">
            <bdi>{Array.isArray(f.value) ? f.value.join(', ') : f.value}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A card's inside is the same on every page that shows it, so on the server it is rendered once
 * for the card and the site's settings, then kept (lib/kept-markup.ts) — but for the page's first
 * card, whose picture React preloads in the page's head.
 */
function KeptCard({ card, urgent, variant, className, inside: Inside }: { card: ShownCard; urgent: boolean; variant: 'card' | 'row'; className: string; inside: (props: { card: ShownCard; urgent: boolean }) => ReactNode }) {
  const site = useSite();
  return (
    <KeptMarkup as="article" of={card} by={urgent ? undefined : site} variant={variant} className={className}>
      <Inside card={card} urgent={urgent} />
    </KeptMarkup>
  );
}

export function PropertyCard({ card, urgent = false }: { card: ShownCard; urgent?: boolean }) {
  return (
    <KeptCard
      card={card}
      urgent={urgent}
      variant="card"
      className="group relative flex h-full w-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md"
      inside={CardInside}
    />
  );
}

function CardInside({ card, urgent }: { card: ShownCard; urgent: boolean }) {
  const site = useSite();
  const t = useT();
  const typeLabel = card.property_type === 'rent' ? t('rent', 'Rent') : card.property_type === 'sell' ? t('sell', 'Sell') : null;
  return (
    <>
      <div className="relative aspect-[3/2] bg-slate-200">
        <CardPicture card={card} sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw" urgent={urgent} />
        {typeLabel || card.promoted ? (
          <span className="absolute start-3 top-3 flex flex-wrap gap-1.5">
            {typeLabel ? <span className="rounded-full bg-white/90 px-2.5 py-0.5 text-xs font-semibold text-brand-dark">{typeLabel}</span> : null}
            {card.promoted ? <FeaturedBadge /> : null}
          </span>
        ) : null}
        {card.is_premium ? <PremiumBadge className="absolute end-3 top-3" /> : null}
        <FavouriteButton propertyId={card.id} title={card.title} className="absolute end-3 bottom-3" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1 p-4">
        {site ? (
          <p className="text-lg font-bold text-brand-dark">{priceLabel(card.price, card.property_type, card.rentduration, site.currency, t)}</p>
        ) : null}
        <CardTitle card={card} />
        <p className="text-sm text-slate-600 wrap-anywhere">
          <bdi>{[card.city, card.state].filter(Boolean).join(', ')}</bdi>
        </p>
        <KeyFacts card={card} className="pt-2" />
      </div>
    </>
  );
}

/** A listing as one row of a result list: picture beside the facts. */
export function PropertyRow({ card, urgent = false }: { card: ShownCard; urgent?: boolean }) {
  return (
    <KeptCard
      card={card}
      urgent={urgent}
      variant="row"
      className="relative flex gap-4 overflow-hidden rounded-xl border border-slate-200 bg-white p-3 shadow-sm transition hover:shadow-md"
      inside={RowInside}
    />
  );
}

function RowInside({ card, urgent }: { card: ShownCard; urgent: boolean }) {
  const site = useSite();
  const t = useT();
  const typeLabel = card.property_type === 'rent' ? t('rent', 'Rent') : card.property_type === 'sell' ? t('sell', 'Sell') : null;
  return (
    <>
      <div className="relative aspect-[3/2] w-32 shrink-0 overflow-hidden rounded-lg bg-slate-200 sm:w-56">
        <CardPicture card={card} sizes="(min-width: 640px) 224px, 128px" urgent={urgent} />
        <FavouriteButton propertyId={card.id} title={card.title} className="absolute end-2 bottom-2" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        {card.is_premium || card.promoted ? (
          <span className="flex flex-wrap gap-1.5">
            {card.promoted ? <FeaturedBadge /> : null}
            {card.is_premium ? <PremiumBadge /> : null}
          </span>
        ) : null}
        <CardTitle card={card} />
        <p className="text-sm text-slate-600 wrap-anywhere">
          {typeLabel ? <span className="font-semibold text-brand-dark">{typeLabel} · </span> : null}
          <bdi>{[card.city, card.state].filter(Boolean).join(', ')}</bdi>
        </p>
        {site ? <p className="text-lg font-bold text-brand-dark">{priceLabel(card.price, card.property_type, card.rentduration, site.currency, t)}</p> : null}
        <KeyFacts card={card} />
      </div>
    </>
  );
}

/** `leading`: the grid opens the page, so its first card's picture is the first screen's largest. */
export function CardGrid({ cards, layout = 'grid', leading = false }: { cards: ShownCard[]; layout?: 'grid' | 'list'; leading?: boolean }) {
  if (layout === 'list') {
    return (
      <ul className="grid gap-4">
        {cards.map((card, i) => (
          <li key={card.id} className="min-w-0">
            <PropertyRow card={card} urgent={leading && i === 0} />
          </li>
        ))}
      </ul>
    );
  }
  // Cards stretch to their row, their facts pinned to the bottom: a row's cards end level.
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {cards.map((card, i) => (
        <li key={card.id} className="flex min-w-0">
          <PropertyCard card={card} urgent={leading && i === 0} />
        </li>
      ))}
    </ul>
  );
}
