import { useT } from '../../lib/i18n.ts';
import { TextArea, TextField } from './fields.tsx';
import type { FormApi } from './form-api.ts';
import { PictureField } from './MediaStep.tsx';
import { maxMegabytes } from './media-files.ts';

/** What search engines and shared links show of the listing; every field is optional. */
export function SeoStep({ f }: { f: FormApi }) {
  const t = useT();
  const { values } = f;
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-700">{t('seoLead', 'Optional. Left empty, the title, description and title picture are used.')}</p>
      <TextField
        label={t('metaTitle', 'Title for search engines')}
        name="meta_title"
        maxLength={200}
        value={values.meta_title}
        onChange={(v) => f.set('meta_title', v)}
        onBlur={() => f.touch('meta_title')}
        error={f.error('meta_title')}
        hint={t('charactersUsed', '{n} of {max} characters').replace('{n}', String(values.meta_title.length)).replace('{max}', '200')}
      />
      <TextArea
        label={t('metaDescription', 'Description for search engines')}
        name="meta_description"
        rows={3}
        maxLength={500}
        value={values.meta_description}
        onChange={(v) => f.set('meta_description', v)}
        onBlur={() => f.touch('meta_description')}
        error={f.error('meta_description')}
        hint={t('charactersUsed', '{n} of {max} characters').replace('{n}', String(values.meta_description.length)).replace('{max}', '500')}
      />
      <TextField
        label={t('metaKeywords', 'Keywords')}
        name="meta_keywords"
        maxLength={500}
        value={values.meta_keywords}
        onChange={(v) => f.set('meta_keywords', v)}
        onBlur={() => f.touch('meta_keywords')}
        error={f.error('meta_keywords')}
        hint={t('metaKeywordsHint', 'Separated by commas, e.g. flat, sea view, Bandra')}
      />
      <PictureField
        f={f}
        field="meta_image"
        label={t('metaImage', 'Picture for shared links')}
        hint={t('metaImageHint', 'Shown when the listing is shared; best 1200 × 630, up to {mb} MB.').replace('{mb}', String(maxMegabytes('image')))}
        file={f.media.metaImage}
        stored={f.media.storedMetaImage}
        wide
        onFile={(file) => f.updateMedia((m) => ({ ...m, metaImage: file }), ['meta_image'])}
      />
    </div>
  );
}
