/** The feed manager's sync toasts (docs/product/feeds.md#screens). */
import { useTranslation } from 'react-i18next';
import { codedText } from '../../../api/client';
import { messageParams } from '../../../shared/syncMessages';
import { useToast } from '../../../shared/toast';
import type { Feed, SyncAnswer } from '../types';

/**
 * Shows a sync answer as a toast: the server's own message with the count, or 'Synkroniseringsfeil'. Right after
 * adding a feed the success toast is titled 'Kalender lagt til' instead, so one toast tells the whole story.
 */
export function useShowSyncAnswer() {
  const { t } = useTranslation();
  const toast = useToast();
  return (feed: Pick<Feed, 'name'>, answer: SyncAnswer, justAdded: boolean) => {
    if (answer.status === 'failed') {
      toast({ title: t('feeds.sync.failedTitle'), description: `${feed.name}: ${codedText({ code: answer.errorCode, params: messageParams(answer.errorParams), message: answer.message }, answer.message)}`, severity: 'error' });
      return;
    }
    if (answer.status === 'skipped') {
      toast({ title: answer.message, description: feed.name, severity: 'info' });
      return;
    }
    const count = t('feeds.sync.count', { name: feed.name, count: answer.syncedCount });
    const summary = justAdded ? `${answer.message}. ${count}` : count;
    toast({
      title: justAdded ? t('feeds.added') : answer.message,
      // The server's warning (a partial import, bookings kept back) matters more than a plain success.
      description: answer.warning ? `${summary}. ${codedText({ code: answer.warningCode, params: messageParams(answer.warningParams), message: answer.warning }, answer.warning)}` : summary,
      severity: answer.warning ? 'warning' : 'success',
    });
  };
}
