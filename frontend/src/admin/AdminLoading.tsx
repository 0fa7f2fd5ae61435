/**
 * The back office's loading screen: the app's own spinner, named for screen readers, instead of react-admin's
 * (an unnamed progress bar over a caption too faint to read: 2.7:1 against its background).
 */
import { useTranslate } from 'react-admin';
import { PageSpinner } from '../shared/components/PageSpinner';

export function AdminLoading() {
  const translate = useTranslate();
  return <PageSpinner label={translate('ra.page.loading')} />;
}
