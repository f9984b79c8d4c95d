import type { SearchAlert } from "@estate/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/alerts";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { EmptyState } from "../../components/EmptyState.tsx";
import { RequireUser } from "../../components/RequireUser.tsx";
import {
  alertWords,
  filtersOfAlert,
} from "../../features/alerts/alert-words.ts";
import { useCategories } from "../../features/owner/get-categories.ts";
import { searchHref } from "../../features/search/search-url.ts";
import { call, RequestError } from "../../lib/client.ts";
import { useSite, useT } from "../../lib/i18n.ts";
import { pageTitle, siteFromMatches } from "../../lib/meta.ts";
import { useSession } from "../../lib/session.ts";
import { toast } from "../../lib/toast.ts";

export function meta({ matches }: Route.MetaArgs) {
  const { site, t } = siteFromMatches(matches);
  return [
    { title: pageTitle(t("searchAlerts", "Saved searches"), site) },
    { name: "robots", content: "noindex" },
  ];
}

/** A switch: a checkbox that looks like one, with room for a thumb on a phone. */
function Switch({
  label,
  checked,
  onChange,
  testId,
}: {
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  testId: string;
}) {
  // Flips under the thumb at once; the saved answer (or a refusal) then settles it.
  const [on, setOn] = useState(checked);
  useEffect(() => setOn(checked), [checked]);
  return (
    <label className="flex min-h-11 cursor-pointer items-center justify-between gap-3 text-sm">
      <span>{label}</span>
      <input
        type="checkbox"
        role="switch"
        checked={on}
        onChange={(e) => {
          setOn(e.target.checked);
          onChange(e.target.checked);
        }}
        className="size-5 shrink-0 accent-brand"
        data-testid={testId}
      />
    </label>
  );
}

function Alerts() {
  const t = useT();
  const site = useSite();
  const session = useSession();
  const queryClient = useQueryClient();
  const key = ["search-alerts", session?.data.id ?? 0];
  const list = useQuery({
    queryKey: key,
    queryFn: async () => {
      const { alertsAnswer } = await import("../../features/alerts/answers.ts");
      return (await call("search-alerts", alertsAnswer)).data;
    },
  });
  const categories = useCategories();
  const confirm = useRef<HTMLDialogElement>(null);
  const [doomed, setDoomed] = useState<SearchAlert>();
  const [busy, setBusy] = useState(false);
  const replace = (next: SearchAlert[]) => queryClient.setQueryData(key, next);

  const change = async (
    alert: SearchAlert,
    patch: { push?: boolean; email_digest?: boolean },
  ) => {
    const before = list.data ?? [];
    replace(before.map((a) => (a.id === alert.id ? { ...a, ...patch } : a)));
    try {
      const { alertAnswer } = await import("../../features/alerts/answers.ts");
      const body: Record<string, number> = { id: alert.id };
      for (const [k, v] of Object.entries(patch)) body[k] = v ? 1 : 0;
      const saved = (
        await call("update-search-alert", alertAnswer, { method: "POST", body })
      ).data;
      replace(
        (queryClient.getQueryData<SearchAlert[]>(key) ?? []).map((a) =>
          a.id === saved.id ? saved : a,
        ),
      );
    } catch (error) {
      replace(before);
      if (!(error instanceof RequestError && error.status === 401))
        toast((error as Error).message, "error");
    }
  };

  const remove = async () => {
    if (!doomed) return;
    setBusy(true);
    try {
      const { deletedAnswer } =
        await import("../../features/alerts/answers.ts");
      await call("delete-search-alert", deletedAnswer, {
        method: "POST",
        body: { id: doomed.id },
      });
      replace((list.data ?? []).filter((a) => a.id !== doomed.id));
      toast(t("alertDeleted", "Saved search deleted."));
    } catch (error) {
      if (!(error instanceof RequestError && error.status === 401))
        toast((error as Error).message, "error");
    } finally {
      setBusy(false);
      confirm.current?.close();
    }
  };

  const items = list.data ?? [];
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">
        {t("searchAlerts", "Saved searches")}
      </h1>
      <p className="text-slate-700">
        {t(
          "searchAlertsIntro",
          "We tell you when a new listing matches one of your searches, or a matching one gets cheaper: at once, by a daily e-mail, or both.",
        )}
      </p>
      {list.data && !items.length ? (
        <EmptyState>
          {t("noSearchAlerts", "No saved searches yet.")}{" "}
          <Link
            to="/properties"
            className="font-medium text-brand-dark underline"
          >
            {t(
              "noSearchAlertsHint",
              "Search for properties and choose “Save search & alert me”.",
            )}
          </Link>
        </EmptyState>
      ) : null}
      <ul className="space-y-3" data-testid="alert-list">
        {items.map((a) => {
          const words = alertWords(a, t, categories.data ?? [], site?.currency);
          return (
            <li
              key={a.id}
              className="rounded-xl border border-slate-200 bg-white p-4"
              data-testid="alert-row"
            >
              <ul
                className="flex flex-wrap gap-1.5"
                aria-label={t("alertFilters", "What this search watches")}
              >
                {words.map((w) => (
                  <li
                    key={w}
                    className="rounded-full bg-brand-light px-2.5 py-0.5 text-sm font-medium text-brand-dark"
                  >
                    <bdi>{w}</bdi>
                  </li>
                ))}
              </ul>
              <p className="mt-1 text-xs text-slate-600">
                {t("alertSince", "Saved {date}").replace(
                  "{date}",
                  new Date(a.created_at).toLocaleDateString(t.lang, {
                    dateStyle: "medium",
                    numberingSystem: "latn",
                  }),
                )}
              </p>
              <div className="mt-2 divide-y divide-slate-100 border-y border-slate-100">
                <Switch
                  label={t(
                    "alertPush",
                    "Tell me at once (notification and push)",
                  )}
                  checked={a.push}
                  onChange={(push) => change(a, { push })}
                  testId="alert-push"
                />
                <Switch
                  label={t("alertEmailDigest", "Daily e-mail digest")}
                  checked={a.email_digest}
                  onChange={(email_digest) => change(a, { email_digest })}
                  testId="alert-digest"
                />
              </div>
              <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
                <Link
                  to={searchHref(filtersOfAlert(a))}
                  className="inline-flex min-h-11 items-center font-medium text-brand-dark underline"
                >
                  {t("alertSeeResults", "See the listings")}
                </Link>
                <button
                  type="button"
                  onClick={() => {
                    setDoomed(a);
                    confirm.current?.showModal();
                  }}
                  className="min-h-11 rounded-lg border border-red-300 px-4 text-sm font-medium text-red-700 hover:bg-red-50"
                >
                  {t("delete", "Delete")}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        ref={confirm}
        id="delete-alert-title"
        title={t("deleteAlertQuestion", "Delete this saved search?")}
        cancelLabel={t("cancel", "Cancel")}
        confirmLabel={t("delete", "Delete")}
        onConfirm={remove}
        busy={busy}
        tone="danger"
      >
        <p className="mt-2 text-sm text-slate-700">
          {t(
            "deleteAlertHint",
            "You will no longer be told about new listings for it.",
          )}
        </p>
      </ConfirmDialog>
    </div>
  );
}

export default function AlertsPage() {
  return <RequireUser>{() => <Alerts />}</RequireUser>;
}
