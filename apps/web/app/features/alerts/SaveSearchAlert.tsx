import { STORAGE_KEYS } from '@estate/core/rules/constants';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { call, RequestError } from '../../lib/client.ts';
import { useSite, useT } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import type { Filters } from '../search/search-url.ts';
import { alertFromFilters, alertWords } from './alert-words.ts';

/**
 * "Save search & alert me" beside the result count and "Save this search": saves the search's
 * filters as an alert (told at once, the daily e-mail off until turned on in the user area). A
 * visitor is sent to log in and comes back to this search. Filters an alert cannot watch are named
 * before saving.
 */
export function SaveSearchAlert({ filters, categories, className = 'flex flex-col gap-1' }: { filters: Filters; categories: { id: number; category: string }[]; className?: string }) {
  const t = useT();
  const site = useSite();
  const session = useSession();
  const navigate = useNavigate();
  const [state, setState] = useState<'idle' | 'busy' | 'saved'>('idle');
  const [problem, setProblem] = useState<string>();
  const { alert, ignored } = alertFromFilters(filters);
  const words = alertWords(alert, t, categories, site?.currency);

  const save = async () => {
    if (!session) {
      localStorage.setItem(STORAGE_KEYS.redirectAfterLogin, `${window.location.pathname}${window.location.search}`);
      navigate('/login');
      return;
    }
    setState('busy');
    setProblem(undefined);
    try {
      const { alertAnswer } = await import('./answers.ts');
      const body: Record<string, string | number | undefined> = { name: words.join(' · ').replace(/[\u2066-\u2069]/g, '').slice(0, 100) };
      for (const [key, value] of Object.entries(alert)) if (value !== null) body[key] = value;
      await call('search-alerts', alertAnswer, { method: 'POST', body });
      setState('saved');
      toast(t('alertSaved', 'Search saved. We will tell you about new listings and price drops.'));
    } catch (error) {
      setState('idle');
      if (!(error instanceof RequestError && error.status === 401)) setProblem((error as Error).message);
    }
  };

  return (
    <div className={className} data-testid="save-alert">
      {state === 'saved' ? (
        <Link to="/user/alerts" className="inline-flex min-h-11 items-center justify-center rounded-lg border border-brand px-3 py-1.5 text-center text-sm font-semibold text-brand-dark hover:bg-brand-light" data-testid="alert-saved">
          {t('alertSavedManage', 'Saved ✓ · Manage alerts')}
        </Link>
      ) : (
        <button
          type="button"
          onClick={save}
          disabled={state === 'busy'}
          aria-describedby={ignored.length ? 'alert-ignores' : undefined}
          title={words.join(' · ')}
          className="inline-flex min-h-11 items-center justify-center gap-1.5 rounded-lg border border-brand bg-white px-3 py-1.5 text-sm font-semibold text-brand-dark hover:bg-brand-light disabled:opacity-60"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0" fill="currentColor">
            <path d="M10 2a5 5 0 0 0-5 5v3.6L3.3 13.3A1 1 0 0 0 4.1 15h11.8a1 1 0 0 0 .8-1.7L15 10.6V7a5 5 0 0 0-5-5zm-2 14a2 2 0 0 0 4 0z" />
          </svg>
          {state === 'busy' ? t('saving', 'Saving…') : t('saveSearchAlert', 'Save search & alert me')}
        </button>
      )}
      {(ignored.length && state !== 'saved') || problem ? (
        <div className="sm:max-w-xs">
          {ignored.length && state !== 'saved' ? (
            <p id="alert-ignores" className="text-xs text-slate-600">
              {t('alertIgnoresSome', 'Alerts watch the deal, category, city, price and bedrooms; your other filters are not part of it.')}
            </p>
          ) : null}
          {problem ? (
            <p role="alert" className="text-sm text-red-700">
              {problem}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
