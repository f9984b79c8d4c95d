import { STORAGE_KEYS, type Project } from '@estate/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../lib/client.ts';
import { useT } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { PACKAGES_KEY } from '../packages/get-packages.ts';
import { useFeatureGate } from '../packages/FeatureGate.tsx';

/**
 * Spec §4/§5 `project_access`: pages are rendered for visitors, so a project arrives as its teaser
 * (`project_access_locked`). A logged-in viewer may hold the feature (or own the project), so the
 * browser asks again with the session's token; the server answers the whole project then (and
 * counts the opening on the package), or the teaser again — `locked` is then true and spec §8's
 * "feature not available" pop-up (project access) opens by itself, leading to the plans.
 */
export function useProjectAccess(project: Project) {
  const session = useSession();
  const queryClient = useQueryClient();
  const gate = useFeatureGate();
  const [full, setFull] = useState<Project | null>(null);
  const [checked, setChecked] = useState(false);
  const slug = project.slug_id;
  const token = session?.token;
  const { open } = gate;
  useEffect(() => {
    setFull(null);
    setChecked(false);
    if (!project.project_access_locked || !token) return;
    let current = true;
    void (async () => {
      const { projectAnswer } = await import('../../lib/answers.ts');
      const answer = await call('get-project-detail', projectAnswer, { query: { slug_id: slug } }).catch(() => null);
      if (!current) return;
      setChecked(true);
      if (!answer) return;
      setFull(answer.data);
      if (answer.data.project_access_locked) open('project_access');
      // The opening counted shows on the plans page and My package.
      else void queryClient.invalidateQueries({ queryKey: [PACKAGES_KEY] });
    })();
    return () => {
      current = false;
    };
  }, [slug, token, project.project_access_locked]);
  const shown = full ?? project;
  return { project: shown, loggedIn: !!token, checked, openGate: () => open('project_access'), dialog: gate.dialog };
}

/**
 * What a project teaser holds back, and the way to it: a visitor logs in and comes back to this
 * project (`redirectAfterLogin`); a logged-in user without the feature gets the §8 pop-up, whose
 * confirmation opens the plans.
 */
export function ProjectLock({ slug, loggedIn, checked, openGate }: { slug: string; loggedIn: boolean; checked: boolean; openGate: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const logIn = () => {
    try {
      localStorage.setItem(STORAGE_KEYS.redirectAfterLogin, `/project-details/${slug}`);
    } catch {
      // Storage may be unavailable (private mode); the log-in page still opens.
    }
    void navigate('/login');
  };
  const button = 'mt-4 inline-flex min-h-11 items-center rounded-lg bg-brand px-4 font-semibold text-white hover:bg-brand-dark';
  return (
    <section aria-labelledby="project-lock" className="mt-6 rounded-2xl border border-amber-300 bg-amber-50 p-5" data-testid="project-lock">
      <h2 id="project-lock" className="text-lg font-bold text-slate-900">
        {t('projectLockedTitle', 'The full project is for subscribers')}
      </h2>
      <p className="mt-2 text-slate-800">
        {t('projectLockedText', 'The floor plans, documents, photo gallery, video and the developer’s phone and e-mail open with a plan that includes project access.')}
      </p>
      {!loggedIn ? (
        <button type="button" onClick={logIn} className={button} data-testid="project-lock-login">
          {t('projectLockedLogin', 'Log in to see the whole project')}
        </button>
      ) : checked ? (
        <button type="button" onClick={openGate} className={button} data-testid="project-lock-plans">
          {t('seePlans', 'See plans')}
        </button>
      ) : null}
    </section>
  );
}
