import { adminArticle, adminDone, type AdminArticle } from '@estate/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { FormAlert, inputClass } from '../../components/Form.tsx';
import { AdminPage } from '../../features/admin/AdminPage.tsx';
import { adminCall } from '../../features/admin/admin-call.ts';
import { RichEditor } from '../../features/admin/content/RichEditor.tsx';
import { useAdminMutation } from '../../features/admin/use-admin-mutation.ts';
import { RequestError } from '../../lib/client.ts';
import { localizeMessage, useT } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { articleCategoriesAnswer } from './articles.tsx';

const articleAnswer = adminDone(adminArticle);

function Editor({ initial }: { initial: AdminArticle | null }) {
  const t = useT();
  const ids = useId();
  const navigate = useNavigate();
  const session = useSession();
  const [draft, setDraft] = useState({
    title: initial?.title ?? '',
    slug_id: initial?.slug_id ?? '',
    category_id: initial?.category_id ? String(initial.category_id) : '',
    is_published: initial?.is_published ?? true,
    description: initial?.description ?? '',
    meta_title: initial?.meta_title ?? '',
    meta_description: initial?.meta_description ?? '',
    meta_keywords: initial?.meta_keywords ?? '',
  });
  const [image, setImage] = useState<File | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const set = (key: keyof typeof draft, value: string | boolean) => setDraft((d) => ({ ...d, [key]: value }));
  const categories = useQuery({ queryKey: ['admin', 'article-categories-all', session?.data.id], enabled: !!session, queryFn: () => adminCall('article-categories', articleCategoriesAnswer, { query: { per_page: 100, sort: 'category', order: 'asc' } }) });
  const save = useAdminMutation((body: FormData) => ({ path: initial ? `articles/${initial.id}` : 'articles', method: initial ? 'PUT' : 'POST', body }), () => t('adminArticleSaved', 'Article saved'), articleAnswer);
  const fieldErrors = save.error instanceof RequestError ? save.error.fieldErrors : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = new FormData();
    for (const [key, value] of Object.entries(draft)) {
      if (typeof value === 'boolean') body.set(key, value ? '1' : '0');
      else if (value.trim() !== '') body.set(key, value);
    }
    if (image) body.set('image', image);
    else if (removeImage) body.set('remove_image', '1');
    save.mutate(body, { onSuccess: () => void navigate('/admin/articles') });
  };

  const label = 'block text-sm font-medium text-slate-800';
  const err = (name: string) =>
    fieldErrors[name] ? (
      <p id={`${ids}-${name}-error`} className="mt-1 text-sm text-red-700">
        {localizeMessage(fieldErrors[name], t)}
      </p>
    ) : null;
  const described = (name: string) => (fieldErrors[name] ? { 'aria-invalid': true, 'aria-describedby': `${ids}-${name}-error` } : {});
  const text = (name: 'title' | 'slug_id' | 'meta_title' | 'meta_description' | 'meta_keywords', labelText: string, extra: { dir?: string; hint?: string } = {}) => (
    <div>
      <label htmlFor={`${ids}-${name}`} className={label}>
        {labelText}
      </label>
      <input id={`${ids}-${name}`} name={name} value={draft[name]} onChange={(e) => set(name, e.target.value)} className={inputClass} dir={extra.dir} {...described(name)} />
      {extra.hint && <p className="mt-1 text-sm text-slate-600">{extra.hint}</p>}
      {err(name)}
    </div>
  );

  return (
    <form onSubmit={submit} noValidate className="grid max-w-4xl gap-6">
      {save.error && !Object.keys(fieldErrors).length ? <FormAlert message={localizeMessage(save.error.message, t)} /> : null}
      <fieldset className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <legend className="px-1 text-base font-semibold">{t('adminArticleBasics', 'Title and place')}</legend>
        <div className="sm:col-span-2">{text('title', t('adminColTitle', 'Title'))}</div>
        {text('slug_id', t('adminSlug', 'Address (slug)'), { dir: 'ltr', hint: t('adminSlugHint', 'Letters, digits and hyphens; made from the title when left empty.') })}
        <div>
          <label htmlFor={`${ids}-category`} className={label}>
            {t('adminColCategory', 'Category')}
          </label>
          <select id={`${ids}-category`} value={draft.category_id} onChange={(e) => set('category_id', e.target.value)} className={inputClass} {...described('category_id')}>
            <option value="">{t('adminNoCategory', 'No category')}</option>
            {(categories.data?.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.category}
              </option>
            ))}
          </select>
          {err('category_id')}
        </div>
        <label className="flex items-center gap-2 text-sm font-medium sm:col-span-2">
          <input type="checkbox" checked={draft.is_published} onChange={(e) => set('is_published', e.target.checked)} className="size-4" />
          {t('adminPublishedCheckbox', 'Published (visitors can read it)')}
        </label>
      </fieldset>

      <div>
        <p className={label}>{t('adminArticleBody', 'Article')}</p>
        <p id={`${ids}-body-hint`} className="mb-2 text-sm text-slate-600">
          {t('adminArticleBodyHint', 'Type or paste; headings, lists, links and emphasis are kept. Scripts and styles are removed on saving.')}
        </p>
        <RichEditor id={`${ids}-body`} label={t('adminArticleBody', 'Article')} value={draft.description} onChange={(html) => set('description', html)} describedBy={fieldErrors.description ? `${ids}-description-error` : `${ids}-body-hint`} invalid={!!fieldErrors.description} />
        {err('description')}
      </div>

      <fieldset className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4">
        <legend className="px-1 text-base font-semibold">{t('adminPicture', 'Picture')}</legend>
        {initial?.image && !removeImage && !image ? <img src={initial.image} alt="" className="h-32 w-auto rounded-lg object-cover" /> : null}
        <div>
          <label htmlFor={`${ids}-image`} className={label}>
            {t('adminChoosePicture', 'Choose a picture (JPEG, PNG or WebP, up to 5 MB)')}
          </label>
          <input id={`${ids}-image`} type="file" accept="image/*" onChange={(e) => setImage(e.target.files?.[0] ?? null)} className="mt-1 block w-full text-sm" {...described('image')} />
          {err('image')}
        </div>
        {initial?.image && (
          <label className="flex items-center gap-2 text-sm font-medium">
            <input type="checkbox" checked={removeImage} onChange={(e) => setRemoveImage(e.target.checked)} className="size-4" />
            {t('adminRemovePicture', 'Remove the picture')}
          </label>
        )}
      </fieldset>

      <fieldset className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4">
        <legend className="px-1 text-base font-semibold">{t('adminSeo', 'Search engines')}</legend>
        {text('meta_title', t('adminMetaTitle', 'Title for search engines'))}
        {text('meta_description', t('adminMetaDescription', 'Description for search engines'))}
        {text('meta_keywords', t('adminMetaKeywords', 'Keywords'))}
      </fieldset>

      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={save.isPending} className="rounded-lg bg-brand px-5 py-2.5 font-semibold text-white hover:bg-brand-dark disabled:opacity-60">
          {save.isPending ? t('saving', 'Saving…') : t('adminSaveArticle', 'Save article')}
        </button>
        <Link to="/admin/articles" className="rounded-lg border border-slate-300 px-5 py-2.5 font-medium">
          {t('cancel', 'Cancel')}
        </Link>
      </div>
    </form>
  );
}

/** `/admin/articles/new` and `/admin/articles/:id`: an article in the rich-text editor. */
export default function AdminArticleEdit() {
  const t = useT();
  const { id } = useParams();
  const session = useSession();
  const isNew = id === undefined || id === 'new';
  const found = useQuery({ queryKey: ['admin', 'article', id, session?.data.id], enabled: !!session && !isNew, queryFn: () => adminCall(`articles/${id}`, articleAnswer) });
  return (
    <AdminPage title={isNew ? t('adminNewArticle', 'New article') : t('adminEditArticle', 'Edit article')}>
      {isNew ? <Editor initial={null} /> : found.data ? <Editor key={found.data.data.id} initial={found.data.data} /> : found.error ? <FormAlert message={localizeMessage(found.error.message, t)} /> : <p>{t('loading', 'Loading…')}</p>}
    </AdminPage>
  );
}
