import type { OwnedProject, OwnedProperty } from '@estate/core';
import { useRef } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FormAlert } from '../../components/Form.tsx';
import { FeatureListingButton } from '../advertisements/FeatureListingButton.tsx';
import { useT, type Translate } from '../../lib/i18n.ts';
import { useChangeProjectStatus } from './change-project-status.ts';
import { useChangePropertyStatus } from './change-property-status.ts';
import { useDeleteProject } from './delete-project.ts';
import { useDeleteProperty } from './delete-property.ts';
import { projectActions, propertyActions, type PropertyAction } from './listing-state.ts';
import { useUpdatePropertyStatus } from './update-property-status.ts';

export const editPropertyHref = (id: number) => `/user/edit-property/${id}`;
export const editProjectHref = (id: number) => `/user/edit-project/${id}`;

const base = 'inline-flex min-h-11 items-center justify-center gap-1 rounded-lg border px-3 text-sm font-medium whitespace-nowrap disabled:cursor-wait disabled:opacity-60';
const plain = `${base} border-slate-300 bg-white text-slate-800 hover:bg-slate-50`;
const danger = `${base} border-red-300 bg-white text-red-800 hover:bg-red-50`;

function actionLabel(kind: Exclude<PropertyAction['kind'], 'edit' | 'delete'>, t: Translate): string {
  const labels = {
    pause: t('ownerPause', 'Pause'),
    reactivate: t('ownerReactivate', 'Re-activate'),
    markSold: t('ownerMarkSold', 'Mark sold'),
    markRented: t('ownerMarkRented', 'Mark rented'),
    backToSale: t('ownerMarkForSale', 'Back on sale'),
    backToRent: t('ownerMarkForRent', 'Back for rent'),
  };
  return labels[kind];
}

/** The delete button and its question: nothing is deleted until the owner confirms. */
function DeleteButton({ id, title, question, busy, error, onConfirm }: { id: string; title: string; question: string; busy: boolean; error?: string; onConfirm: (close: () => void) => void }) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <button type="button" className={danger} onClick={() => dialog.current?.showModal()}>
        {t('delete', 'Delete')} <span className="sr-only">{title}</span>
      </button>
      <ConfirmDialog
        ref={dialog}
        id={id}
        title={question}
        cancelLabel={t('cancel', 'Cancel')}
        confirmLabel={busy ? t('deleting', 'Deleting…') : t('delete', 'Delete')}
        onConfirm={() => onConfirm(() => dialog.current?.close())}
        busy={busy}
        tone="danger"
      >
        <p className="mt-2 text-slate-700">
          <bdi className="font-semibold">{title}</bdi>
        </p>
        <p className="mt-2 text-sm text-slate-700">{t('ownerDeleteText', 'Its pictures and documents go with it. This cannot be undone.')}</p>
        <FormAlert message={error} />
      </ConfirmDialog>
    </>
  );
}

/** What the owner can do with one of their properties: feature it (when it could be), edit, pause / re-activate, sold / rented and back, delete. */
export function PropertyActions({ property: p, onDeleted, className = '' }: { property: OwnedProperty; onDeleted?: () => void; className?: string }) {
  const t = useT();
  const market = useUpdatePropertyStatus();
  const visibility = useChangePropertyStatus();
  const remove = useDeleteProperty();
  const busy = market.isPending || visibility.isPending;
  return (
    <div className={`flex flex-wrap gap-2 ${className}`} data-testid="listing-actions">
      {p.is_feature_available ? <FeatureListingButton kind="property" id={p.id} title={p.title} /> : null}
      {propertyActions(p).map((action) => {
        if (action.kind === 'edit') {
          return (
            <Link key="edit" to={editPropertyHref(p.id)} className={plain}>
              {t('edit', 'Edit')} <span className="sr-only">{p.title}</span>
            </Link>
          );
        }
        if (action.kind === 'delete') {
          return (
            <DeleteButton
              key="delete"
              id={`delete-property-${p.id}`}
              title={p.title}
              question={t('ownerDeletePropertyQuestion', 'Delete this property?')}
              busy={remove.isPending}
              error={remove.error?.message}
              onConfirm={(close) =>
                remove.mutate(
                  { id: p.id },
                  {
                    onSuccess: () => {
                      close();
                      onDeleted?.();
                    },
                  },
                )
              }
            />
          );
        }
        const run = () =>
          action.kind === 'pause' || action.kind === 'reactivate'
            ? visibility.mutate({ propertyId: p.id, status: action.status })
            : market.mutate({ propertyId: p.id, status: action.status });
        return (
          <button key={action.kind} type="button" className={plain} disabled={busy} onClick={run}>
            {actionLabel(action.kind, t)} <span className="sr-only">{p.title}</span>
          </button>
        );
      })}
    </div>
  );
}

/** What the owner can do with one of their projects: feature it (when it could be), edit, pause / re-activate, delete. */
export function ProjectActions({ project: p, className = '' }: { project: OwnedProject; className?: string }) {
  const t = useT();
  const visibility = useChangeProjectStatus();
  const remove = useDeleteProject();
  return (
    <div className={`flex flex-wrap gap-2 ${className}`} data-testid="listing-actions">
      {p.is_feature_available ? <FeatureListingButton kind="project" id={p.id} title={p.title} /> : null}
      {projectActions(p).map((action) => {
        if (action.kind === 'edit') {
          return (
            <Link key="edit" to={editProjectHref(p.id)} className={plain}>
              {t('edit', 'Edit')} <span className="sr-only">{p.title}</span>
            </Link>
          );
        }
        if (action.kind === 'delete') {
          return (
            <DeleteButton
              key="delete"
              id={`delete-project-${p.id}`}
              title={p.title}
              question={t('ownerDeleteProjectQuestion', 'Delete this project?')}
              busy={remove.isPending}
              error={remove.error?.message}
              onConfirm={(close) => remove.mutate({ id: p.id }, { onSuccess: close })}
            />
          );
        }
        return (
          <button key={action.kind} type="button" className={plain} disabled={visibility.isPending} onClick={() => visibility.mutate({ projectId: p.id, status: action.status })}>
            {actionLabel(action.kind, t)} <span className="sr-only">{p.title}</span>
          </button>
        );
      })}
    </div>
  );
}
