// The corpus: companies, persons, the seven document categories, the affiliation graph
// (institutions × persons), stored vectors and per-corpus state. Design: docs/corpus-storage.md §1.
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>

/** Columns every record table shares: the record itself, its hash, full text and vector state. */
const RECORD_COLUMNS = sql`
  record jsonb not null,
  -- sha-256 of the canonical record (sorted keys): re-ingesting identical data is detected without
  -- shipping the record back, and the upsert guard compares 32 characters instead of two documents.
  record_hash text not null,
  tsv tsvector not null,
  -- The vector key (usearch keys are u64) and the record's internal id (lookups with by: id).
  vec_key bigint not null unique default nextval('corpus_vec_key_seq'),
  has_vector boolean not null default false,
  -- Embedder name the record was embedded with; null when embedding failed or never ran.
  embedded_with text,
  updated_at timestamptz not null`

/**
 * Records over 2 kB are TOASTed, compressed with pglz by default: on PGlite that was ≈ 30% of the
 * CPU of a company upsert (3 kB records). lz4 where the server has it (fast, still small on disk);
 * otherwise (PGlite) stored uncompressed.
 */
async function recordStorage(db: AnyDb, table: string) {
  await sql`do $$ begin
    execute 'alter table ${sql.raw(table)} alter column record set compression lz4';
  exception when others then
    execute 'alter table ${sql.raw(table)} alter column record set storage external';
  end $$`.execute(db)
}

async function index(db: AnyDb, name: string, table: string, expression: string, using = 'btree') {
  await sql`create index ${sql.raw(name)} on ${sql.raw(table)} using ${sql.raw(using)} (${sql.raw(expression)})`.execute(
    db,
  )
}

export async function up(db: AnyDb): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db)
  // One key space for every record table, so record_vectors needs no category in its key.
  await sql`create sequence corpus_vec_key_seq`.execute(db)

  // Companies: id is the domain when there is one, else a 16-hex hash of the natural key.
  await sql`create table companies (
    id text primary key,
    domain text unique,
    professional_url text,
    name text,
    name_norm text,
    industry text,
    sub_industry text,
    country text,
    state text,
    city text,
    region text[],
    employee_count integer,
    founded_year integer,
    revenue double precision,
    total_funding double precision,
    last_funding_date date,
    funding_stage text,
    growth_stage text,
    ipo_status text,
    ownership text,
    operating_status text,
    technology text[],
    company_keyword text[],
    company_types text[],
    business_models text[],
    naics text[],
    sic text[],
    investors text[],
    ${RECORD_COLUMNS}
  )`.execute(db)
  await recordStorage(db, 'companies')
  await index(db, 'companies_tsv_idx', 'companies', 'tsv', 'gin')
  await index(db, 'companies_name_trgm_idx', 'companies', 'name gin_trgm_ops', 'gin')
  for (const c of [
    'professional_url',
    'name_norm',
    'industry',
    'sub_industry',
    'country',
    'state',
    'city',
    'employee_count',
    'founded_year',
    'revenue',
    'total_funding',
    'last_funding_date',
    'funding_stage',
    'growth_stage',
    'ipo_status',
    'ownership',
    'operating_status',
  ]) {
    await index(db, `companies_${c}_idx`, 'companies', c)
  }
  for (const c of [
    'region',
    'technology',
    'company_keyword',
    'company_types',
    'business_models',
    'naics',
    'sic',
    'investors',
  ]) {
    await index(db, `companies_${c}_idx`, 'companies', c, 'gin')
  }

  // Persons: id is a 16-hex hash of the normalised profile URL.
  await sql`create table persons (
    id text primary key,
    profile_url text not null unique,
    name text,
    name_norm text,
    title text,
    -- The current job: employer domain and its institution key (domain, or name:<normalised>).
    company_domain text,
    company_key text,
    company_name text,
    department text,
    sub_department text,
    seniority text,
    country text,
    state text,
    city text,
    skills text[],
    certifications text[],
    languages text[],
    employment_type text,
    governance_level text[],
    has_direct_access_to_c_suite boolean,
    -- yyyymm of the current job's start (tenure) and of the earliest job (years worked).
    current_start_month integer,
    career_start_month integer,
    ${RECORD_COLUMNS}
  )`.execute(db)
  await recordStorage(db, 'persons')
  await index(db, 'persons_tsv_idx', 'persons', 'tsv', 'gin')
  await index(db, 'persons_name_trgm_idx', 'persons', 'name gin_trgm_ops', 'gin')
  await index(db, 'persons_title_trgm_idx', 'persons', 'title gin_trgm_ops', 'gin')
  // The org chart's shape: one company's people grouped by department and seniority.
  await index(db, 'persons_company_org_idx', 'persons', 'company_domain, department, seniority')
  for (const c of [
    'company_key',
    'name_norm',
    'department',
    'sub_department',
    'seniority',
    'country',
    'state',
    'city',
    'employment_type',
    'current_start_month',
    'career_start_month',
  ]) {
    await index(db, `persons_${c}_idx`, 'persons', c)
  }
  for (const c of ['skills', 'certifications', 'languages', 'governance_level']) {
    await index(db, `persons_${c}_idx`, 'persons', c, 'gin')
  }

  // The seven document categories: id is a 16-hex hash of (category, natural key).
  await sql`create table documents (
    id text primary key,
    category text not null,
    natural_key text not null,
    -- What record lookups take (patent number, DOI, trend name, headline, title, company, role), normalised.
    lookup_id text,
    -- What by: name lookups and trigram search match (title, company, role, trend name).
    name text,
    name_norm text,
    company_domain text,
    -- Every company the document names (applicants, linked companies, related companies…).
    company_domains text[],
    published_at timestamptz,
    industry text,
    country text,
    -- The category's amount: a round's amount_usd, a posting's salary max, a trend's momentum.
    amount double precision,
    ${RECORD_COLUMNS},
    unique (category, natural_key)
  )`.execute(db)
  await recordStorage(db, 'documents')
  await index(db, 'documents_tsv_idx', 'documents', 'tsv', 'gin')
  await index(db, 'documents_name_trgm_idx', 'documents', 'name gin_trgm_ops', 'gin')
  // Every other field of a document category is filterable by containment (record @> '{"status":"granted"}').
  await index(db, 'documents_record_idx', 'documents', 'record jsonb_path_ops', 'gin')
  await index(db, 'documents_company_domains_idx', 'documents', 'company_domains', 'gin')
  for (const c of ['lookup_id', 'name_norm', 'company_domain', 'published_at', 'industry', 'country', 'amount']) {
    await index(db, `documents_${c}_idx`, 'documents', `category, ${c}`)
  }

  // Institutions of the affiliation graph: inst_key is a company domain, name:<normalised name> or a school_id.
  await sql`create table institutions (
    inst_key text primary key,
    type text not null,
    name text,
    name_norm text,
    domain text,
    professional_url text,
    record jsonb,
    updated_at timestamptz not null
  )`.execute(db)
  await index(db, 'institutions_name_trgm_idx', 'institutions', 'name gin_trgm_ops', 'gin')
  for (const c of ['name_norm', 'domain', 'professional_url'])
    await index(db, `institutions_${c}_idx`, 'institutions', c)

  // One row per employment entry or degree. Months are yyyymm integers; end_month null = still there.
  await sql`create table affiliations (
    person_id text not null,
    ordinal smallint not null,
    inst_key text not null,
    kind text not null,
    start_month integer,
    end_month integer,
    is_current boolean not null,
    match_confidence text not null,
    title text,
    department text,
    seniority text,
    primary key (person_id, ordinal)
  )`.execute(db)
  // Relationship queries start from an institution and need each person's dates: served from the index alone.
  await sql`create index affiliations_inst_idx on affiliations (inst_key, person_id)
    include (kind, start_month, end_month, is_current, match_confidence)`.execute(db)

  // Stored vectors, so a server rebuilds or catches up its index files. vector null = the record has
  // no vector any more (removed from the index on catch-up). generation orders writes per category.
  await sql`create table record_vectors (
    vec_key bigint primary key,
    category text not null,
    model text not null,
    vector bytea,
    generation bigint not null
  )`.execute(db)
  await index(db, 'record_vectors_generation_idx', 'record_vectors', 'category, generation')

  // One row per source_corpus: freshness, counts and field shares computed at the end of each ingest.
  await sql`create table corpus_state (
    corpus text primary key,
    as_of timestamptz,
    record_count bigint not null default 0,
    vector_count bigint,
    fields jsonb not null default '{}',
    vector_generation bigint not null default 0,
    updated_at timestamptz
  )`.execute(db)
  await sql`insert into corpus_state (corpus) values
    ('gtm_companies'), ('gtm_people'), ('gtm_affiliations'), ('gtm_institutions'), ('patents'), ('news'),
    ('market_reports'), ('funding_rounds'), ('academic_reports'), ('trends'), ('job_openings')`.execute(db)
}
