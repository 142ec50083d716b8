// Static list: discovery by glob loaded migrations twice once compiled files sat beside the sources.
import { Migration20261122000001_catalog } from './Migration20261122000001_catalog.js';
import { Migration20261122000002_languages } from './Migration20261122000002_languages.js';
import { Migration20261122000003_user_space } from './Migration20261122000003_user_space.js';
import { Migration20261122000004_pricing } from './Migration20261122000004_pricing.js';
import { Migration20261122000005_log_alerts } from './Migration20261122000005_log_alerts.js';
import { Migration20261125000006_edition_cover } from './Migration20261125000006_edition_cover.js';
import { Migration20261125000007_edition_enrichment } from './Migration20261125000007_edition_enrichment.js';
import { Migration20261125000008_book_title_key } from './Migration20261125000008_book_title_key.js';
import { Migration20261125000009_book_edition_search } from './Migration20261125000009_book_edition_search.js';
import { Migration20261125000010_on_demand_quota } from './Migration20261125000010_on_demand_quota.js';
import { Migration20261125000011_effective_preferences } from './Migration20261125000011_effective_preferences.js';
import { Migration20261125000012_notification_channels } from './Migration20261125000012_notification_channels.js';
import { Migration20261125000013_channel_deliveries } from './Migration20261125000013_channel_deliveries.js';
import { Migration20261125000014_edition_store_price } from './Migration20261125000014_edition_store_price.js';
import { Migration20261126000015_edition_store_price_order } from './Migration20261126000015_edition_store_price_order.js';
import { Migration20261129000016_channel_last_delivery } from './Migration20261129000016_channel_last_delivery.js';
import { Migration20261129000017_service_secret } from './Migration20261129000017_service_secret.js';
import { Migration20261129000018_store_fetch_outcome } from './Migration20261129000018_store_fetch_outcome.js';
import { Migration20261129000019_log_instance } from './Migration20261129000019_log_instance.js';
import { Migration20261129000020_reference_rate } from './Migration20261129000020_reference_rate.js';
import { Migration20261129000021_store_shipping } from './Migration20261129000021_store_shipping.js';
import { Migration20261129000022_convert_currencies } from './Migration20261129000022_convert_currencies.js';

export const migrationsList = [
  { name: 'Migration20261122000001_catalog', class: Migration20261122000001_catalog },
  { name: 'Migration20261122000002_languages', class: Migration20261122000002_languages },
  { name: 'Migration20261122000003_user_space', class: Migration20261122000003_user_space },
  { name: 'Migration20261122000004_pricing', class: Migration20261122000004_pricing },
  { name: 'Migration20261122000005_log_alerts', class: Migration20261122000005_log_alerts },
  { name: 'Migration20261125000006_edition_cover', class: Migration20261125000006_edition_cover },
  { name: 'Migration20261125000007_edition_enrichment', class: Migration20261125000007_edition_enrichment },
  { name: 'Migration20261125000008_book_title_key', class: Migration20261125000008_book_title_key },
  { name: 'Migration20261125000009_book_edition_search', class: Migration20261125000009_book_edition_search },
  { name: 'Migration20261125000010_on_demand_quota', class: Migration20261125000010_on_demand_quota },
  { name: 'Migration20261125000011_effective_preferences', class: Migration20261125000011_effective_preferences },
  { name: 'Migration20261125000012_notification_channels', class: Migration20261125000012_notification_channels },
  { name: 'Migration20261125000013_channel_deliveries', class: Migration20261125000013_channel_deliveries },
  { name: 'Migration20261125000014_edition_store_price', class: Migration20261125000014_edition_store_price },
  { name: 'Migration20261126000015_edition_store_price_order', class: Migration20261126000015_edition_store_price_order },
  { name: 'Migration20261129000016_channel_last_delivery', class: Migration20261129000016_channel_last_delivery },
  { name: 'Migration20261129000017_service_secret', class: Migration20261129000017_service_secret },
  { name: 'Migration20261129000018_store_fetch_outcome', class: Migration20261129000018_store_fetch_outcome },
  { name: 'Migration20261129000019_log_instance', class: Migration20261129000019_log_instance },
  { name: 'Migration20261129000020_reference_rate', class: Migration20261129000020_reference_rate },
  { name: 'Migration20261129000021_store_shipping', class: Migration20261129000021_store_shipping },
  { name: 'Migration20261129000022_convert_currencies', class: Migration20261129000022_convert_currencies },
];
