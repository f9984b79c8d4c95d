import {
  adminArticleCategory,
  adminCategory,
  adminCity,
  adminFacility,
  adminFaq,
  adminPage,
  adminParameter,
  adminReportReason,
  adminSlider,
  PARAMETER_TYPES,
  type AdminArticleCategory,
  type AdminCategory,
  type AdminCity,
  type AdminFacility,
  type AdminFaq,
  type AdminParameter,
  type AdminReportReason,
  type AdminSlider,
} from '@estate/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { AdminPage } from '../../features/admin/AdminPage.tsx';
import { adminCall } from '../../features/admin/admin-call.ts';
import { CrudSection, type SectionSpec } from '../../features/admin/catalogue/CrudSection.tsx';
import { CatalogueLinks, ContentLinks } from '../../features/admin/content/sections.tsx';
import { useT, type Translate } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';

const parametersAnswer = adminPage(adminParameter);
const icon = (src: string | null) => (src ? <img src={src} alt="" className="size-8 rounded border border-slate-200 bg-white object-contain p-0.5" /> : '—');
const yes = (t: Translate, on: boolean) => (on ? t('adminYes', 'Yes') : t('adminNo', 'No'));

function specs(t: Translate, parameterOptions: readonly (readonly [string, string])[]) {
  const iconHint = t('adminIconHint', 'An SVG (cleaned of scripts and outside links on saving) or a picture.');
  const categories: SectionSpec<AdminCategory> = {
    path: 'categories',
    answer: adminPage(adminCategory),
    title: t('adminCategories', 'Categories'),
    lead: t('adminCategoriesLead', 'The kinds of property listed, with the parameters their form asks for. A category with listings can be turned off, not deleted.'),
    addLabel: t('adminAddCategory', 'Add a category'),
    searchLabel: t('adminSearchByName', 'Search by name or id'),
    empty: t('adminNothingYet', 'Nothing here yet.'),
    defaultSort: 'sequence',
    defaultOrder: 'asc',
    columns: [
      { key: 'image', header: t('adminColIcon', 'Icon'), cell: (r) => icon(r.image) },
      { key: 'category', header: t('adminColName', 'Name'), sortable: true, cell: (r) => <span className="font-medium">{r.category}</span> },
      { key: 'sequence', header: t('adminColOrder', 'Order'), sortable: true, cell: (r) => r.sequence },
      { key: 'properties_count', header: t('adminColListings', 'Listings'), cell: (r) => r.properties_count },
      { key: 'is_active', header: t('adminColShown', 'Shown'), cell: (r) => yes(t, r.is_active) },
    ],
    fields: [
      { name: 'category', label: t('adminColName', 'Name'), kind: 'text' },
      { name: 'slug_id', label: t('adminSlug', 'Address (slug)'), kind: 'text', dir: 'ltr', hint: t('adminSlugHint', 'Letters, digits and hyphens; made from the title when left empty.') },
      { name: 'sequence', label: t('adminColOrder', 'Order'), kind: 'number' },
      { name: 'is_active', label: t('adminShownCheckbox', 'Shown to visitors'), kind: 'checkbox' },
      { name: 'parameter_ids', label: t('adminCategoryParameters', 'Parameters of its listings'), kind: 'choices', options: parameterOptions, hint: t('adminCategoryParametersHint', 'The form asks for them in the order they are ticked.') },
      { name: 'image', label: t('adminIcon', 'Icon'), kind: 'icon', hint: iconHint },
      { name: 'meta_title', label: t('adminMetaTitle', 'Title for search engines'), kind: 'text' },
      { name: 'meta_description', label: t('adminMetaDescription', 'Description for search engines'), kind: 'text' },
    ],
    translatable: [['category', t('adminColName', 'Name')]],
    draftOf: (r) => ({
      category: r?.category ?? '',
      slug_id: r?.slug_id ?? '',
      sequence: String(r?.sequence ?? 0),
      is_active: r?.is_active ?? true,
      parameter_ids: (r?.parameter_ids ?? []).map(String),
      meta_title: r?.meta_title ?? '',
      meta_description: r?.meta_description ?? '',
    }),
    nameOf: (r) => r.category,
    imageOf: (r) => r.image,
    translationsOf: (r) => r.translations,
  };
  const typeLabels: Record<(typeof PARAMETER_TYPES)[number], string> = {
    textbox: t('adminTypeTextbox', 'Short text'),
    number: t('adminTypeNumber', 'Number'),
    dropdown: t('adminTypeDropdown', 'Drop-down list'),
    radiobutton: t('adminTypeRadio', 'One of several'),
    checkbox: t('adminTypeCheckbox', 'Several of several'),
    textarea: t('adminTypeTextarea', 'Long text'),
    file: t('adminTypeFile', 'File'),
  };
  const parameters: SectionSpec<AdminParameter> = {
    path: 'parameters',
    answer: adminPage(adminParameter),
    title: t('adminParameters', 'Parameters'),
    lead: t('adminParametersLead', 'What a listing tells about itself (bedrooms, parking…). A parameter that listings use cannot be deleted.'),
    addLabel: t('adminAddParameter', 'Add a parameter'),
    searchLabel: t('adminSearchByName', 'Search by name or id'),
    empty: t('adminNothingYet', 'Nothing here yet.'),
    defaultSort: 'name',
    defaultOrder: 'asc',
    columns: [
      { key: 'image', header: t('adminColIcon', 'Icon'), cell: (r) => icon(r.image) },
      { key: 'name', header: t('adminColName', 'Name'), sortable: true, cell: (r) => <span className="font-medium">{r.name}</span> },
      { key: 'type_of_parameter', header: t('adminColType', 'Type'), sortable: true, cell: (r) => typeLabels[r.type_of_parameter] },
      { key: 'type_values', header: t('adminColOptions', 'Options'), cell: (r) => r.type_values.join(', ') || '—' },
      { key: 'categories_count', header: t('adminColCategories', 'Categories'), cell: (r) => r.categories_count },
    ],
    fields: [
      { name: 'name', label: t('adminColName', 'Name'), kind: 'text' },
      { name: 'type_of_parameter', label: t('adminColType', 'Type'), kind: 'select', options: PARAMETER_TYPES.map((p) => [p, typeLabels[p]] as const) },
      { name: 'type_values', label: t('adminParameterOptions', 'Options, one a line'), kind: 'lines', when: (d) => ['dropdown', 'radiobutton', 'checkbox'].includes(String(d.type_of_parameter)) },
      { name: 'is_required', label: t('adminRequiredCheckbox', 'Listings must give it'), kind: 'checkbox' },
      { name: 'image', label: t('adminIcon', 'Icon'), kind: 'icon', hint: iconHint },
    ],
    translatable: [['name', t('adminColName', 'Name')]],
    draftOf: (r) => ({ name: r?.name ?? '', type_of_parameter: r?.type_of_parameter ?? 'textbox', type_values: (r?.type_values ?? []).join('\n'), is_required: r?.is_required ?? false }),
    nameOf: (r) => r.name,
    imageOf: (r) => r.image,
    translationsOf: (r) => r.translations,
  };
  const facilities: SectionSpec<AdminFacility> = {
    path: 'facilities',
    answer: adminPage(adminFacility),
    title: t('adminFacilities', 'Facilities'),
    lead: t('adminFacilitiesLead', 'Places near a listing (school, metro…) with their distance.'),
    addLabel: t('adminAddFacility', 'Add a facility'),
    searchLabel: t('adminSearchByName', 'Search by name or id'),
    empty: t('adminNothingYet', 'Nothing here yet.'),
    defaultSort: 'name',
    defaultOrder: 'asc',
    columns: [
      { key: 'image', header: t('adminColIcon', 'Icon'), cell: (r) => icon(r.image) },
      { key: 'name', header: t('adminColName', 'Name'), sortable: true, cell: (r) => <span className="font-medium">{r.name}</span> },
      { key: 'properties_count', header: t('adminColListings', 'Listings'), cell: (r) => r.properties_count },
    ],
    fields: [
      { name: 'name', label: t('adminColName', 'Name'), kind: 'text' },
      { name: 'image', label: t('adminIcon', 'Icon'), kind: 'icon', hint: iconHint },
    ],
    translatable: [['name', t('adminColName', 'Name')]],
    draftOf: (r) => ({ name: r?.name ?? '' }),
    nameOf: (r) => r.name,
    imageOf: (r) => r.image,
    translationsOf: (r) => r.translations,
  };
  const cities: SectionSpec<AdminCity> = {
    path: 'cities',
    answer: adminPage(adminCity),
    title: t('adminCities', 'Cities'),
    lead: t('adminCitiesLead', 'Cities shown with their picture on the home page and the cities page.'),
    addLabel: t('adminAddCity', 'Add a city'),
    searchLabel: t('adminSearchByName', 'Search by name or id'),
    empty: t('adminNothingYet', 'Nothing here yet.'),
    defaultSort: 'name',
    defaultOrder: 'asc',
    columns: [
      { key: 'image', header: t('adminPicture', 'Picture'), cell: (r) => (r.image ? <img src={r.image} alt="" className="h-10 w-16 rounded object-cover" /> : '—') },
      { key: 'name', header: t('adminColName', 'Name'), sortable: true, cell: (r) => <span className="font-medium">{r.name}</span> },
      { key: 'state', header: t('adminColRegion', 'State or region'), sortable: true, cell: (r) => r.state ?? '—' },
      { key: 'country', header: t('adminColCountry', 'Country'), sortable: true, cell: (r) => r.country ?? '—' },
    ],
    fields: [
      { name: 'name', label: t('adminColName', 'Name'), kind: 'text' },
      { name: 'state', label: t('adminColRegion', 'State or region'), kind: 'text' },
      { name: 'country', label: t('adminColCountry', 'Country'), kind: 'text' },
      { name: 'latitude', label: t('adminLatitude', 'Latitude'), kind: 'number', dir: 'ltr' },
      { name: 'longitude', label: t('adminLongitude', 'Longitude'), kind: 'number', dir: 'ltr' },
      { name: 'image', label: t('adminPicture', 'Picture'), kind: 'photo' },
    ],
    draftOf: (r) => ({ name: r?.name ?? '', state: r?.state ?? '', country: r?.country ?? '', latitude: r?.latitude == null ? '' : String(r.latitude), longitude: r?.longitude == null ? '' : String(r.longitude) }),
    nameOf: (r) => r.name,
    imageOf: (r) => r.image,
  };
  const slideTypes = [
    ['1', t('adminSlideImage', 'Picture only')],
    ['2', t('adminSlideCategory', 'Opens a category')],
    ['3', t('adminSlideProperty', 'Shows a property')],
    ['4', t('adminSlideLink', 'Opens a link')],
  ] as const;
  const sliders: SectionSpec<AdminSlider> = {
    path: 'sliders',
    answer: adminPage(adminSlider),
    title: t('adminSliders', 'Slides'),
    lead: t('adminSlidersLead', 'The pictures at the top of the home page, in order.'),
    addLabel: t('adminAddSlide', 'Add a slide'),
    searchLabel: t('adminSearchSlides', 'Search by heading, link or id'),
    empty: t('adminNothingYet', 'Nothing here yet.'),
    defaultSort: 'sequence',
    defaultOrder: 'asc',
    columns: [
      { key: 'image', header: t('adminPicture', 'Picture'), cell: (r) => (r.image ? <img src={r.image} alt="" className="h-10 w-16 rounded object-cover" /> : '—') },
      { key: 'heading', header: t('adminColHeading', 'Heading'), sortable: true, cell: (r) => r.heading ?? '—' },
      { key: 'type', header: t('adminColType', 'Type'), cell: (r) => slideTypes.find(([v]) => v === String(r.type))?.[1] ?? r.type },
      { key: 'sequence', header: t('adminColOrder', 'Order'), sortable: true, cell: (r) => r.sequence },
      { key: 'is_active', header: t('adminColShown', 'Shown'), cell: (r) => yes(t, r.is_active) },
    ],
    fields: [
      { name: 'type', label: t('adminColType', 'Type'), kind: 'select', options: slideTypes },
      { name: 'heading', label: t('adminColHeading', 'Heading'), kind: 'text' },
      { name: 'subheading', label: t('adminSubheading', 'Subheading'), kind: 'text' },
      { name: 'category_id', label: t('adminSlideCategoryId', 'Category id'), kind: 'number', when: (d) => d.type === '2' },
      { name: 'property_id', label: t('adminSlidePropertyId', 'Property id'), kind: 'number', when: (d) => d.type === '3' },
      { name: 'link', label: t('adminSlideLinkField', 'Link (https://… or a path of this site)'), kind: 'text', dir: 'ltr', when: (d) => d.type === '4' },
      { name: 'sequence', label: t('adminColOrder', 'Order'), kind: 'number' },
      { name: 'is_active', label: t('adminShownCheckbox', 'Shown to visitors'), kind: 'checkbox' },
      { name: 'image', label: t('adminPicture', 'Picture'), kind: 'photo' },
    ],
    translatable: [
      ['heading', t('adminColHeading', 'Heading')],
      ['subheading', t('adminSubheading', 'Subheading')],
    ],
    draftOf: (r) => ({
      type: String(r?.type ?? 1),
      heading: r?.heading ?? '',
      subheading: r?.subheading ?? '',
      category_id: r?.category_id ? String(r.category_id) : '',
      property_id: r?.property_id ? String(r.property_id) : '',
      link: r?.link ?? '',
      sequence: String(r?.sequence ?? 0),
      is_active: r?.is_active ?? true,
    }),
    nameOf: (r) => r.heading ?? `#${r.id}`,
    imageOf: (r) => r.image,
    translationsOf: (r) => r.translations,
  };
  const reportReasons: SectionSpec<AdminReportReason> = {
    path: 'report-reasons',
    answer: adminPage(adminReportReason),
    title: t('adminReportReasons', 'Report reasons'),
    lead: t('adminReportReasonsLead', 'The reasons a user can pick when reporting a listing. A reason that reports gave can be renamed, not deleted.'),
    addLabel: t('adminAddReason', 'Add a reason'),
    searchLabel: t('adminSearchByName', 'Search by name or id'),
    empty: t('adminNothingYet', 'Nothing here yet.'),
    defaultSort: 'created_at',
    columns: [
      { key: 'reason', header: t('adminColReason', 'Reason'), sortable: true, cell: (r) => r.reason },
      { key: 'reports_count', header: t('adminColReports', 'Reports'), cell: (r) => r.reports_count },
    ],
    fields: [{ name: 'reason', label: t('adminColReason', 'Reason'), kind: 'text' }],
    draftOf: (r) => ({ reason: r?.reason ?? '' }),
    nameOf: (r) => r.reason,
  };
  const faqs: SectionSpec<AdminFaq> = {
    path: 'faqs',
    answer: adminPage(adminFaq),
    title: t('adminFaqs', 'FAQs'),
    lead: t('adminFaqsLead', 'Questions and answers on the FAQ page, in order.'),
    addLabel: t('adminAddFaq', 'Add a question'),
    searchLabel: t('adminSearchFaqs', 'Search questions and answers'),
    empty: t('adminNothingYet', 'Nothing here yet.'),
    defaultSort: 'sequence',
    defaultOrder: 'asc',
    columns: [
      { key: 'question', header: t('adminColQuestion', 'Question'), sortable: true, cell: (r) => <span className="font-medium">{r.question}</span> },
      { key: 'sequence', header: t('adminColOrder', 'Order'), sortable: true, cell: (r) => r.sequence },
      { key: 'is_active', header: t('adminColShown', 'Shown'), cell: (r) => yes(t, r.is_active) },
    ],
    fields: [
      { name: 'question', label: t('adminColQuestion', 'Question'), kind: 'text' },
      { name: 'answer', label: t('adminAnswer', 'Answer'), kind: 'textarea' },
      { name: 'sequence', label: t('adminColOrder', 'Order'), kind: 'number' },
      { name: 'is_active', label: t('adminShownCheckbox', 'Shown to visitors'), kind: 'checkbox' },
    ],
    translatable: [
      ['question', t('adminColQuestion', 'Question')],
      ['answer', t('adminAnswer', 'Answer')],
    ],
    draftOf: (r) => ({ question: r?.question ?? '', answer: r?.answer ?? '', sequence: r ? String(r.sequence) : '', is_active: r?.is_active ?? true }),
    nameOf: (r) => r.question,
    translationsOf: (r) => r.translations,
  };
  const articleCategories: SectionSpec<AdminArticleCategory> = {
    path: 'article-categories',
    answer: adminPage(adminArticleCategory),
    title: t('adminArticleCategories', 'Article categories'),
    lead: t('adminArticleCategoriesLead', 'Groups of articles. A category with articles cannot be deleted.'),
    addLabel: t('adminAddArticleCategory', 'Add an article category'),
    searchLabel: t('adminSearchByName', 'Search by name or id'),
    empty: t('adminNothingYet', 'Nothing here yet.'),
    defaultSort: 'category',
    defaultOrder: 'asc',
    columns: [
      { key: 'category', header: t('adminColName', 'Name'), sortable: true, cell: (r) => <span className="font-medium">{r.category}</span> },
      { key: 'articles_count', header: t('adminArticles', 'Articles'), cell: (r) => r.articles_count },
    ],
    fields: [
      { name: 'category', label: t('adminColName', 'Name'), kind: 'text' },
      { name: 'slug_id', label: t('adminSlug', 'Address (slug)'), kind: 'text', dir: 'ltr', hint: t('adminSlugHint', 'Letters, digits and hyphens; made from the title when left empty.') },
    ],
    draftOf: (r) => ({ category: r?.category ?? '', slug_id: r?.slug_id ?? '' }),
    nameOf: (r) => r.category,
  };
  return { categories, parameters, facilities, cities, sliders, 'report-reasons': reportReasons, faqs, 'article-categories': articleCategories } as unknown as Record<string, SectionSpec<{ id: number }>>;
}

const CONTENT_SECTIONS = new Set(['faqs', 'article-categories']);

/** `/admin/catalogue/:section`: one table of the catalogue (or of content's smaller tables) with its form. */
export default function AdminCatalogue() {
  const t = useT();
  const { section = 'categories' } = useParams();
  const session = useSession();
  const parameters = useQuery({ queryKey: ['admin', 'parameters-all', session?.data.id], enabled: !!session && section === 'categories', queryFn: () => adminCall('parameters', parametersAnswer, { query: { per_page: 100, sort: 'name', order: 'asc' } }) });
  const all = specs(t, (parameters.data?.data ?? []).map((p) => [String(p.id), p.name] as const));
  const spec = all[section];
  if (!spec) {
    return (
      <AdminPage title={t('adminNotFound', 'Not found')}>
        <p>{t('adminNoSuchSection', 'There is no such section.')}</p>
      </AdminPage>
    );
  }
  return (
    <AdminPage title={spec.title} lead={spec.lead}>
      <CrudSection key={section} spec={spec} header={CONTENT_SECTIONS.has(section) ? <ContentLinks /> : <CatalogueLinks />} />
    </AdminPage>
  );
}
