/**
 * The case calls (docs/product/cases.md#routes). Owners read their own list (/api/cases), staff every case (/api/admin/cases).
 * Lists, the open case and the unread count are pushed fresh by the socket (useNotificationSocket refreshes them on
 * a case_* notification); only while it is down do they poll, the messages every 3 s (docs/product/cases.md#validation-and-limits).
 */
import { type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiJson, apiRequest } from '../../api/client';
import type { Case, CaseDetail, CaseMessage } from '../../api/types';
import { useFallbackPolling } from '../notifications';
import { CASE_PREFIXES, casesKeys } from './casesKeys';

export { casesKeys } from './casesKeys';

export const MESSAGE_POLL_MS = 3000;
/** Lists and counts change less often than the open conversation. */
const LIST_POLL_MS = 5000;
/** Staff's lists are read a page at a time, newest activity first (the server pages and counts them), more on request. */
export const STAFF_PAGE = 50;

export type CaseState = 'open' | 'closed';
export const CATEGORIES = ['technical', 'billing', 'account', 'calendar', 'other'] as const;
export const PRIORITIES = ['low', 'medium', 'high'] as const;
export const DEPARTMENTS = ['it_dept', 'customer_service', 'homeowner_service', 'finance_dept', 'insurance'] as const;

/** The administrators a case can be assigned to: a few, read by the list's filter rather than every user. */
export function useAdministrators() {
  return useQuery({
    queryKey: casesKeys.administrators,
    queryFn: () => apiJson<{ id: number; name: string; username: string }[]>('GET', `/api/admin/users?${new URLSearchParams({ filter: JSON.stringify({ isAdmin: true }), sort: JSON.stringify(['name', 'ASC']) })}`),
    staleTime: 5 * 60_000,
  });
}

/** An owner's own cases of one list (GET /api/cases?state=…), all of them. */
export function useCases(state: CaseState) {
  const refetchInterval = useFallbackPolling(LIST_POLL_MS);
  return useQuery({
    queryKey: casesKeys.list(state),
    queryFn: () => apiJson<Case[]>('GET', `/api/cases?state=${state}`),
    refetchInterval,
  });
}

/** The total of a simple-rest answer's `Content-Range: cases 0-49/1234`, or `fallback` without one. */
export function totalOf(contentRange: string | null, fallback: number): number {
  const match = /\/(\d+)$/.exec(contentRange ?? '');
  return match ? Number(match[1]) : fallback;
}

async function fetchStaffPage(state: CaseState, first: number): Promise<{ rows: Case[]; total: number }> {
  const params = new URLSearchParams({
    filter: JSON.stringify({ isClosed: state === 'closed' }),
    sort: JSON.stringify(['updatedAt', 'DESC']),
    range: JSON.stringify([first, first + STAFF_PAGE - 1]),
  });
  const res = await apiRequest('GET', `/api/admin/cases?${params}`);
  const rows = (await res.json()) as Case[];
  return { rows, total: totalOf(res.headers.get('Content-Range'), first + rows.length) };
}

/** One of the case lists as the page shows it: the cases loaded so far, the list's true count, and a way to load more. */
export interface CaseList {
  cases: Case[];
  total: number;
  isPending: boolean;
  error: unknown;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

/**
 * Staff see every case: the server pages the list (GET /api/admin/cases with a range) and counts it, so no list is
 * cut short and the tab counts are the lists' true sizes. Owners' lists are their own few cases, read whole.
 */
export function useCaseList(state: CaseState, staff: boolean): CaseList {
  const refetchInterval = useFallbackPolling(LIST_POLL_MS);
  const own = useQuery({
    queryKey: casesKeys.list(state),
    queryFn: () => apiJson<Case[]>('GET', `/api/cases?state=${state}`),
    enabled: !staff,
    refetchInterval,
  });
  const all = useInfiniteQuery({
    queryKey: casesKeys.adminList(state),
    queryFn: ({ pageParam }) => fetchStaffPage(state, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, page) => n + page.rows.length, 0);
      return last.rows.length > 0 && loaded < last.total ? loaded : undefined;
    },
    enabled: staff,
    refetchInterval,
  });
  if (!staff) {
    const cases = own.data ?? [];
    return { cases, total: cases.length, isPending: own.isPending, error: own.error, hasMore: false, loadingMore: false, loadMore: () => undefined };
  }
  const pages = all.data?.pages ?? [];
  return {
    cases: pages.flatMap((page) => page.rows),
    total: pages.at(-1)?.total ?? 0,
    isPending: all.isPending,
    error: all.error,
    hasMore: all.hasNextPage,
    loadingMore: all.isFetchingNextPage,
    loadMore: () => void all.fetchNextPage(),
  };
}

export function useCase(id: number | null) {
  const refetchInterval = useFallbackPolling(MESSAGE_POLL_MS);
  return useQuery({
    queryKey: casesKeys.one(id ?? 0),
    queryFn: () => apiJson<CaseDetail>('GET', `/api/cases/${id}`),
    enabled: id !== null,
    retry: false,
    refetchInterval,
  });
}

export function useCaseMessages(id: number | null) {
  const refetchInterval = useFallbackPolling(MESSAGE_POLL_MS);
  return useQuery({
    queryKey: casesKeys.messages(id ?? 0),
    queryFn: () => apiJson<CaseMessage[]>('GET', `/api/cases/${id}/messages`),
    enabled: id !== null,
    retry: false,
    refetchInterval,
  });
}

export function useCaseUnreadCount(enabled = true) {
  const refetchInterval = useFallbackPolling(LIST_POLL_MS);
  return useQuery({
    queryKey: casesKeys.unreadCount,
    queryFn: () => apiJson<{ count: number }>('GET', '/api/cases/unread-count'),
    enabled,
    refetchInterval,
  });
}

/** After any change: every case read (lists, the case, its messages, the counts). */
export function invalidateCases(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(CASE_PREFIXES.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export interface NewCaseInput {
  title: string;
  category: string;
  priority: string;
  message: string;
  userId?: number;
  /** One of the opener's properties; without it their first (docs/product/cases.md#who-may-do-what). */
  propertyId?: number;
  /** A question about a payout's line: the case names both, and its property is the payout's. */
  payoutId?: number;
  payoutLineId?: number;
}

/**
 * A new case about a payout's line, as the payout's detail hands it to /cases (the router's state): the dialog opens
 * with the title written and the message field ready.
 */
export interface PayoutQuestion {
  payoutId: number;
  payoutLineId: number;
  /** '<line> (<month year>)', at most 100 characters. */
  title: string;
}

export function useCreateCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewCaseInput) => apiJson<Case>('POST', '/api/cases', input),
    onSuccess: () => invalidateCases(queryClient),
  });
}

/** A message as JSON, or with files as multipart/form-data (`message` and one `file` part per file). */
export async function sendCaseMessage(caseId: number, message: string, files: File[]): Promise<CaseMessage> {
  if (!files.length) return apiJson<CaseMessage>('POST', `/api/cases/${caseId}/messages`, { message });
  const form = new FormData();
  form.append('message', message);
  for (const file of files) form.append('file', file, file.name);
  const res = await fetch(`/api/cases/${caseId}/messages`, { method: 'POST', credentials: 'include', body: form });
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text());
  return (await res.json()) as CaseMessage;
}

export function useSendCaseMessage(caseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ message, files }: { message: string; files: File[] }) => sendCaseMessage(caseId, message, files),
    onSuccess: () => invalidateCases(queryClient),
  });
}

export function useCaseAction(caseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: { kind: 'close' | 'reopen' } | { kind: 'assign'; adminId?: number | null; department?: string | null }) =>
      action.kind === 'assign'
        ? apiJson<Case>('POST', `/api/admin/cases/${caseId}/assign`, { adminId: action.adminId, department: action.department })
        : apiJson<Case>('POST', `/api/cases/${caseId}/${action.kind}`),
    onSuccess: () => invalidateCases(queryClient),
  });
}

/** The case to show from ?case=<id>: a positive whole number, else none. */
export function parseCaseId(raw: string | null): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2 ** 31 - 1 ? id : null;
}

export const formatFileSize = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`);
