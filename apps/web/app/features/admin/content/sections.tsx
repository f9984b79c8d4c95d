import { NavLink } from 'react-router';
import { useT } from '../../../lib/i18n.ts';

/** Links between the pages of one console area (content, catalogue), as a row of tabs. */
export function SectionLinks({ label, links }: { label: string; links: readonly (readonly [to: string, text: string])[] }) {
  return (
    <nav aria-label={label} className="mb-5 flex gap-1 overflow-x-auto border-b border-slate-200">
      {links.map(([to, text]) => (
        <NavLink key={to} to={to} end className={({ isActive }) => `whitespace-nowrap border-b-2 px-3 py-2 text-sm font-semibold ${isActive ? 'border-brand text-brand-dark' : 'border-transparent text-slate-700 hover:text-slate-900'}`}>
          {text}
        </NavLink>
      ))}
    </nav>
  );
}

export function ContentLinks() {
  const t = useT();
  return (
    <SectionLinks
      label={t('adminContentSections', 'Content sections')}
      links={[
        ['/admin/articles', t('adminArticles', 'Articles')],
        ['/admin/catalogue/article-categories', t('adminArticleCategories', 'Article categories')],
        ['/admin/catalogue/faqs', t('adminFaqs', 'FAQs')],
        ['/admin/pages', t('adminPagesTitle', 'About, terms and privacy')],
      ]}
    />
  );
}

export function CatalogueLinks() {
  const t = useT();
  return (
    <SectionLinks
      label={t('adminCatalogueSections', 'Catalogue sections')}
      links={[
        ['/admin/catalogue/categories', t('adminCategories', 'Categories')],
        ['/admin/catalogue/parameters', t('adminParameters', 'Parameters')],
        ['/admin/catalogue/facilities', t('adminFacilities', 'Facilities')],
        ['/admin/catalogue/cities', t('adminCities', 'Cities')],
        ['/admin/catalogue/sliders', t('adminSliders', 'Slides')],
        ['/admin/catalogue/report-reasons', t('adminReportReasons', 'Report reasons')],
      ]}
    />
  );
}
