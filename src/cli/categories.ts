// The record categories the CLI offers as choices, spelled out so `dsp --help` does not load the
// record schemas; the checks fail to compile if a list ever differs from the one it mirrors.
import type { EntityCategory, IngestCategory } from '../contract/records.ts'

/** contract/records.ts's ENTITY_CATEGORIES (dsp delete). */
export const ENTITY_CATEGORIES = [
  'company',
  'person',
  'patent',
  'news_article',
  'market_report',
  'funding_round',
  'academic_report',
  'trend',
  'job_opening',
] as const satisfies readonly EntityCategory[]
const everyEntityListed: Exclude<EntityCategory, (typeof ENTITY_CATEGORIES)[number]> extends never ? true : false = true
void everyEntityListed

/** contract/records.ts's INGEST_CATEGORIES (dsp ingest): the entity categories and schools. */
export const INGEST_CATEGORIES = [...ENTITY_CATEGORIES, 'school'] as const satisfies readonly IngestCategory[]
const everyIngestListed: Exclude<IngestCategory, (typeof INGEST_CATEGORIES)[number]> extends never ? true : false = true
void everyIngestListed
