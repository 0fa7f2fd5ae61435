/**
 * Feeds have no page of their own (they are managed from the calendar, docs/product/feeds.md): the manifest only
 * names what their pushes refresh. A feed failing or working again changes its state in the feed manager; a Beds24
 * connection refused, failing or recovered changes the connection's (docs/product/notifications.md#live-screens).
 */
import type { FeatureManifest } from '../../shared/featureManifest';
import { feedsKeys } from './feedsKeys';

export const manifest: FeatureManifest = {
  pushRefresh: [
    { typePrefix: 'feed_', queryKeys: [feedsKeys.own] },
    { typePrefix: 'beds24_', queryKeys: [feedsKeys.beds24] },
  ],
};
