import { adminDone, adminFormField, adminPage, envelope, listEnvelope, personDetail, personRow, reportDecision, reportedListing, verificationApplication, verificationDecision, type FormFieldBody, type PersonRole, type ReportAction } from '@estate/core';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { Translate } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.ts';
import { adminCall } from '../admin-call.ts';
import { useAdminMutation } from '../use-admin-mutation.ts';
import { useAdminTable } from '../use-admin-table.ts';

// ── reports ──

export const useReportsTable = () => useAdminTable('reports', 'reports', adminPage(reportedListing), { filters: ['state'], filterDefaults: { state: 'open' }, defaultSort: 'last_reported_at' });

export function useDecideReport(t: Translate) {
  return useAdminMutation(
    (input: { id: number; action: ReportAction; reason?: string }) => ({ path: `reports/${input.id}/decide`, json: { action: input.action, reason: input.reason } }),
    (input) =>
      ({
        dismiss: t('adminReportDismissed', 'Reports dismissed'),
        hide: t('adminReportHidden', 'Listing hidden'),
        warn: t('adminReportWarned', 'Owner warned'),
        deactivate: t('adminReportDeactivated', 'Owner deactivated'),
      })[input.action],
    adminDone(reportDecision),
  );
}

// ── verification ──

export const useVerificationTable = () => useAdminTable('verifications', 'verifications', adminPage(verificationApplication), { filters: ['status'], filterDefaults: { status: 'pending' }, defaultSort: 'updated_at' });

export function useDecideVerification(t: Translate) {
  return useAdminMutation(
    (input: { userId: number; status: 'success' | 'failed'; reason?: string }) => ({ path: `verifications/${input.userId}/decide`, json: { status: input.status, reason: input.reason } }),
    (input) => (input.status === 'success' ? t('adminVerificationApproved', 'Agent verified') : t('adminVerificationFailed', 'Application failed')),
    adminDone(verificationDecision),
  );
}

const fieldsAnswer = listEnvelope(adminFormField);

export function useFormFields() {
  const session = useSession();
  return useQuery({ queryKey: ['admin', 'verification-fields', session?.data.id], enabled: !!session, queryFn: () => adminCall('verification-fields', fieldsAnswer) });
}

export function useSaveFormField(t: Translate) {
  return useAdminMutation(
    (input: { id?: number; body: FormFieldBody }) => ({ path: input.id ? `verification-fields/${input.id}` : 'verification-fields', json: input.body }),
    (input) => (input.id ? t('adminFieldSaved', 'Field saved') : t('adminFieldAdded', 'Field added')),
    adminDone(adminFormField),
  );
}

export function useDeleteFormField(t: Translate) {
  return useAdminMutation(
    (id: number) => ({ path: `verification-fields/${id}/delete` }),
    (_id, answer) => (answer.data.deleted ? t('adminFieldRemoved', 'Field removed') : t('adminFieldSwitchedOff', 'The field has answers, so it was switched off')),
    envelope(z.object({ id: z.number(), deleted: z.boolean() })),
  );
}

export function useOrderFormFields(t: Translate) {
  return useAdminMutation((ids: number[]) => ({ path: 'verification-fields/order', json: { ids } }), () => t('adminOrderSaved', 'Order saved'), fieldsAnswer);
}

// ── people ──

export const usePeopleTable = () => useAdminTable('people', 'people', adminPage(personRow), { filters: ['role', 'active'], defaultSort: 'created_at' });

const personAnswer = envelope(personDetail);

export function usePerson(id: number) {
  const session = useSession();
  return useQuery({ queryKey: ['admin', 'person', id, session?.data.id], enabled: !!session && id > 0, queryFn: () => adminCall(`people/${id}`, personAnswer) });
}

export function useSetActive(t: Translate) {
  return useAdminMutation(
    (input: { id: number; active: boolean; reason?: string }) => ({ path: `people/${input.id}/active`, json: { active: input.active ? 1 : 0, reason: input.reason } }),
    (input) => (input.active ? t('adminPersonReactivated', 'Account reactivated') : t('adminPersonDeactivated', 'Account deactivated')),
    personAnswer,
  );
}

export function useSetRole(t: Translate) {
  return useAdminMutation((input: { id: number; role: PersonRole }) => ({ path: `people/${input.id}/role`, json: { role: input.role } }), () => t('adminRoleChanged', 'Role changed'), personAnswer);
}

export function useResetVerification(t: Translate) {
  return useAdminMutation((id: number) => ({ path: `people/${id}/reset-verification` }), () => t('adminVerificationReset', 'Verification reset'), personAnswer);
}

export function useMessagePerson(t: Translate) {
  return useAdminMutation(
    (input: { id: number; title: string; message: string }) => ({ path: `people/${input.id}/message`, json: { title: input.title, message: input.message } }),
    () => t('adminMessageSent', 'Message sent'),
    envelope(z.object({ user_id: z.number() })),
  );
}
