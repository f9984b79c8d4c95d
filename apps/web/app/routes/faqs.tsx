import { Link } from 'react-router';
import type { Route } from './+types/faqs';
import { FaqList } from '../components/FaqList.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { api } from '../lib/api.ts';
import { useT } from '../lib/i18n.ts';
import { listMeta, siteFromMatches } from '../lib/meta.ts';
import { pageHref, pageNumber, pageQuery } from '../lib/paging.ts';
import { EmptyState } from '../components/EmptyState.tsx';

const PAGE_SIZE = 50;

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const page = pageNumber(url);
  const { items, total } = await api.faqs({ request, context }, pageQuery(page, PAGE_SIZE));
  return { page, items, total };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const { site, t } = siteFromMatches(matches);
  const faqs = loaderData?.items ?? [];
  return [
    ...listMeta(site, t('faqsTitle', 'Frequently asked questions'), t('faqsDescription', 'Answers to common questions about buying, renting and listing property.')),
    ...(faqs.length
      ? [
          {
            'script:ld+json': {
              '@context': 'https://schema.org',
              '@type': 'FAQPage',
              mainEntity: faqs.map((f) => ({ '@type': 'Question', name: f.question, acceptedAnswer: { '@type': 'Answer', text: f.answer } })),
            },
          },
        ]
      : []),
  ];
}

export default function Faqs({ loaderData }: Route.ComponentProps) {
  const { page, items, total } = loaderData;
  const t = useT();
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-bold tracking-tight">{t('faqsTitle', 'Frequently asked questions')}</h1>
      {items.length ? (
        <div className="mt-6">
          <FaqList faqs={items} />
        </div>
      ) : (
        <EmptyState>{t('noFaqs', 'No questions yet.')}</EmptyState>
      )}
      <Pagination page={page} total={total} pageSize={PAGE_SIZE} href={(n) => pageHref('/faqs', n)} />
      <p className="mt-8 text-slate-700">
        {t('faqsMore', 'Did not find your answer?')}{' '}
        <Link to="/contact-us" className="font-medium text-brand-dark underline underline-offset-2">
          {t('contactUs', 'Contact us')}
        </Link>
      </p>
    </div>
  );
}
