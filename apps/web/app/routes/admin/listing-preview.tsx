import { adminPage, moderationItem, type ModerationItem, type ModerationKind } from '@estate/core';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Description, DetailSection } from '../../components/DetailSection.tsx';
import { Gallery } from '../../components/Gallery.tsx';
import { adminCall } from '../../features/admin/admin-call.ts';
import { AdminPage } from '../../features/admin/AdminPage.tsx';
import { ReasonDialog } from '../../features/admin/ReasonDialog.tsx';
import { StateBadge } from '../../features/admin/moderation/StateBadge.tsx';
import { useModerate } from '../../features/admin/moderation/moderation.ts';
import { call } from '../../lib/client.ts';
import { placeLine, priceLabel } from '../../lib/format.ts';
import { localizeMessage, useSite, useT } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';

const listAnswer = adminPage(moderationItem);

interface Preview {
  row: ModerationItem;
  title: string;
  images: string[];
  price: string | null;
  place: string;
  description: string;
  facts: [string, string][];
}

/** The listing as a visitor will see it (asked with the admin's session, which may read it before approval), with its review state. */
function usePreview(kind: ModerationKind, slug: string) {
  const session = useSession();
  const site = useSite();
  const t = useT();
  return useQuery({
    queryKey: ['admin', 'preview', kind, slug, session?.data.id],
    enabled: !!session && !!site,
    staleTime: 0,
    queryFn: async (): Promise<Preview | null> => {
      const { propertyAnswer, projectAnswer } = await import('../../lib/answers.ts');
      const list = await adminCall(`listings/${kind}`, listAnswer, { query: { q: slug, per_page: 20 } });
      const row = list.data.find((r) => r.slug_id === slug);
      if (!row) return null;
      if (kind === 'property') {
        const answer = await call('get_property', propertyAnswer, { query: { slug_id: slug } });
        const p = answer.data[0];
        if (!p || !site) return null;
        const gallery = 'gallery' in p ? p.gallery.map((g) => g.image_url) : [];
        return {
          row,
          title: p.title,
          images: [p.title_image, ...gallery].filter((src, i, all): src is string => !!src && all.indexOf(src) === i),
          price: priceLabel(p.price, p.property_type, p.rentduration, site.currency, t),
          place: placeLine(['client_address' in p ? p.client_address : null, p.address, p.city, p.state, p.country]),
          description: 'description' in p ? p.description : '',
          facts: p.parameters.map((x) => [x.name, String(x.value)]),
        };
      }
      const answer = await call('get-project-detail', projectAnswer, { query: { slug_id: slug } });
      const p = answer.data;
      return {
        row,
        title: p.title,
        images: [p.image, ...p.gallary_images.map((g) => g.name)].filter((src, i, all): src is string => !!src && all.indexOf(src) === i),
        price: null,
        place: placeLine([p.location, p.city, p.state, p.country]),
        description: p.description,
        facts: [],
      };
    },
  });
}

/** `/admin/listings/:kind/:slug`: the listing as it will be published, with Approve and Reject. */
export default function ListingPreview() {
  const t = useT();
  const params = useParams();
  const kind: ModerationKind = params.kind === 'project' ? 'project' : 'property';
  const slug = params.slug ?? '';
  const preview = usePreview(kind, slug);
  const moderate = useModerate(t);
  const rejectDialog = useRef<HTMLDialogElement>(null);
  const approveDialog = useRef<HTMLDialogElement>(null);
  const p = preview.data;
  const back = `/admin/listings${kind === 'project' ? '?kind=project' : ''}`;
  const act = (action: 'approve' | 'reject', reason?: string) =>
    p &&
    moderate.mutate(
      { kind, ids: [p.row.id], action, reason },
      {
        onSuccess: () => {
          rejectDialog.current?.close();
          approveDialog.current?.close();
        },
      },
    );

  return (
    <AdminPage
      title={p?.title ?? t('adminPreview', 'Preview')}
      lead={t('adminPreviewLead', 'This is how visitors will see the listing once it is approved.')}
      actions={
        p && (
          <>
            {p.row.request_status !== 'approved' && (
              <button type="button" onClick={() => approveDialog.current?.showModal()} className="rounded-lg bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800">
                {t('adminApprove', 'Approve')}
              </button>
            )}
            {p.row.request_status !== 'rejected' && (
              <button
                type="button"
                onClick={() => {
                  moderate.reset();
                  rejectDialog.current?.showModal();
                }}
                className="rounded-lg border border-red-700 bg-white px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50"
              >
                {t('adminReject', 'Reject')}
              </button>
            )}
          </>
        )
      }
    >
      <Link to={back} className="text-sm font-medium text-brand-dark underline">
        ← {t('adminBackToListings', 'Back to the listings')}
      </Link>
      {preview.error && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-red-800">
          {localizeMessage(preview.error.message, t)}
        </p>
      )}
      {preview.isPending && (
        <p role="status" className="mt-4 text-slate-600">
          {t('loading', 'Loading…')}
        </p>
      )}
      {preview.isSuccess && !p && <p className="mt-4 text-slate-700">{t('adminListingGone', 'This listing no longer exists.')}</p>}
      {p && (
        <div className="mt-4 space-y-6">
          <div className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-4">
            <StateBadge row={p.row} />
            <span className="text-sm text-slate-700">
              {t('adminColOwner', 'Owner')}: <strong className="wrap-anywhere">{p.row.owner?.name ?? p.row.owner?.email ?? t('adminPlatform', 'The platform')}</strong>
            </span>
          </div>
          {p.images.length > 0 && <Gallery images={p.images} title={p.title} />}
          <div>
            {p.price && <p className="text-2xl font-bold text-slate-900">{p.price}</p>}
            {p.place && <p className="mt-1 text-slate-700">{p.place}</p>}
          </div>
          {p.facts.length > 0 && (
            <DetailSection id="preview-facts" title={t('adminFacts', 'Details')} spaced>
              <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
                {p.facts.map(([name, value]) => (
                  <div key={name} className="rounded-lg bg-slate-50 p-3">
                    <dt className="text-xs text-slate-600">{name}</dt>
                    <dd className="font-medium wrap-anywhere">{value}</dd>
                  </div>
                ))}
              </dl>
            </DetailSection>
          )}
          {p.description && (
            <DetailSection id="preview-description" title={t('description', 'Description')}>
              <Description text={p.description} />
            </DetailSection>
          )}
        </div>
      )}
      <ReasonDialog
        dialog={rejectDialog}
        title={t.count(1, 'adminRejectTitle', 'Reject {count} listing', 'Reject {count} listings')}
        reasonLabel={t('adminRejectReason', 'Why? The owner will read this.')}
        reasonRequired
        confirmLabel={t('adminReject', 'Reject')}
        tone="danger"
        busy={moderate.isPending}
        error={moderate.error}
        onConfirm={(reason) => act('reject', reason)}
      />
      <ConfirmDialog
        ref={approveDialog}
        id="approve-one-dialog"
        title={t.count(1, 'adminApproveTitle', 'Approve {count} listing?', 'Approve {count} listings?')}
        cancelLabel={t('cancel', 'Cancel')}
        confirmLabel={t('adminApprove', 'Approve')}
        busy={moderate.isPending}
        onConfirm={() => act('approve')}
      >
        <p className="mt-2 text-sm text-slate-700">{t('adminApproveLead', 'Everyone will see it, and its owner will be told.')}</p>
      </ConfirmDialog>
    </AdminPage>
  );
}
