import { Link, useParams } from 'react-router';
import type { Route } from './+types/project-form';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { FormAlert } from '../../components/Form.tsx';
import { RequireUser } from '../../components/RequireUser.tsx';
import { DASHBOARD_PATH, dashboardHref } from '../../features/owner/dashboard-url.ts';
import { useOwnedProject } from '../../features/owner/get-added-projects.ts';
import { ListingGate } from '../../features/owner/ListingGate.tsx';
import { ProjectForm } from '../../features/owner/ProjectForm.tsx';
import { useT } from '../../lib/i18n.ts';
import { pageTitle, siteFromMatches } from '../../lib/meta.ts';

export function meta({ matches, params }: Route.MetaArgs) {
  const { site, t } = siteFromMatches(matches);
  const title = params.id ? t('editProject', 'Edit project') : t('addProject', 'Add project');
  return [{ title: pageTitle(title, site) }, { name: 'robots', content: 'noindex' }];
}

/** The stored project an edit starts from; the owner's own only. */
function EditProject({ id, refused }: { id: number; refused: (error: unknown) => boolean }) {
  const t = useT();
  const project = useOwnedProject(id);
  if (project.error) return <FormAlert message={project.error.message} />;
  if (project.data === undefined) {
    return (
      <p role="status" className="py-16 text-center text-slate-600">
        {t('loading', 'Loading…')}
      </p>
    );
  }
  if (project.data === null) {
    return (
      <EmptyState>
        <span className="block font-semibold text-slate-900">{t('ownProjectNotFound', 'This is not one of your projects, or it has been deleted.')}</span>
        <Link to={dashboardHref({ tab: 'projects', page: 1 })} className="mt-3 inline-block font-semibold text-brand-dark underline">
          {t('backToMyListings', 'Back to my listings')}
        </Link>
      </EmptyState>
    );
  }
  return <ProjectForm key={project.data.id} project={project.data} refused={refused} />;
}

function ProjectPage() {
  const t = useT();
  const params = useParams();
  const id = params.id === undefined ? undefined : Number(params.id);
  const isEdit = id !== undefined;
  const validId = id === undefined || (Number.isInteger(id) && id > 0);
  return (
    <div className="mx-auto max-w-3xl">
      <Breadcrumb trail={[{ to: DASHBOARD_PATH, label: t('myListings', 'My listings') }]} />
      <h1 className="text-2xl font-bold sm:text-3xl">{isEdit ? t('editProject', 'Edit project') : t('addProject', 'Add project')}</h1>
      <p className="mt-1 text-slate-700">
        {isEdit
          ? t('editProjectLead', 'Changes are checked by our team again before visitors see them.')
          : t('addProjectLead', 'A development with its plans, pictures and documents. Our team checks it before visitors see it.')}
      </p>
      <div className="mt-6">
        {!validId ? (
          <EmptyState>{t('ownProjectNotFound', 'This is not one of your projects, or it has been deleted.')}</EmptyState>
        ) : (
          // Adding spends a project listing of the package; editing does not.
          <ListingGate feature="project_list" checkPackage={!isEdit}>
            {(refused) => (isEdit ? <EditProject id={id} refused={refused} /> : <ProjectForm project={null} refused={refused} />)}
          </ListingGate>
        )}
      </div>
    </div>
  );
}

export default function ProjectFormPage() {
  return <RequireUser>{() => <ProjectPage />}</RequireUser>;
}
