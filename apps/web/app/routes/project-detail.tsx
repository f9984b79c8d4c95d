import { stripHtml, truncate } from '@estate/core';
import { Description, DetailSection } from '../components/DetailSection.tsx';
import type { Route } from './+types/project-detail';
import { Breadcrumb } from '../components/Breadcrumb.tsx';
import { ContactCard } from '../components/ContactCard.tsx';
import { Gallery } from '../components/Gallery.tsx';
import { LocationBox } from '../components/LocationBox.tsx';
import { Section } from '../components/Section.tsx';
import { ProjectTeaser, TeaserGrid } from '../components/Teaser.tsx';
import { LazyMap } from '../features/map/LazyMap.tsx';
import { ProjectLock, useProjectAccess } from '../features/project/project-access.tsx';
import { Video } from '../features/property/Video.tsx';
import { api } from '../lib/api.ts';
import { placeLine, projectTypeLabel, srcSetFor } from '../lib/format.ts';
import { useSite, useT } from '../lib/i18n.ts';
import { detailMeta, siteFromMatches } from '../lib/meta.ts';
import { orNotFound } from '../lib/not-found.ts';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return orNotFound(api.project({ request, context }, params.slug));
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const { site } = siteFromMatches(matches);
  if (!loaderData) return [];
  const p = loaderData.project;
  const title = p.meta_title || p.title;
  const description = truncate(stripHtml(p.meta_description || p.description), 160);
  const image = p.meta_image || p.image;
  const place = [p.location, p.city, p.state, p.country].filter(Boolean);
  return detailMeta({
    site,
    path: `/project-details/${p.slug_id}`,
    title,
    description,
    image,
    jsonLd: {
      '@type': 'Residence',
      name: p.title,
      description,
      ...(image ? { image } : {}),
      ...(place.length ? { address: { '@type': 'PostalAddress', streetAddress: p.location, addressLocality: p.city, addressRegion: p.state, addressCountry: p.country } } : {}),
      ...(p.latitude !== null && p.longitude !== null ? { geo: { '@type': 'GeoCoordinates', latitude: p.latitude, longitude: p.longitude } } : {}),
    },
  });
}

/** "project-22.pdf" from a document's address. */
export default function ProjectDetail({ loaderData }: Route.ComponentProps) {
  const { similar } = loaderData;
  const access = useProjectAccess(loaderData.project);
  const p = access.project;
  const t = useT();
  const site = useSite();
  const images = [p.image, ...p.gallary_images.map((g) => g.name)].filter((src): src is string => !!src);
  const address = placeLine([p.location, p.city, p.state, p.country]);
  return (
    <article>
      <Breadcrumb trail={[{ to: '/projects', label: t('projects', 'Projects') }]} />
      <header>
        <p className="text-sm font-semibold uppercase tracking-wide text-brand">
          {[p.category?.category, projectTypeLabel(p.type, t)].filter(Boolean).join(' · ')}
        </p>
        <h1 className="mt-1 text-2xl font-bold leading-tight sm:text-3xl">{p.title}</h1>
        {address ? <p className="mt-2 text-slate-600">{address}</p> : null}
      </header>

      <Gallery images={images} title={p.title} />

      {p.project_access_locked ? <ProjectLock slug={p.slug_id} loggedIn={access.loggedIn} checked={access.checked} openGate={access.openGate} /> : null}

      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <div className="min-w-0 space-y-10 lg:col-span-2">
          <DetailSection id="about" title={t('aboutProject', 'About this project')}>
            <Description text={p.description} />
          </DetailSection>

          {p.plans.length ? (
            <DetailSection id="plans" title={t('floorPlans', 'Floor plans')}>
              <ul className="mt-3 grid gap-4 sm:grid-cols-2">
                {p.plans.map((plan) => (
                  <li key={plan.id}>
                    <figure className="overflow-hidden rounded-xl border border-slate-200 bg-white">
                      <a href={plan.document.replace(/-w960\.webp$/, '-w1600.webp')}>
                        <img
                          src={plan.document}
                          srcSet={srcSetFor(plan.document)}
                          sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
                          alt={`${t('floorPlan', 'Floor plan')}: ${plan.title}`}
                          loading="lazy"
                          width={480}
                          height={360}
                          className="aspect-[4/3] w-full bg-white object-contain"
                        />
                      </a>
                      <figcaption className="border-t border-slate-200 px-4 py-2 font-medium">{plan.title}</figcaption>
                    </figure>
                  </li>
                ))}
              </ul>
            </DetailSection>
          ) : null}

          {p.video_link ? (
            <DetailSection id="video" title={t('video', 'Video')}>
              <div className="mt-3">
                <Video link={p.video_link} title={p.title} poster={p.image} />
              </div>
            </DetailSection>
          ) : null}

          {p.documents.length ? (
            <DetailSection id="documents" title={t('documents', 'Documents')}>
              <ul className="mt-3 space-y-2">
                {p.documents.map((doc) => (
                  <li key={doc.id}>
                    <a href={doc.name} download={doc.file_name} className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 hover:border-brand">
                      <span aria-hidden="true" className="rounded bg-brand-light px-2 py-0.5 text-xs font-bold uppercase text-brand-dark">
                        {doc.type}
                      </span>
                      <span className="min-w-0 flex-1 break-all font-medium text-brand-dark underline underline-offset-2">{doc.file_name}</span>
                      <span className="sr-only">({doc.type.toUpperCase()})</span>
                    </a>
                  </li>
                ))}
              </ul>
            </DetailSection>
          ) : null}

          {address ? (
            <DetailSection id="location" title={t('location', 'Location')}>
              <div className="mt-3">
                <LocationBox address={address} latitude={p.latitude} longitude={p.longitude} />
              </div>
              {p.latitude !== null && p.longitude !== null ? (
                <LazyMap
                  className="mt-3 h-72"
                  testId="project-map"
                  label={`${t('mapOf', 'Map of')} ${p.title}`}
                  tiles={site?.mapTiles ?? null}
                  initialCenter={[p.longitude, p.latitude]}
                  initialZoom={14}
                  scrollZoom={false}
                  points={[{ id: p.id, lng: p.longitude, lat: p.latitude, title: p.title, price: p.title, priceFull: address, href: `/project-details/${p.slug_id}`, image: null }]}
                />
              ) : null}
            </DetailSection>
          ) : null}
        </div>

        <ContactCard
          heading={t('developer', 'Developer')}
          name={p.customer.name}
          profile={p.customer.profile}
          mobile={p.customer.mobile}
          email={p.customer.email}
          subject={p.title}
          agentSlug={p.customer.slug_id}
        />
      </div>

      {similar.length ? (
        <Section id="similar" title={t('similarProjects', 'Similar projects')} className="mt-12">
          <TeaserGrid>
            {similar.map((s) => (
              <ProjectTeaser key={s.id} project={s} />
            ))}
          </TeaserGrid>
        </Section>
      ) : null}
      {access.dialog}
    </article>
  );
}
