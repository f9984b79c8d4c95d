import { useMemo } from 'react';
import { data, Link } from 'react-router';
import type { Route } from './+types/property-form';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { FormAlert } from '../../components/Form.tsx';
import { RequireUser } from '../../components/RequireUser.tsx';
import { draftKey } from '../../features/listing-form/draft.ts';
import { useAddedProperty } from '../../features/listing-form/get-added-property.ts';
import { ListingForm } from '../../features/listing-form/ListingForm.tsx';
import { emptyMedia, emptyValues, valuesOfListing } from '../../features/listing-form/values.ts';
import { DASHBOARD_PATH } from '../../features/owner/dashboard-url.ts';
import { ListingGate } from '../../features/owner/ListingGate.tsx';
import { api } from '../../lib/api.ts';
import { ApiError } from '../../lib/errors.ts';
import { localizeMessage, useT } from '../../lib/i18n.ts';
import { pageTitle, siteFromMatches } from '../../lib/meta.ts';

/** `/user/properties` (spec §2 "Add a property") and `/user/edit-property/:id` (one's own). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (params.id !== undefined && !/^[1-9]\d{0,9}$/.test(params.id)) throw data(null, { status: 404 });
  // The choices the form offers are public: categories with their parameters, and the nearby places.
  const [categories, facilities] = await Promise.all([api.categories({ request, context }), api.facilities({ request, context })]);
  return { categories, facilities, id: params.id === undefined ? null : Number(params.id) };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const { site, t } = siteFromMatches(matches);
  const title = loaderData?.id ? t('editProperty', 'Edit property') : t('addAProperty', 'Add a property');
  return [{ title: pageTitle(title, site) }, { name: 'robots', content: 'noindex' }];
}

/** A new listing starts empty (one value for every render: the form compares its draft with it). */
const NEW_VALUES = emptyValues();
const NEW_MEDIA = emptyMedia();
const CREATE = { kind: 'create' } as const;

type Catalogue = Pick<Route.ComponentProps['loaderData'], 'categories' | 'facilities'>;
type Refused = (error: unknown) => boolean;

function EditProperty({ userId, id, catalogue, refused }: { userId: number; id: number; catalogue: Catalogue; refused: Refused }) {
  const t = useT();
  const listing = useAddedProperty(id);
  const initial = useMemo(() => (listing.data ? valuesOfListing(listing.data) : null), [listing.data]);
  const mode = useMemo(() => ({ kind: 'edit' as const, id }), [id]);
  if (listing.error) {
    if (listing.error instanceof ApiError && listing.error.status === 404) {
      return (
        <EmptyState>
          <span className="block font-semibold text-slate-900">{t('ownPropertyNotFound', 'This is not one of your properties, or it has been deleted.')}</span>
          <Link to={DASHBOARD_PATH} className="mt-3 inline-block font-semibold text-brand-dark underline">
            {t('backToMyListings', 'Back to my listings')}
          </Link>
        </EmptyState>
      );
    }
    return <FormAlert message={localizeMessage(listing.error.message, t)} />;
  }
  if (!initial) {
    return (
      <p role="status" className="py-16 text-center text-slate-600">
        {t('loading', 'Loading…')}
      </p>
    );
  }
  return (
    <ListingForm
      key={id}
      mode={mode}
      {...catalogue}
      initialValues={initial.values}
      initialMedia={initial.media}
      draftKey={draftKey(userId, id)}
      refused={refused}
    />
  );
}

export default function PropertyFormPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { id, categories, facilities } = loaderData;
  const catalogue = { categories, facilities };
  return (
    <div className="mx-auto max-w-5xl">
      <Breadcrumb trail={[{ to: DASHBOARD_PATH, label: t('myListings', 'My listings') }]} />
      <h1 className="text-2xl font-bold sm:text-3xl">{id ? t('editProperty', 'Edit property') : t('addAProperty', 'Add a property')}</h1>
      <p className="mt-1 text-slate-700">
        {id
          ? t('editPropertyLead', 'Changes may be checked by our team again before visitors see them.')
          : t('addPropertyLead', 'A few steps: what it is, where, its details, photos and files. Our team checks it before visitors see it.')}
      </p>
      <div className="mt-4">
        <RequireUser>
          {(session) => (
            // Adding spends a property listing of the package; editing does not.
            <ListingGate feature="property_list" checkPackage={!id}>
              {(refused) =>
                id ? (
                  <EditProperty key={id} userId={session.data.id} id={id} catalogue={catalogue} refused={refused} />
                ) : (
                  <ListingForm mode={CREATE} {...catalogue} initialValues={NEW_VALUES} initialMedia={NEW_MEDIA} draftKey={draftKey(session.data.id)} refused={refused} />
                )
              }
            </ListingGate>
          )}
        </RequireUser>
      </div>
    </div>
  );
}
