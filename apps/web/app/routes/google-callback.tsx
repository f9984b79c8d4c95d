import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Route } from './+types/google-callback';
import { AuthCard, FormAlert } from '../components/Form.tsx';
import { sessionAnswer, startSession } from '../lib/answers.ts';
import { call, takeRedirectAfterLogin } from '../lib/client.ts';
import { takeGoogleAnswer } from '../lib/google.ts';
import { useT } from '../lib/i18n.ts';
import { pageTitle, siteFromMatches } from '../lib/meta.ts';

export function meta({ matches }: Route.MetaArgs) {
  const { site, t } = siteFromMatches(matches);
  return [{ title: pageTitle(t('googleSignIn', 'Google sign-in'), site) }, { name: 'robots', content: 'noindex' }];
}

/** Where Google sends the browser back: the ID token in the fragment logs in (user_signup type 0). */
export default function GoogleCallback() {
  const t = useT();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string>();
  const started = useRef(false);

  useEffect(() => {
    // Once: the pending request is used up by reading it (and React may run effects twice in development).
    if (started.current) return;
    started.current = true;
    const answer = takeGoogleAnswer(window.location.hash);
    // The token leaves the address bar and the history at once.
    window.history.replaceState(null, '', window.location.pathname);
    if ('error' in answer) {
      setProblem(
        answer.error === 'cancelled'
          ? t('googleCancelled', 'Google sign-in was cancelled.')
          : t('googleMismatch', 'This Google sign-in was not started here or has expired. Please try again.'),
      );
      return;
    }
    call('user_signup', sessionAnswer, { method: 'POST', body: { type: 0, auth_id: answer.idToken }, anonymous: true })
      .then((session) => {
        startSession(session);
        navigate(takeRedirectAfterLogin('/'), { replace: true });
      })
      .catch((error: unknown) => setProblem(error instanceof Error ? error.message : t('googleFailed', 'Google sign-in failed. Please try again.')));
  }, [navigate, t]);

  return (
    <AuthCard title={t('googleSignIn', 'Google sign-in')}>
      {problem ? (
        <>
          <FormAlert message={problem} />
          <p className="mt-4 text-sm">
            <Link to="/login" className="font-medium text-brand-dark underline">
              {t('backToLogin', 'Back to log in')}
            </Link>
          </p>
        </>
      ) : (
        <p role="status" className="text-slate-700">
          {t('googleSigningIn', 'Signing you in with Google…')}
        </p>
      )}
    </AuthCard>
  );
}
