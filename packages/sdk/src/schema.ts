export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness */
        get: operations["getLiveness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: reachability of each dependency */
        get: operations["checkReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/credits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Credit balance */
        get: operations["getCredits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/members/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Look up a member of your organisation by email */
        post: operations["resolveMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Search one category (fast, auto or deep) */
        post: operations["searchRecords"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/similar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Company look-alikes from anchor companies */
        post: operations["findSimilar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/usage/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Usage history: your runs, newest first */
        get: operations["listHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/usage/history/{run_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One run in detail: request, plan, page-1 snapshot */
        get: operations["getHistoryRun"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/usage/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Run counts and credits per UTC day */
        get: operations["getUsageMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/keys/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Spend of the calling key per period and action type */
        get: operations["getKeyUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/billing/top-up/intents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A link a person opens to buy credits */
        post: operations["createTopupIntent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/billing/top-up/intents/{topup_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Status of a top-up */
        get: operations["getTopupIntent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/search/filters/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Values a company or person filter takes, 20 a page */
        get: operations["listFilterValues"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/search/filters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** No filter name: 422 listing the accepted names */
        get: operations["listFilterValuesWithoutName"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/search/filters/{category}/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Values a document category's filter takes, 20 a page */
        get: operations["listDocumentFilterValues"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sorts/{category}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Fields a search of this category can be ordered by */
        get: operations["listSortFields"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/coverage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What the index holds per corpus
         * @description Per source_corpus (every value of the closed set, empty ones included): records held, as_of (freshness of the latest ingest), the share of records carrying each major field, and how many records have an embedding. `vector_coverage_incomplete` true means meaning-based search cannot find some records; search then reports the degradation of that name. Figures are computed at the end of each ingest. Free.
         */
        get: operations["getCoverage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/lists": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The workspace's saved lists, cap and field tier */
        get: operations["listLists"];
        put?: never;
        /** Create a saved list */
        post: operations["createList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/lists/{list_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a saved list and its items */
        delete: operations["deleteList"];
        options?: never;
        head?: never;
        /** Rename a saved list */
        patch: operations["updateList"];
        trace?: never;
    };
    "/v1/lists/{list_id}/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A list's items with their records' current data, most recently added first */
        get: operations["listListItems"];
        put?: never;
        /** Add 1..500 entities to a list */
        post: operations["addListItems"];
        /** Remove 1..500 entities from a list */
        delete: operations["removeListItems"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/lists/{list_id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** CSV export of a saved list (not switched on: 404 export.not_enabled) */
        post: operations["exportList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/search/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** CSV export of a search (not switched on: 404 export.not_enabled) */
        post: operations["exportSearch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/feedback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Reports this credential filed, newest first */
        get: operations["listFeedback"];
        put?: never;
        /** Report a problem (or praise) about a response or an agent run */
        post: operations["fileFeedback"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/feedback/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The closed tag vocabulary (no credential needed) */
        get: operations["listFeedbackTags"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/feedback/votes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Active votes of this credential on one request, oldest first */
        get: operations["listVotes"];
        /** Vote on a result set or flag one result; replaces a different active vote */
        put: operations["castVote"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/entities/companies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Companies by internal id, domain, page URL or name */
        post: operations["lookupCompanies"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/entities/persons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** People by internal id, profile URL or name */
        post: operations["lookupPersons"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/entities/patents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Patents by patent number */
        post: operations["lookupPatents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/entities/trends": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Trends by name */
        post: operations["lookupTrends"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/entities/academic-reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Academic reports by DOI */
        post: operations["lookupAcademicReports"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/entities/news": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** News by headline or internal id */
        post: operations["lookupNews"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/entities/market-reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Market reports by title or internal id */
        post: operations["lookupMarketReports"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/entities/fundings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Funding rounds by company or internal id */
        post: operations["lookupFundings"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/entities/job-openings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Job openings by role or internal id */
        post: operations["lookupJobOpenings"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/org-chart": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Department × seniority headcount grid of a company */
        post: operations["getOrgChart"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/org-chart/departments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sub-departments within departments, with seniority counts */
        post: operations["getOrgChartDepartments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/org-chart/locations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Countries, states and cities of a company's people */
        post: operations["getOrgChartLocations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/relationships": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** People at one company connected to people at another, or to named institutions */
        post: operations["findRelationships"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/relationships/reach": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The people one or several persons can reach at target companies, and how */
        post: operations["findReach"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/relationships/institutions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Shared employers and schools of two companies (one page, 2 credits flat) */
        post: operations["findSharedInstitutions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/relationships/ask": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A relationships question in words, routed to the right answer */
        post: operations["askRelationships"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The workspace's recent runs, newest first */
        get: operations["listAgentRuns"];
        put?: never;
        /** Start an agent run and place its credit hold */
        post: operations["startAgentRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/runs/{run_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Status and outcome; the first read of a finished run settles its charge */
        get: operations["getAgentRun"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/runs/{run_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stop a run; charged nothing; the call also settles */
        post: operations["cancelAgentRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/runs/{run_id}/results": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The run's rows in the list envelope; free */
        get: operations["listAgentRunResults"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/runs/{run_id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Progress as server-sent events, resumable with Last-Event-ID */
        get: operations["streamAgentRunEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description The list envelope (§2.2): every field always present; has_more is true exactly when next_cursor is set */
        Envelope: {
            total: number;
            total_is_estimate: boolean;
            has_more: boolean;
            next_cursor: string | null;
            resolved_search: {
                [key: string]: unknown;
            } | null;
            suggestion: {
                [key: string]: unknown;
            } | null;
            coverage: {
                [key: string]: unknown;
            } | null;
            attribution: components["schemas"]["Attribution"][];
            degradation: components["schemas"]["Degradation"][];
            columns: {
                [key: string]: unknown;
            }[] | null;
            /** @description Present on every 2xx (§2.2) */
            meta?: {
                /** @description Also in header X-Request-Id */
                request_id: string;
                environment: "live" | "test";
                /**
                 * Format: date-time
                 * @description ISO 8601 date-time
                 */
                as_of: string;
                credential: "api_key" | "session";
                credits_charged: number | null;
            };
        };
        /** @description Present on every 2xx (§2.2) */
        Meta: {
            /** @description Also in header X-Request-Id */
            request_id: string;
            environment: "live" | "test";
            /**
             * Format: date-time
             * @description ISO 8601 date-time
             */
            as_of: string;
            credential: "api_key" | "session";
            credits_charged: number | null;
        };
        /** @description application/problem+json (RFC 9457) */
        Problem: {
            /** @description {error_docs_url}/<slug> */
            type: string;
            title: string;
            status: number;
            /**
             * @description Branch on this, never on detail (see /docs/errors)
             * @enum {string}
             */
            code: "auth.unauthorized" | "auth.missing_key" | "auth.invalid_key" | "auth.expired" | "auth.insufficient_scope" | "auth.unavailable" | "auth.browser_origin" | "auth.invalid_credentials" | "auth.account_exists" | "auth.session_required" | "auth.csrf" | "auth.mfa_required" | "request.invalid" | "request.too_large" | "request.unsupported" | "relationship.anchor_ambiguous" | "feedback.subject_not_found" | "feedback.unavailable" | "lists.not_found" | "lists.item_cap_reached" | "lists.unavailable" | "export.not_enabled" | "pagination.cursor_invalid" | "pagination.cursor_expired" | "pagination.depth_exceeded" | "idempotency.in_flight" | "idempotency.fingerprint_mismatch" | "quota.burst_exceeded" | "quota.daily_exhausted" | "quota.monthly_exhausted" | "quota.concurrency_exceeded" | "quota.entity_ceiling" | "credits.insufficient" | "credits.unavailable" | "credits.unknown_action" | "payment.invalid_amount" | "payment.declined" | "payment.no_method" | "payment.forbidden" | "payment.unavailable" | "payment.topup_not_found" | "upstream.unavailable" | "upstream.timeout" | "history.not_found" | "not_implemented" | "internal" | "journey.unavailable" | "cohort.not_offered" | "cohort.impersonation_cannot_answer" | "referral.already_claimed" | "referral.impersonation_cannot_claim";
            detail: string;
            /** @description The request path */
            instance: string;
            request_id: string;
            extra?: {
                [key: string]: unknown;
            };
        };
        Attribution: {
            source_corpus: string;
            domain: string | null;
            as_of: string | null;
            /** @description Reserved; always null */
            url: null;
            /** @description Reserved; always null */
            quote: null;
        };
        Degradation: {
            reason: string;
            detail: string;
            /** @enum {string} */
            impact: "recall" | "precision" | "freshness" | "fields";
            source_corpus: string | null;
        };
        Company: {
            id?: string | null;
            account_name?: string | null;
            legal_name?: string | null;
            domain?: string | null;
            website?: string | null;
            logo?: string | null;
            description?: string | null;
            short_description?: string | null;
            industry?: string | null;
            sub_industry?: string | null;
            other_industries?: string[] | null;
            business_classification?: string | null;
            business_models?: string[] | null;
            company_types?: string[] | null;
            company_keyword?: string[] | null;
            clients?: string[] | null;
            partnerships?: string[] | null;
            suppliers?: string[] | null;
            technology?: string[] | null;
            naics?: string[] | null;
            sic?: string[] | null;
            investors?: string[] | null;
            region?: string[] | null;
            city?: string | null;
            state?: string | null;
            country?: string | null;
            postal_code?: string | null;
            street_address?: string | null;
            location?: string | null;
            latitude?: number | null;
            longitude?: number | null;
            employee_count?: number | null;
            employee_range?: components["schemas"]["NumericRange"] | null;
            revenue_range?: components["schemas"]["NumericRange"] | null;
            revenue?: number | null;
            total_funding?: number | null;
            last_funding_amount?: number | null;
            last_funding_date?: string | null;
            employees_by_country?: {
                [key: string]: number;
            } | null;
            department_headcount?: {
                [key: string]: number;
            } | null;
            founded_year?: number | null;
            funding_stage?: string | null;
            growth_stage?: string | null;
            ipo_status?: string | null;
            operating_status?: string | null;
            ownership?: string | null;
            govt_non_govt?: string | null;
            profit_non_profit?: string | null;
            funding_rounds?: components["schemas"]["CompanyFundingRound"][] | null;
            acquisitions?: components["schemas"]["Deal"][] | null;
            acquired_by?: components["schemas"]["Deal"][] | null;
            global_presence?: {
                hq_country?: string | null;
                countries?: string[] | null;
                /** @default 0 */
                country_count: number;
            } | null;
            job_openings?: string | number | null;
            office_locations?: {
                address?: string | null;
                city?: string | null;
                country?: string | null;
            }[] | null;
            parent_organization?: {
                name?: string | null;
                type?: string | null;
            } | null;
            subsidiaries?: {
                name?: string | null;
                type?: string | null;
            }[] | null;
            products?: {
                name?: string | null;
                description?: string | null;
            }[] | null;
            professional_url?: string | null;
            professional_followers?: number | null;
            social_a_url?: string | null;
            social_b_url?: string | null;
        };
        Person: {
            id?: string | null;
            name?: string | null;
            first_name?: string | null;
            last_name?: string | null;
            headline?: string | null;
            summary?: string | null;
            title?: string | null;
            profile_url?: string | null;
            location?: components["schemas"]["Place"] | null;
            current_employer?: {
                company?: string | null;
                company_id?: string | null;
                domain?: string | null;
            } | null;
            department?: string | null;
            sub_department?: string | null;
            seniority?: string | null;
            skills?: string[] | null;
            certifications?: string[] | null;
            languages?: string[] | null;
            employment_history?: components["schemas"]["Employment"][] | null;
            education?: components["schemas"]["Education"][] | null;
            has_direct_access_to_c_suite?: boolean | null;
            employment_type?: string | null;
            governance_level?: string[] | null;
        };
        Patent: {
            id?: string | null;
            patent_id?: string | null;
            title?: string | null;
            abstract?: string | null;
            status?: ("granted" | "applied" | "unknown") | null;
            granted_date?: string | null;
            created_at?: string | null;
            family_number?: string | null;
            tags?: string[] | null;
            classification?: string[] | null;
            classification_detail?: {
                code?: string | null;
                definition?: string | null;
            }[] | null;
            applicants?: {
                name?: string | null;
                company_id?: string | null;
                company_connection?: {
                    company_id?: string | null;
                    country?: (string | {
                        code?: string | null;
                        name?: string | null;
                    }) | null;
                } | null;
                country?: {
                    code?: string | null;
                    name?: string | null;
                } | null;
            }[] | null;
            inventors?: {
                name?: string | null;
            }[] | null;
            application?: {
                number?: string | null;
                filed?: string | null;
                kind_code?: string | null;
                office?: string | null;
                office_name?: string | null;
                type?: string | null;
            } | null;
            priority?: {
                number?: string | null;
                date?: string | null;
            }[] | null;
            publications?: {
                number?: string | null;
                date?: string | null;
                granted?: boolean | null;
                kind_code?: string | null;
                status?: string | null;
            }[] | null;
        };
        NewsArticle: {
            id?: string | null;
            title?: string | null;
            author?: string | null;
            summary?: string | null;
            content?: string | null;
            language?: string | null;
            link?: string | null;
            published_at?: string | null;
            updated_at?: string | null;
            tags?: string[] | null;
            products?: string[] | null;
            places?: {
                cities?: string[] | null;
                countries?: string[] | null;
            } | null;
            publication?: {
                domain?: string | null;
                link?: string | null;
                popularity_rank?: number | null;
                title?: string | null;
            } | null;
            companies?: {
                direct_link?: components["schemas"]["CompanyRef"][] | null;
                linked?: components["schemas"]["CompanyRef"][] | null;
            } | null;
        };
        MarketReport: {
            id?: string | null;
            title?: string | null;
            body?: string | null;
            body_free?: string | null;
            industry?: string | null;
            published_date?: string | null;
            publisher?: string | null;
            url?: string | null;
        };
        FundingRound: {
            id?: string | null;
            company?: string | null;
            company_domain?: string | null;
            type?: string | null;
            announced_on?: string | null;
            amount_usd?: number | null;
            currency?: string | null;
            investors?: string[] | null;
            lead_investors?: string[] | null;
            industry?: string | null;
            country?: string | null;
            summary?: string | null;
        };
        AcademicReport: {
            id?: string | null;
            doi?: string | null;
            title?: string | null;
            abstract?: string | null;
            authors?: {
                name?: string | null;
                affiliation?: string | null;
                affiliation_id?: string | null;
            }[] | null;
            venue?: string | null;
            published?: string | null;
            citations?: number | null;
            fields?: string[] | null;
            keywords?: string[] | null;
            url?: string | null;
            open_access?: boolean | null;
        };
        Trend: {
            id?: string | null;
            name?: string | null;
            description?: string | null;
            category?: string | null;
            momentum?: number | null;
            direction?: ("rising" | "stable" | "declining") | null;
            growth_rate_pct?: number | null;
            first_seen?: string | null;
            last_updated?: string | null;
            industries?: string[] | null;
            keywords?: string[] | null;
            related_companies?: components["schemas"]["CompanyRef"][] | null;
            related_technologies?: string[] | null;
        };
        JobOpening: {
            id?: string | null;
            role?: string | null;
            company?: string | null;
            company_domain?: string | null;
            location?: string | null;
            city?: string | null;
            country?: string | null;
            remote?: boolean | null;
            department?: string | null;
            seniority?: string | null;
            posted_at?: string | null;
            description?: string | null;
            employment_type?: string | null;
            salary_range?: {
                min?: number | null;
                max?: number | null;
                currency?: string | null;
            } | null;
            url?: string | null;
        };
        Employment: {
            company?: string | null;
            company_id?: string | null;
            domain?: string | null;
            title?: string | null;
            department?: string | null;
            seniority?: string | null;
            start?: string | null;
            end?: string | null;
        };
        Education: {
            school?: string | null;
            school_id?: string | null;
            degree?: string | null;
            field?: string | null;
            start?: string | null;
            end?: string | null;
        };
        NumericRange: {
            min?: number | null;
            max?: number | null;
        };
        CompanyRef: {
            name?: string | null;
            domain?: string | null;
        };
        Place: {
            city?: string | null;
            state?: string | null;
            country?: string | null;
        };
        CompanyFundingRound: {
            type?: string | null;
            announced_on?: string | null;
            amount_usd?: number | null;
            investors?: string[] | null;
        };
        Deal: {
            company?: string | null;
            announced_on?: string | null;
            amount_usd?: number | null;
        };
        SearchRequest: {
            query?: string | null;
            /** @enum {string} */
            category?: "company" | "person" | "patent" | "news_article" | "market_report" | "funding_round" | "academic_report" | "trend" | "job_opening";
            /**
             * @description fast: words by meaning, no parser. auto: a parser extracts filters. deep: several steps, slowest, priced highest
             * @default auto
             * @enum {string}
             */
            mode: "fast" | "auto" | "deep";
            filters?: components["schemas"]["SearchFilters"];
            include_domains?: string[];
            sort?: components["schemas"]["SortClause"][];
            /** @default 25 */
            limit: number;
            cursor?: string | null;
        };
        SimilarRequest: {
            /** @description Companies to resemble: domains, company page URLs or names (detected per anchor) */
            anchors: string[];
            filters?: components["schemas"]["CompanyPersonFilters"];
            /** @default 25 */
            limit: number;
            cursor?: string | null;
        };
        SortClause: {
            field: string;
            /** @enum {string} */
            direction?: "asc" | "desc";
        };
        /** @description Company and person filters (see GET /v1/search/filters/{name} for values) */
        CompanyPersonFilters: {
            /** @description Primary industry (parent level of the industry taxonomy) */
            industry?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description Sub-industry (child level; `parent` names its industry) */
            sub_industry?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description Number of employees */
            employee_count?: {
                min?: number;
                max?: number;
            };
            /** @description Annual revenue, USD */
            revenue?: {
                min?: number;
                max?: number;
            };
            /** @description Year founded */
            founded_year?: {
                min?: number;
                max?: number;
            };
            /** @description Total funding raised, USD */
            total_funding?: {
                min?: number;
                max?: number;
            };
            /** @description Amount of the latest round, USD */
            last_funding_amount?: {
                min?: number;
                max?: number;
            };
            /** @description Date of the latest round */
            last_funding_date?: {
                from?: string;
                to?: string;
            };
            /** @description Latest funding stage (seed, series_a, …) */
            funding_stage?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description Growth stage */
            growth_stage?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description Public or private */
            ipo_status?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description Ownership type */
            ownership?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description Operating status (active, acquired, closed) */
            operating_status?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description Technologies the company uses */
            technology?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description Keywords describing the company */
            company_keyword?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description Company types */
            company_types?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description Business models (b2b, b2c, marketplace, …) */
            business_models?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description NAICS codes */
            naics?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description SIC codes */
            sic?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description Investors in the company */
            investors?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description Specific companies: entries {value, by} with by domain, name, li (company page URL) or id */
            company?: {
                include?: components["schemas"]["CompanyEntry"][];
                exclude?: components["schemas"]["CompanyEntry"][];
            };
            /** @description Companies with an open job whose role matches */
            hiring_role?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description Companies with an open job in a matching location */
            hiring_location?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description Number of open jobs */
            job_openings?: {
                min?: number;
                max?: number;
            };
            /** @description Followers of the company page */
            professional_followers?: {
                min?: number;
                max?: number;
            };
            /** @description Government or non-government */
            govt_non_govt?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description For-profit or non-profit */
            profit_non_profit?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description Business classification */
            business_classification?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description Number of countries the company operates in */
            country_count?: {
                min?: number;
                max?: number;
            };
            /** @description Name of the parent organisation */
            parent_organization?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description Person name */
            person?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description Current job title */
            title?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description Department (23 functions plus Others and General) or sub-department (children) */
            department?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description Seniority: C-Suite, VP, Director / Head, Manager, IC, Entry, In Training */
            seniority?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description Skills */
            skills?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description Certifications */
            certifications?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description Languages spoken */
            languages?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description A school the person studied at */
            university?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description Degree held */
            degree?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description Field of study */
            field_of_study?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description A former employer (name or domain) */
            employment_history?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description A former job title */
            past_title?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description Months in the current job */
            tenure?: {
                min?: number;
                max?: number;
            };
            /** @description Years since the first job */
            years_worked?: {
                min?: number;
                max?: number;
            };
            /** @description How the person is engaged (full_time, part_time, contract, …) */
            employment_type?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description Founder, owner, board member, advisor */
            governance_level?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description Reports to or sits in the C-suite */
            has_direct_access_to_c_suite?: boolean;
            /** @description When the current job started (recent job changers) */
            current_job_start?: {
                from?: string;
                to?: string;
            };
            /** @description Year of the latest degree */
            graduation_year?: {
                min?: number;
                max?: number;
            };
            /** @description Words in the professional headline */
            headline?: {
                include?: string[];
                exclude?: string[];
            };
            geo?: components["schemas"]["GeoFilter"];
        };
        PatentFilters: {
            /** @description granted, applied or unknown */
            status?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description CPC classification codes */
            classification?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description Applicant company name */
            applicant?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description Grant date */
            granted_date?: {
                from?: string;
                to?: string;
            };
            /** @description Patent office */
            office?: {
                include?: string[];
                exclude?: string[];
            };
        };
        NewsArticleFilters: {
            /** @description Publication time */
            published_at?: {
                from?: string;
                to?: string;
            };
            /** @description Article language */
            language?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description Topic tags */
            tags?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description Publication name */
            publication?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description Country the article is about */
            country?: {
                include?: string[];
                exclude?: string[];
            };
        };
        MarketReportFilters: {
            /** @description Industry covered */
            industry?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description Publisher */
            publisher?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description Publication date */
            published_date?: {
                from?: string;
                to?: string;
            };
        };
        FundingRoundFilters: {
            /** @description Round type (seed, series_a, …) */
            type?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description Amount raised, USD */
            amount_usd?: {
                min?: number;
                max?: number;
            };
            /** @description Announcement date */
            announced_on?: {
                from?: string;
                to?: string;
            };
            /** @description Investors in the round */
            investors?: {
                include?: string[];
                exclude?: string[];
            };
        };
        AcademicReportFilters: {
            /** @description Journal or conference */
            venue?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description Publication date */
            published?: {
                from?: string;
                to?: string;
            };
            /** @description Fields of study */
            fields?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description Citation count */
            citations?: {
                min?: number;
                max?: number;
            };
        };
        TrendFilters: {
            /** @description Trend category */
            category?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description Momentum score */
            momentum?: {
                min?: number;
                max?: number;
            };
            /** @description Technologies the trend concerns */
            related_technologies?: {
                include?: string[];
                exclude?: string[];
            };
        };
        JobOpeningFilters: {
            /** @description Department of the role */
            department?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description Seniority of the role */
            seniority?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description Employment type */
            employment_type?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description Location of the role */
            location?: {
                include?: string[];
                exclude?: string[];
            };
            /** @description When it was posted */
            posted_at?: {
                from?: string;
                to?: string;
            };
        };
        CompanyEntry: {
            value: string;
            /** @enum {string} */
            by: "domain" | "name" | "li" | "id";
        };
        GeoFilter: {
            include?: components["schemas"]["GeoPlace"][];
            exclude?: components["schemas"]["GeoPlace"][];
        };
        GeoPlace: {
            value: string;
            /** @enum {string} */
            level: "country" | "state" | "city" | "region";
        };
        /** @description A company row: id, category and score beside the fields of the Company record */
        CompanySearchRow: {
            /** @description The row id: a company's domain, else a 16-hex hash */
            id: string;
            account_name?: string | null;
            legal_name?: string | null;
            domain?: string | null;
            website?: string | null;
            logo?: string | null;
            description?: string | null;
            short_description?: string | null;
            industry?: string | null;
            sub_industry?: string | null;
            other_industries?: string[] | null;
            business_classification?: string | null;
            business_models?: string[] | null;
            company_types?: string[] | null;
            company_keyword?: string[] | null;
            clients?: string[] | null;
            partnerships?: string[] | null;
            suppliers?: string[] | null;
            technology?: string[] | null;
            naics?: string[] | null;
            sic?: string[] | null;
            investors?: string[] | null;
            region?: string[] | null;
            city?: string | null;
            state?: string | null;
            country?: string | null;
            postal_code?: string | null;
            street_address?: string | null;
            location?: string | null;
            latitude?: number | null;
            longitude?: number | null;
            employee_count?: number | null;
            employee_range?: components["schemas"]["NumericRange"] | null;
            revenue_range?: components["schemas"]["NumericRange"] | null;
            revenue?: number | null;
            total_funding?: number | null;
            last_funding_amount?: number | null;
            last_funding_date?: string | null;
            employees_by_country?: {
                [key: string]: number;
            } | null;
            department_headcount?: {
                [key: string]: number;
            } | null;
            founded_year?: number | null;
            funding_stage?: string | null;
            growth_stage?: string | null;
            ipo_status?: string | null;
            operating_status?: string | null;
            ownership?: string | null;
            govt_non_govt?: string | null;
            profit_non_profit?: string | null;
            funding_rounds?: components["schemas"]["CompanyFundingRound"][] | null;
            acquisitions?: components["schemas"]["Deal"][] | null;
            acquired_by?: components["schemas"]["Deal"][] | null;
            global_presence?: {
                hq_country?: string | null;
                countries?: string[] | null;
                /** @default 0 */
                country_count: number;
            } | null;
            job_openings?: string | number | null;
            office_locations?: {
                address?: string | null;
                city?: string | null;
                country?: string | null;
            }[] | null;
            parent_organization?: {
                name?: string | null;
                type?: string | null;
            } | null;
            subsidiaries?: {
                name?: string | null;
                type?: string | null;
            }[] | null;
            products?: {
                name?: string | null;
                description?: string | null;
            }[] | null;
            professional_url?: string | null;
            professional_followers?: number | null;
            social_a_url?: string | null;
            social_b_url?: string | null;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            category: "company";
            /** @description Relevance, higher first */
            score: number;
        };
        /** @description A person row: id, category and score beside the fields of the Person record */
        PersonSearchRow: {
            /** @description The row id: a company's domain, else a 16-hex hash */
            id: string;
            name?: string | null;
            first_name?: string | null;
            last_name?: string | null;
            headline?: string | null;
            summary?: string | null;
            title?: string | null;
            profile_url?: string | null;
            location?: components["schemas"]["Place"] | null;
            current_employer?: {
                company?: string | null;
                company_id?: string | null;
                domain?: string | null;
            } | null;
            department?: string | null;
            sub_department?: string | null;
            seniority?: string | null;
            skills?: string[] | null;
            certifications?: string[] | null;
            languages?: string[] | null;
            employment_history?: components["schemas"]["Employment"][] | null;
            education?: components["schemas"]["Education"][] | null;
            has_direct_access_to_c_suite?: boolean | null;
            employment_type?: string | null;
            governance_level?: string[] | null;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            category: "person";
            /** @description Relevance, higher first */
            score: number;
        };
        /** @description A patent row: id, category and score beside the fields of the Patent record */
        PatentSearchRow: {
            /** @description The row id: a company's domain, else a 16-hex hash */
            id: string;
            patent_id?: string | null;
            title?: string | null;
            abstract?: string | null;
            status?: ("granted" | "applied" | "unknown") | null;
            granted_date?: string | null;
            created_at?: string | null;
            family_number?: string | null;
            tags?: string[] | null;
            classification?: string[] | null;
            classification_detail?: {
                code?: string | null;
                definition?: string | null;
            }[] | null;
            applicants?: {
                name?: string | null;
                company_id?: string | null;
                company_connection?: {
                    company_id?: string | null;
                    country?: (string | {
                        code?: string | null;
                        name?: string | null;
                    }) | null;
                } | null;
                country?: {
                    code?: string | null;
                    name?: string | null;
                } | null;
            }[] | null;
            inventors?: {
                name?: string | null;
            }[] | null;
            application?: {
                number?: string | null;
                filed?: string | null;
                kind_code?: string | null;
                office?: string | null;
                office_name?: string | null;
                type?: string | null;
            } | null;
            priority?: {
                number?: string | null;
                date?: string | null;
            }[] | null;
            publications?: {
                number?: string | null;
                date?: string | null;
                granted?: boolean | null;
                kind_code?: string | null;
                status?: string | null;
            }[] | null;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            category: "patent";
            /** @description Relevance, higher first */
            score: number;
        };
        /** @description A news article row: id, category and score beside the fields of the NewsArticle record */
        NewsArticleSearchRow: {
            /** @description The row id: a company's domain, else a 16-hex hash */
            id: string;
            title?: string | null;
            author?: string | null;
            summary?: string | null;
            content?: string | null;
            language?: string | null;
            link?: string | null;
            published_at?: string | null;
            updated_at?: string | null;
            tags?: string[] | null;
            products?: string[] | null;
            places?: {
                cities?: string[] | null;
                countries?: string[] | null;
            } | null;
            publication?: {
                domain?: string | null;
                link?: string | null;
                popularity_rank?: number | null;
                title?: string | null;
            } | null;
            companies?: {
                direct_link?: components["schemas"]["CompanyRef"][] | null;
                linked?: components["schemas"]["CompanyRef"][] | null;
            } | null;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            category: "news_article";
            /** @description Relevance, higher first */
            score: number;
        };
        /** @description A market report row: id, category and score beside the fields of the MarketReport record */
        MarketReportSearchRow: {
            /** @description The row id: a company's domain, else a 16-hex hash */
            id: string;
            title?: string | null;
            body?: string | null;
            body_free?: string | null;
            industry?: string | null;
            published_date?: string | null;
            publisher?: string | null;
            url?: string | null;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            category: "market_report";
            /** @description Relevance, higher first */
            score: number;
        };
        /** @description A funding round row: id, category and score beside the fields of the FundingRound record */
        FundingRoundSearchRow: {
            /** @description The row id: a company's domain, else a 16-hex hash */
            id: string;
            company?: string | null;
            company_domain?: string | null;
            type?: string | null;
            announced_on?: string | null;
            amount_usd?: number | null;
            currency?: string | null;
            investors?: string[] | null;
            lead_investors?: string[] | null;
            industry?: string | null;
            country?: string | null;
            summary?: string | null;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            category: "funding_round";
            /** @description Relevance, higher first */
            score: number;
        };
        /** @description A academic report row: id, category and score beside the fields of the AcademicReport record */
        AcademicReportSearchRow: {
            /** @description The row id: a company's domain, else a 16-hex hash */
            id: string;
            doi?: string | null;
            title?: string | null;
            abstract?: string | null;
            authors?: {
                name?: string | null;
                affiliation?: string | null;
                affiliation_id?: string | null;
            }[] | null;
            venue?: string | null;
            published?: string | null;
            citations?: number | null;
            fields?: string[] | null;
            keywords?: string[] | null;
            url?: string | null;
            open_access?: boolean | null;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            category: "academic_report";
            /** @description Relevance, higher first */
            score: number;
        };
        /** @description A trend row: id, category and score beside the fields of the Trend record */
        TrendSearchRow: {
            /** @description The row id: a company's domain, else a 16-hex hash */
            id: string;
            name?: string | null;
            description?: string | null;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            category: "trend";
            momentum?: number | null;
            direction?: ("rising" | "stable" | "declining") | null;
            growth_rate_pct?: number | null;
            first_seen?: string | null;
            last_updated?: string | null;
            industries?: string[] | null;
            keywords?: string[] | null;
            related_companies?: components["schemas"]["CompanyRef"][] | null;
            related_technologies?: string[] | null;
            /** @description Relevance, higher first */
            score: number;
        };
        /** @description A job opening row: id, category and score beside the fields of the JobOpening record */
        JobOpeningSearchRow: {
            /** @description The row id: a company's domain, else a 16-hex hash */
            id: string;
            role?: string | null;
            company?: string | null;
            company_domain?: string | null;
            location?: string | null;
            city?: string | null;
            country?: string | null;
            remote?: boolean | null;
            department?: string | null;
            seniority?: string | null;
            posted_at?: string | null;
            description?: string | null;
            employment_type?: string | null;
            salary_range?: {
                min?: number | null;
                max?: number | null;
                currency?: string | null;
            } | null;
            url?: string | null;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            category: "job_opening";
            /** @description Relevance, higher first */
            score: number;
        };
        /** @description A search or look-alike row; `category` says which record fields it carries */
        SearchRow: components["schemas"]["CompanySearchRow"] | components["schemas"]["PersonSearchRow"] | components["schemas"]["PatentSearchRow"] | components["schemas"]["NewsArticleSearchRow"] | components["schemas"]["MarketReportSearchRow"] | components["schemas"]["FundingRoundSearchRow"] | components["schemas"]["AcademicReportSearchRow"] | components["schemas"]["TrendSearchRow"] | components["schemas"]["JobOpeningSearchRow"];
        /** @description Company and person searches take CompanyPersonFilters; a document category takes only its own set (a filter of another set is 422) */
        SearchFilters: components["schemas"]["CompanyPersonFilters"] | components["schemas"]["PatentFilters"] | components["schemas"]["NewsArticleFilters"] | components["schemas"]["MarketReportFilters"] | components["schemas"]["FundingRoundFilters"] | components["schemas"]["AcademicReportFilters"] | components["schemas"]["TrendFilters"] | components["schemas"]["JobOpeningFilters"];
        /** @description Liveness: a JSON object with string values */
        GetLivenessResponse: {
            [key: string]: string;
        };
        CheckReadinessResponse: {
            status: "ready" | "not_ready";
            dependencies: {
                [key: string]: {
                    status: "up" | "down";
                    /** @description Hard dependencies gate readiness; the limiter store fails open and does not */
                    hard: boolean;
                    latency_ms: number;
                    detail: string | null;
                };
            };
        };
        CheckReadinessResponse503: {
            status: "ready" | "not_ready";
            dependencies: {
                [key: string]: {
                    status: "up" | "down";
                    /** @description Hard dependencies gate readiness; the limiter store fails open and does not */
                    hard: boolean;
                    latency_ms: number;
                    detail: string | null;
                };
            };
        };
        GetCreditsResponse: {
            allocated: {
                /** @description Credits: a JSON number with at most three decimals */
                granted: number;
                /** @description Credits: a JSON number with at most three decimals */
                remaining: number;
                /** @description Credits: a JSON number with at most three decimals */
                reserved: number;
                expires_at: string | null;
            } | null;
            shared: {
                /** @description Credits: a JSON number with at most three decimals */
                remaining: number;
            } | null;
            /** @description Credits: a JSON number with at most three decimals */
            spendable: number;
            scope: "platform" | "tenant_wide_fallback";
            platform: string;
            /**
             * Format: date-time
             * @description ISO 8601 date-time
             */
            as_of: string;
            meta?: components["schemas"]["Meta"];
        };
        ResolveMemberRequest: {
            email: string;
        };
        ResolveMemberResponse: {
            email: string;
            found: boolean;
            role: ("dsp_owner" | "dsp_admin" | "dsp_developer" | "dsp_viewer") | null;
            /** @enum {string} */
            state: "active" | "not_activated" | "invitation_pending" | "no_access" | "unknown";
            user_id: number | null;
            meta?: components["schemas"]["Meta"];
        };
        SearchRecordsResponse: components["schemas"]["Envelope"] & {
            results: components["schemas"]["SearchRow"][];
        };
        FindSimilarResponse: components["schemas"]["Envelope"] & {
            results: components["schemas"]["SearchRow"][];
        };
        ListHistoryResponse: components["schemas"]["Envelope"] & {
            results: {
                id: number;
                /** @enum {string} */
                action_type: "dsp.search.fast" | "dsp.search.auto" | "dsp.search.deep" | "dsp.similar" | "dsp.entities" | "dsp.relationships" | "dsp.relationships.ask" | "dsp.org_chart" | "dsp.agent.run.minimal" | "dsp.agent.run.low" | "dsp.agent.run.medium" | "dsp.agent.run.high" | "dsp.agent.run.xhigh";
                /** @enum {string} */
                actor_type: "user" | "api_key";
                /** @description Credits: a JSON number with at most three decimals */
                credits_charged: number;
                /** @enum {string} */
                environment: "live" | "test";
                error_code: string | null;
                latency_ms: number | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 date-time
                 */
                occurred_at: string;
                query: string | null;
                result_count: number | null;
                /** @enum {string} */
                status: "pending" | "ok" | "failed";
            }[];
        };
        GetHistoryRunResponse: {
            id: number;
            /** @enum {string} */
            action_type: "dsp.search.fast" | "dsp.search.auto" | "dsp.search.deep" | "dsp.similar" | "dsp.entities" | "dsp.relationships" | "dsp.relationships.ask" | "dsp.org_chart" | "dsp.agent.run.minimal" | "dsp.agent.run.low" | "dsp.agent.run.medium" | "dsp.agent.run.high" | "dsp.agent.run.xhigh";
            /** @enum {string} */
            actor_type: "user" | "api_key";
            /** @description Credits: a JSON number with at most three decimals */
            credits_charged: number;
            /** @enum {string} */
            environment: "live" | "test";
            error_code: string | null;
            latency_ms: number | null;
            /**
             * Format: date-time
             * @description ISO 8601 date-time
             */
            occurred_at: string;
            query: string | null;
            result_count: number | null;
            /** @enum {string} */
            status: "pending" | "ok" | "failed";
            /** @description meta.request_id of the charged response */
            request_id: string;
            request: {
                [key: string]: unknown;
            } | null;
            plan: {
                [key: string]: unknown;
            } | null;
            snapshot: {
                [key: string]: unknown;
            } | null;
            /**
             * @description available: snapshot holds page 1. not_a_search: only searches keep one. not_first_page: a cursor page. too_large: page 1 was over the size kept. expired: past the 30-day snapshot retention. not_recorded: the route keeps none, or the run's detail (written a moment after its charge) never reached the store.
             * @enum {string}
             */
            snapshot_state: "available" | "not_a_search" | "not_first_page" | "too_large" | "expired" | "not_recorded";
            meta?: components["schemas"]["Meta"];
        };
        GetUsageMetricsResponse: {
            /**
             * Format: date-time
             * @description ISO 8601 date-time
             */
            from: string;
            /**
             * Format: date-time
             * @description ISO 8601 date-time
             */
            to: string;
            /** @description One entry per UTC day of the window, zero-filled */
            days: {
                /** Format: date */
                date: string;
                runs: number;
                failed_runs: number;
                /** @description Credits: a JSON number with at most three decimals */
                credits: number;
            }[];
            by_action_type: {
                /** @enum {string} */
                action_type: "dsp.search.fast" | "dsp.search.auto" | "dsp.search.deep" | "dsp.similar" | "dsp.entities" | "dsp.relationships" | "dsp.relationships.ask" | "dsp.org_chart" | "dsp.agent.run.minimal" | "dsp.agent.run.low" | "dsp.agent.run.medium" | "dsp.agent.run.high" | "dsp.agent.run.xhigh";
                runs: number;
                /** @description Credits: a JSON number with at most three decimals */
                credits: number;
            }[];
            total_runs: number;
            /** @description Credits: a JSON number with at most three decimals */
            total_credits: number;
            meta?: components["schemas"]["Meta"];
        };
        GetKeyUsageResponse: {
            key_id: string | null;
            /** @enum {string} */
            granularity: "hour" | "day" | "month" | "total";
            /**
             * Format: date-time
             * @description ISO 8601 date-time
             */
            period_from: string;
            /**
             * Format: date-time
             * @description ISO 8601 date-time
             */
            period_to: string;
            buckets: {
                /**
                 * Format: date-time
                 * @description ISO 8601 date-time
                 */
                period_start: string;
                action_type: string | null;
                /** @description Credits: a JSON number with at most three decimals */
                credits: number;
                requests: number;
            }[];
            /** @description Credits: a JSON number with at most three decimals */
            total_credits: number;
            total_requests: number;
            meta?: components["schemas"]["Meta"];
        };
        CreateTopupIntentResponse: {
            topup_id: string;
            /** Format: uri */
            url: string;
            /**
             * Format: date-time
             * @description ISO 8601 date-time
             */
            expires_at: string;
            meta?: components["schemas"]["Meta"];
        };
        GetTopupIntentResponse: {
            topup_id: string;
            /** @enum {string} */
            status: "pending" | "completed";
            credits_added: number | null;
            order_id: number | null;
            /**
             * Format: date-time
             * @description ISO 8601 date-time
             */
            expires_at: string;
            meta?: components["schemas"]["Meta"];
        };
        ListFilterValuesResponse: {
            /** @description FilterName */
            filter: string;
            /** @description Empty for filters with no fixed vocabulary */
            values: string[];
            items: {
                value: string;
                name: string | null;
                domain: string | null;
                id: string | null;
            }[];
            total: number;
            page: number;
            /** @description Always 20 */
            page_size: number;
            has_more: boolean;
            meta?: components["schemas"]["Meta"];
        };
        ListDocumentFilterValuesResponse: {
            /** @enum {string} */
            category: "company" | "person" | "patent" | "news_article" | "market_report" | "funding_round" | "academic_report" | "trend" | "job_opening";
            filter: string;
            /** @description Empty for filters with no fixed vocabulary */
            values: string[];
            items: {
                value: string;
                name: string | null;
                domain: string | null;
                id: string | null;
            }[];
            total: number;
            page: number;
            /** @description Always 20 */
            page_size: number;
            has_more: boolean;
            meta?: components["schemas"]["Meta"];
        };
        ListSortFieldsResponse: {
            /** @enum {string} */
            category: "company" | "person" | "patent" | "news_article" | "market_report" | "funding_round" | "academic_report" | "trend" | "job_opening";
            directions: ("asc" | "desc")[];
            total: number;
            /** @description Empty: the category cannot be ordered explicitly */
            sorts: {
                field: string;
                label: string;
                /** @enum {string} */
                kind: "number" | "date" | "text";
                group: ("identity" | "location" | "professional" | "firmographic" | "funding") | null;
                definition: string | null;
                /** @description Always both today */
                directions: ("asc" | "desc")[];
                /** @enum {string} */
                default_direction: "asc" | "desc";
                /** @description How each direction reads, e.g. tenure: shortest and longest first */
                direction_labels: {
                    asc: string;
                    desc: string;
                };
                /** @description company, person or both; empty on a document category */
                applies_to: ("company" | "person")[];
            }[];
            meta?: components["schemas"]["Meta"];
        };
        /** @description What the index holds per corpus */
        GetCoverageResponse: {
            /** @description Every source_corpus, in the closed set order, empty ones included */
            corpora: {
                /** @enum {string} */
                source_corpus: "gtm_companies" | "gtm_people" | "gtm_affiliations" | "gtm_institutions" | "patents" | "news" | "market_reports" | "funding_rounds" | "academic_reports" | "trends" | "job_openings";
                category: ("company" | "person" | "patent" | "news_article" | "market_report" | "funding_round" | "academic_report" | "trend" | "job_opening") | null;
                /** @description Records held (affiliation rows, institutions) */
                records: number;
                as_of: string | null;
                records_with_vector: number | null;
                vector_share: number | null;
                /** @description Some records lack a vector: meaning-based search misses them (search reports the degradation of the same name) */
                vector_coverage_incomplete: boolean;
                /** @description Per major field, the share of records that carry a value; null when the corpus is empty */
                fields: {
                    [key: string]: number | null;
                };
            }[];
            meta?: components["schemas"]["Meta"];
        };
        ListListsResponse: {
            /** @description Most recently updated first */
            lists: {
                /** Format: uuid */
                id: string;
                name: string;
                item_count: number;
                /**
                 * Format: date-time
                 * @description ISO 8601 date-time
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 date-time
                 */
                updated_at: string;
                created_by: number | null;
            }[];
            /** @description Distinct entities across the workspace's lists */
            saved_items: number;
            saved_items_cap: number | null;
            /**
             * @description free: the fields of a dashboard result card; unlocked (the workspace bought credits): the full record
             * @enum {string}
             */
            field_tier: "free" | "unlocked";
            meta?: components["schemas"]["Meta"];
        };
        CreateListRequest: {
            /** @description 1..120 characters; ends trimmed */
            name: string;
        };
        CreateListResponse: {
            /** Format: uuid */
            id: string;
            name: string;
            item_count: number;
            /**
             * Format: date-time
             * @description ISO 8601 date-time
             */
            created_at: string;
            /**
             * Format: date-time
             * @description ISO 8601 date-time
             */
            updated_at: string;
            created_by: number | null;
            meta?: components["schemas"]["Meta"];
        };
        UpdateListRequest: {
            /** @description 1..120 characters; ends trimmed */
            name: string;
        };
        UpdateListResponse: {
            /** Format: uuid */
            id: string;
            name: string;
            item_count: number;
            /**
             * Format: date-time
             * @description ISO 8601 date-time
             */
            created_at: string;
            /**
             * Format: date-time
             * @description ISO 8601 date-time
             */
            updated_at: string;
            created_by: number | null;
            meta?: components["schemas"]["Meta"];
        };
        AddListItemsRequest: {
            items: {
                /** @enum {string} */
                entity_category: "company" | "person" | "patent" | "news_article" | "market_report" | "funding_round" | "academic_report" | "trend" | "job_opening";
                /** @description Normalised on entry: company domain, person profile URL, patent number, DOI, trend name, or the id the lookup route takes */
                entity_id: string;
            }[];
        };
        AddListItemsResponse: {
            added: number;
            already_present: number;
            /** @description On the Do-Not-Contact list; never added */
            suppressed: number;
            saved_list: {
                /** Format: uuid */
                id: string;
                name: string;
                item_count: number;
                /**
                 * Format: date-time
                 * @description ISO 8601 date-time
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 date-time
                 */
                updated_at: string;
                created_by: number | null;
            };
            meta?: components["schemas"]["Meta"];
        };
        RemoveListItemsRequest: {
            items: {
                /** @enum {string} */
                entity_category: "company" | "person" | "patent" | "news_article" | "market_report" | "funding_round" | "academic_report" | "trend" | "job_opening";
                /** @description Normalised on entry: company domain, person profile URL, patent number, DOI, trend name, or the id the lookup route takes */
                entity_id: string;
            }[];
        };
        RemoveListItemsResponse: {
            /** @description Items not held are ignored */
            removed: number;
            saved_list: {
                /** Format: uuid */
                id: string;
                name: string;
                item_count: number;
                /**
                 * Format: date-time
                 * @description ISO 8601 date-time
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 date-time
                 */
                updated_at: string;
                created_by: number | null;
            };
            meta?: components["schemas"]["Meta"];
        };
        ListListItemsResponse: {
            /**
             * @description free: the fields of a dashboard result card; unlocked (the workspace bought credits): the full record
             * @enum {string}
             */
            field_tier: "free" | "unlocked";
            /** @description Most recently added first */
            items: {
                /** @enum {string} */
                entity_category: "company" | "person" | "patent" | "news_article" | "market_report" | "funding_round" | "academic_report" | "trend" | "job_opening";
                entity_id: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 date-time
                 */
                added_at: string;
                added_by: number | null;
                /** @description false when the record cannot be read right now; the item stays */
                available: boolean;
                record: {
                    [key: string]: unknown;
                } | null;
                unavailable_reason: ("not_found" | "retrieval_unavailable") | null;
            }[];
            next_cursor: string | null;
            saved_list: {
                /** Format: uuid */
                id: string;
                name: string;
                item_count: number;
                /**
                 * Format: date-time
                 * @description ISO 8601 date-time
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 date-time
                 */
                updated_at: string;
                created_by: number | null;
            };
            meta?: components["schemas"]["Meta"];
        };
        FileFeedbackRequest: {
            comment?: string | null;
            context?: "help" | null;
            expected?: {
                note?: string | null;
                should_include?: string[];
                should_exclude?: string[];
            } | null;
            /**
             * @default bad
             * @enum {string}
             */
            sentiment: "bad" | "good";
            subject_ref?: {
                /** @description kind request: meta.request_id of a response; kind agent_run: a run_id */
                id: string;
                /** @enum {string} */
                kind: "request" | "agent_run";
            } | null;
            /** @description From the closed vocabulary of GET /v1/feedback/tags */
            tags?: string[];
            target: {
                /** @enum {string} */
                kind: "result" | "result_set";
                entity_id?: string | null;
                entity_type?: string | null;
            };
        };
        FileFeedbackResponse: {
            /**
             * Format: date-time
             * @description ISO 8601 date-time
             */
            created_at: string;
            feedback_id: string;
            /** @default 2 */
            tag_vocab_version: number;
            /** @description false: the record could not be checked (snapshot past 30 days, page too large to keep, no snapshot, or an agent run); the report is stored anyway */
            target_verified: boolean;
            meta?: components["schemas"]["Meta"];
        };
        ListFeedbackResponse: {
            limit: number;
            offset: number;
            /** @description All reports of this credential matching the filters */
            total: number;
            /** @description Newest first */
            results: {
                feedback_id: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 date-time
                 */
                created_at: string;
                comment: string | null;
                expected: {
                    note: string | null;
                    should_include: string[];
                    should_exclude: string[];
                } | null;
                /** @enum {string} */
                sentiment: "bad" | "good";
                /** @description received, in_review, resolved or dismissed */
                status: string;
                subject: {
                    action_type: string;
                    /**
                     * Format: date-time
                     * @description ISO 8601 date-time
                     */
                    occurred_at: string;
                    query: string | null;
                    result_count: number | null;
                    result_total: number | null;
                    result_total_is_estimate: boolean | null;
                    /** @description The usage history run id */
                    run_id: number;
                    status: string;
                } | null;
                subject_id: string | null;
                /** @enum {string} */
                subject_kind: "request" | "agent_run" | "help";
                tag_vocab_version: number;
                tags: string[];
                target_entity_id: string | null;
                /** @enum {string} */
                target_kind: "result" | "result_set";
                target_verified: boolean;
            }[];
            meta?: components["schemas"]["Meta"];
        };
        ListFeedbackTagsResponse: {
            tags: {
                tag: string;
                label: string;
                description: string;
                /** @enum {string} */
                applies_to: "result" | "result_set" | "any";
                /** @default false */
                requires_comment: boolean;
            }[];
            version: number;
            meta?: components["schemas"]["Meta"];
        };
        CastVoteRequest: {
            /** @description meta.request_id, or the run_id of an agent run */
            request_id: string;
            /** @enum {string} */
            level: "result_set" | "result";
            /** @enum {string} */
            entity_category: "company" | "person" | "patent" | "news_article" | "market_report" | "funding_round" | "academic_report" | "trend" | "job_opening";
            entity_id?: string | null;
            /** @enum {string} */
            vote: "like" | "dislike" | "flag";
            reason_code?: string | null;
            text?: string | null;
        };
        CastVoteResponse: {
            /** @description false: an identical vote was already active */
            changed: boolean;
            vote: {
                vote_id: string;
                request_id: string;
                /** @enum {string} */
                level: "result_set" | "result";
                /** @enum {string} */
                entity_category: "company" | "person" | "patent" | "news_article" | "market_report" | "funding_round" | "academic_report" | "trend" | "job_opening";
                entity_id: string | null;
                /** @enum {string} */
                vote: "like" | "dislike" | "flag";
                reason_code: string | null;
                text: string | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 date-time
                 */
                created_at: string;
            };
            meta?: components["schemas"]["Meta"];
        };
        ListVotesResponse: {
            request_id: string;
            /** @description Active votes, oldest first */
            votes: {
                vote_id: string;
                request_id: string;
                /** @enum {string} */
                level: "result_set" | "result";
                /** @enum {string} */
                entity_category: "company" | "person" | "patent" | "news_article" | "market_report" | "funding_round" | "academic_report" | "trend" | "job_opening";
                entity_id: string | null;
                /** @enum {string} */
                vote: "like" | "dislike" | "flag";
                reason_code: string | null;
                text: string | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 date-time
                 */
                created_at: string;
            }[];
            meta?: components["schemas"]["Meta"];
        };
        LookupCompaniesRequest: {
            /** @description 1..1000 entries; 50 at most when they are looked up by name. One EntityHit per entry, in order, duplicates included */
            ids: string[];
            fields?: string[] | null;
            by?: ("domain" | "li_url" | "name" | "auto") | null;
        };
        LookupCompaniesResponse: components["schemas"]["Envelope"] & {
            results: {
                /** @description The input value echoed back; order and duplicates preserved */
                id: string;
                /** @enum {string} */
                category: "company";
                /** @description false for a miss; misses stay in results */
                found: boolean;
                /** @description Empty on a miss */
                matches: components["schemas"]["Company"][];
            }[];
        };
        LookupPersonsRequest: {
            /** @description 1..100 entries; 50 at most when they are looked up by name. One EntityHit per entry, in order, duplicates included */
            ids: string[];
            fields?: string[] | null;
            by?: ("li_url" | "name" | "auto") | null;
        };
        LookupPersonsResponse: components["schemas"]["Envelope"] & {
            results: {
                /** @description The input value echoed back; order and duplicates preserved */
                id: string;
                /** @enum {string} */
                category: "person";
                /** @description false for a miss; misses stay in results */
                found: boolean;
                /** @description Empty on a miss */
                matches: components["schemas"]["Person"][];
            }[];
        };
        LookupPatentsRequest: {
            /** @description 1..100 entries; 50 at most when they are looked up by name. One EntityHit per entry, in order, duplicates included */
            ids: string[];
            fields?: string[] | null;
        };
        LookupPatentsResponse: components["schemas"]["Envelope"] & {
            results: {
                /** @description The input value echoed back; order and duplicates preserved */
                id: string;
                /** @enum {string} */
                category: "patent";
                /** @description false for a miss; misses stay in results */
                found: boolean;
                /** @description Empty on a miss */
                matches: components["schemas"]["Patent"][];
            }[];
        };
        LookupTrendsRequest: {
            /** @description 1..100 entries; 50 at most when they are looked up by name. One EntityHit per entry, in order, duplicates included */
            ids: string[];
            fields?: string[] | null;
        };
        LookupTrendsResponse: components["schemas"]["Envelope"] & {
            results: {
                /** @description The input value echoed back; order and duplicates preserved */
                id: string;
                /** @enum {string} */
                category: "trend";
                /** @description false for a miss; misses stay in results */
                found: boolean;
                /** @description Empty on a miss */
                matches: components["schemas"]["Trend"][];
            }[];
        };
        LookupAcademicReportsRequest: {
            /** @description 1..100 entries; 50 at most when they are looked up by name. One EntityHit per entry, in order, duplicates included */
            ids: string[];
            fields?: string[] | null;
        };
        LookupAcademicReportsResponse: components["schemas"]["Envelope"] & {
            results: {
                /** @description The input value echoed back; order and duplicates preserved */
                id: string;
                /** @enum {string} */
                category: "academic_report";
                /** @description false for a miss; misses stay in results */
                found: boolean;
                /** @description Empty on a miss */
                matches: components["schemas"]["AcademicReport"][];
            }[];
        };
        LookupNewsRequest: {
            /** @description 1..100 entries; 50 at most when they are looked up by name. One EntityHit per entry, in order, duplicates included */
            ids: string[];
            fields?: string[] | null;
            /**
             * @description name (default): every candidate (trigram similarity ≥ 0.5, up to 100 per entry); id: internal ids, one record or none
             * @default name
             * @enum {string}
             */
            by: "id" | "name";
        };
        LookupNewsResponse: components["schemas"]["Envelope"] & {
            results: {
                /** @description The input value echoed back; order and duplicates preserved */
                id: string;
                /** @enum {string} */
                category: "news_article";
                /** @description false for a miss; misses stay in results */
                found: boolean;
                /** @description Empty on a miss */
                matches: components["schemas"]["NewsArticle"][];
            }[];
        };
        LookupMarketReportsRequest: {
            /** @description 1..100 entries; 50 at most when they are looked up by name. One EntityHit per entry, in order, duplicates included */
            ids: string[];
            fields?: string[] | null;
            /**
             * @description name (default): every candidate (trigram similarity ≥ 0.5, up to 100 per entry); id: internal ids, one record or none
             * @default name
             * @enum {string}
             */
            by: "id" | "name";
        };
        LookupMarketReportsResponse: components["schemas"]["Envelope"] & {
            results: {
                /** @description The input value echoed back; order and duplicates preserved */
                id: string;
                /** @enum {string} */
                category: "market_report";
                /** @description false for a miss; misses stay in results */
                found: boolean;
                /** @description Empty on a miss */
                matches: components["schemas"]["MarketReport"][];
            }[];
        };
        LookupFundingsRequest: {
            /** @description 1..100 entries; 50 at most when they are looked up by name. One EntityHit per entry, in order, duplicates included */
            ids: string[];
            fields?: string[] | null;
            /**
             * @description name (default): every candidate (trigram similarity ≥ 0.5, up to 100 per entry); id: internal ids, one record or none
             * @default name
             * @enum {string}
             */
            by: "id" | "name";
        };
        LookupFundingsResponse: components["schemas"]["Envelope"] & {
            results: {
                /** @description The input value echoed back; order and duplicates preserved */
                id: string;
                /** @enum {string} */
                category: "funding_round";
                /** @description false for a miss; misses stay in results */
                found: boolean;
                /** @description Empty on a miss */
                matches: components["schemas"]["FundingRound"][];
            }[];
        };
        LookupJobOpeningsRequest: {
            /** @description 1..100 entries; 50 at most when they are looked up by name. One EntityHit per entry, in order, duplicates included */
            ids: string[];
            fields?: string[] | null;
            /**
             * @description name (default): every candidate (trigram similarity ≥ 0.5, up to 100 per entry); id: internal ids, one record or none
             * @default name
             * @enum {string}
             */
            by: "id" | "name";
        };
        LookupJobOpeningsResponse: components["schemas"]["Envelope"] & {
            results: {
                /** @description The input value echoed back; order and duplicates preserved */
                id: string;
                /** @enum {string} */
                category: "job_opening";
                /** @description false for a miss; misses stay in results */
                found: boolean;
                /** @description Empty on a miss */
                matches: components["schemas"]["JobOpening"][];
            }[];
        };
        GetOrgChartRequest: {
            /** @description The company domain; a pasted URL is reduced to its host */
            domain?: string | null;
            /** @description The company page, linkedin.com/company/<slug>; a personal profile or a school page is refused */
            professional_url?: string | null;
            /** @description country: case-insensitive, any of them (OR); __unknown__ matches people with no country */
            country?: string[];
            /** @description state: case-insensitive, any of them (OR); __unknown__ matches people with no state */
            state?: string[];
            /** @description city: case-insensitive, any of them (OR); __unknown__ matches people with no city */
            city?: string[];
            /** @description How the person is engaged; any of them (OR) */
            employment_type?: {
                /** @enum {string} */
                value: "full_time" | "part_time" | "contract" | "freelance" | "intern";
            }[];
            /** @description Founders, owners, board members, advisors; a person holding any of them (OR) */
            governance_level?: {
                /** @enum {string} */
                value: "founder" | "owner" | "board_member" | "advisor";
            }[];
            /** @description true or false filters; omitted or null does not. People with no value match neither true nor false */
            has_direct_access_to_c_suite?: boolean | null;
            /**
             * @description Adds the unclassified people as an Others row and column
             * @default false
             */
            include_others: boolean;
        };
        GetOrgChartResponse: components["schemas"]["Envelope"] & {
            results: {
                department: string;
                seniority: string;
                count: number;
            }[];
            /** @description The same rows as results, under their §2.8 name */
            cells: {
                department: string;
                seniority: string;
                count: number;
            }[];
            /** @description The company the request named: both keys present, exactly one set */
            company: {
                domain: string | null;
                professional_url: string | null;
            };
            /** @description Row order: headcount descending, Others and General last */
            departments: string[];
            /** @description Column order: the fixed ladder, then Others with include_others */
            seniorities: string[];
            /** @description Per row: the sum of its cells */
            department_totals: {
                [key: string]: number;
            };
            /** @description Per column: the sum of its cells (every listed seniority, zeros included) */
            seniority_totals: {
                [key: string]: number;
            };
            include_others: boolean;
        };
        GetOrgChartDepartmentsRequest: {
            /** @description The company domain; a pasted URL is reduced to its host */
            domain?: string | null;
            /** @description The company page, linkedin.com/company/<slug>; a personal profile or a school page is refused */
            professional_url?: string | null;
            /** @description country: case-insensitive, any of them (OR); __unknown__ matches people with no country */
            country?: string[];
            /** @description state: case-insensitive, any of them (OR); __unknown__ matches people with no state */
            state?: string[];
            /** @description city: case-insensitive, any of them (OR); __unknown__ matches people with no city */
            city?: string[];
            /** @description How the person is engaged; any of them (OR) */
            employment_type?: {
                /** @enum {string} */
                value: "full_time" | "part_time" | "contract" | "freelance" | "intern";
            }[];
            /** @description Founders, owners, board members, advisors; a person holding any of them (OR) */
            governance_level?: {
                /** @enum {string} */
                value: "founder" | "owner" | "board_member" | "advisor";
            }[];
            /** @description true or false filters; omitted or null does not. People with no value match neither true nor false */
            has_direct_access_to_c_suite?: boolean | null;
        };
        GetOrgChartDepartmentsResponse: components["schemas"]["Envelope"] & {
            results: {
                name: string;
                headcount: number;
                sub_departments: {
                    /** @description Raw corpus label; Uncategorized for people with no sub-department */
                    name: string;
                    headcount: number;
                    /** @description Keyed by the raw seniority labels */
                    seniority_counts: {
                        [key: string]: number;
                    };
                }[];
            }[];
            /** @description The same rows as results, under their §2.8 name */
            departments: {
                name: string;
                headcount: number;
                sub_departments: {
                    /** @description Raw corpus label; Uncategorized for people with no sub-department */
                    name: string;
                    headcount: number;
                    /** @description Keyed by the raw seniority labels */
                    seniority_counts: {
                        [key: string]: number;
                    };
                }[];
            }[];
            /** @description The company the request named: both keys present, exactly one set */
            company: {
                domain: string | null;
                professional_url: string | null;
            };
        };
        GetOrgChartLocationsRequest: {
            /** @description The company domain; a pasted URL is reduced to its host */
            domain?: string | null;
            /** @description The company page, linkedin.com/company/<slug>; a personal profile or a school page is refused */
            professional_url?: string | null;
            /** @description Case-insensitive substring of the place values */
            search?: string | null;
        };
        GetOrgChartLocationsResponse: components["schemas"]["Envelope"] & {
            results: {
                /** @enum {string} */
                level: "country" | "state" | "city";
                value: string;
                count: number;
            }[];
            /** @description Most people first */
            countries: {
                /** @description Send back as a filter value; __unknown__ for people with none */
                value: string;
                count: number;
            }[];
            states: {
                /** @description Send back as a filter value; __unknown__ for people with none */
                value: string;
                count: number;
            }[];
            cities: {
                /** @description Send back as a filter value; __unknown__ for people with none */
                value: string;
                count: number;
            }[];
            /** @description The company the request named: both keys present, exactly one set */
            company: {
                domain: string | null;
                professional_url: string | null;
            };
            search: string | null;
        };
        FindRelationshipsRequest: {
            /**
             * @description Default between_companies; rejected alongside query
             * @enum {string}
             */
            relation?: "between_companies" | "via_institution";
            /** @description Order is the contract: the first company's people are returned */
            companies?: {
                value: string;
                /**
                 * @description Default auto: domain, company page URL or name, by shape
                 * @enum {string}
                 */
                by?: "auto" | "name" | "domain" | "li_url" | "id";
                /** @description Constrains this side only. Firmographic constraints are refused (422) */
                people?: {
                    /** @description Countries, case-insensitive; any of them */
                    country?: string[];
                    /** @description Department labels of the org chart vocabulary; any of them */
                    department?: string[];
                    /** @description Any of these levels */
                    seniority?: ("C-Suite" | "VP" | "Director / Head" | "Manager" | "IC" | "Entry" | "In Training")[];
                };
            }[];
            institutions?: {
                value: string;
                /**
                 * @description Default auto; inst_key takes a SharedInstitution.id back
                 * @enum {string}
                 */
                by?: "auto" | "name" | "li_url" | "inst_key";
                /**
                 * @description Default unknown; a name that is both a company and a school is refused
                 * @enum {string}
                 */
                kind?: "company" | "school" | "unknown";
            }[];
            /**
             * @description Default any; all: each person connected through every institution
             * @enum {string}
             */
            institutions_combine?: "any" | "all";
            institution_type?: ("employment" | "education") | null;
            /**
             * @description overlapping (default): both at the institution at the same time; shared: both there at some point
             * @enum {string}
             */
            connection_basis?: "overlapping" | "shared";
            /** @description Default false; true counts only affiliations that have ended */
            exclude_current?: boolean;
            /** @description Default false; adds each person's current employer */
            include_company_context?: boolean;
            breakdown?: {
                /**
                 * @description How the first company's connected people are grouped
                 * @enum {string}
                 */
                group_by: "institution" | "department" | "seniority" | "country";
                /** @description Default 10; more_groups says when more existed */
                max_groups?: number;
            } | null;
            /** @description Default 10 */
            limit?: number;
            cursor?: string | null;
            /** @description The question in words, instead of (never with) the structured fields */
            query?: string;
        };
        FindRelationshipsResponse: components["schemas"]["Envelope"] & {
            results: {
                /** @description The person id: send it to POST /v1/relationships/reach */
                id: string;
                profile_url: string | null;
                name: string | null;
                title: string | null;
                department: string | null;
                seniority: string | null;
                country: string | null;
                company_domain: string | null;
                company_name: string | null;
                /** @description The institutions that connect this person */
                via: {
                    id: string;
                    kind: ("employment" | "education") | null;
                    name: string | null;
                    match_confidence: ("url" | "edu" | "name") | null;
                }[];
                /** @description Distinct people on the other side connected to this one (under connection_basis) */
                number_of_contacts_overlapping_tenure_with: number;
                company_context: {
                    domain: string | null;
                    name: string | null;
                    industry: string | null;
                    employee_count: number | null;
                    country: string | null;
                } | null;
            }[];
            breakdown: {
                /** @description false when a count is an estimate, values were merged, or several institutions were required at once */
                exact: boolean;
                /** @enum {string} */
                group_by: "institution" | "department" | "seniority" | "country";
                groups: {
                    key: string;
                    kind: ("employment" | "education") | null;
                    label: string;
                    people: number;
                }[];
                more_groups: boolean;
            } | null;
            /** @enum {string} */
            connection_basis: "overlapping" | "shared";
            /** @description Every institution of the answer (not only the page) */
            institutions: {
                /** @description Institution key; sendable back as an institutions anchor (by inst_key) */
                id: string;
                kind: ("employment" | "education") | null;
                match_confidence: ("url" | "edu" | "name") | null;
                name: string | null;
                /** @default 0 */
                people_first: number;
                /** @default 0 */
                people_second: number;
            }[];
        };
        FindReachRequest: {
            /** @description A row id of POST /v1/relationships (a person id) or a profile URL */
            person?: string;
            /** @description Several seeds instead of person */
            people?: string[];
            /** @description The targets, in order */
            companies: {
                value: string;
                /**
                 * @description Default auto: domain, company page URL or name, by shape
                 * @enum {string}
                 */
                by?: "auto" | "name" | "domain" | "li_url" | "id";
            }[];
            /**
             * @description overlapping (default): both at the institution at the same time; shared: both there at some point
             * @enum {string}
             */
            connection_basis?: "overlapping" | "shared";
            institution_type?: ("employment" | "education") | null;
            /** @description Default false; true counts only affiliations that have ended */
            exclude_current?: boolean;
            /** @description Rows per target company on each page; default 10 */
            limit?: number;
            cursor?: string | null;
        };
        FindReachResponse: components["schemas"]["Envelope"] & {
            results: {
                /** @description The person id: send it to POST /v1/relationships/reach */
                id: string;
                profile_url: string | null;
                name: string | null;
                title: string | null;
                department: string | null;
                seniority: string | null;
                country: string | null;
                company_domain: string | null;
                company_name: string | null;
                /** @description The institutions that connect this person */
                via: {
                    id: string;
                    kind: ("employment" | "education") | null;
                    name: string | null;
                    match_confidence: ("url" | "edu" | "name") | null;
                }[];
                target_index: number | null;
                reached_by: string[] | null;
            }[];
            /** @enum {string} */
            connection_basis: "overlapping" | "shared";
            institutions: {
                id: string;
                kind: ("employment" | "education") | null;
                match_confidence: ("url" | "edu" | "name") | null;
                name: string | null;
                /**
                 * @description Distinct reached people through it, over the whole answer
                 * @default 0
                 */
                people_at_target: number;
            }[];
            targets: {
                index: number;
                /** @description As named */
                value: string;
                cid: string | null;
                name: string | null;
                domain: string | null;
                total: number;
                total_is_estimate: boolean;
                same_as: number | null;
            }[] | null;
            seeds: {
                id: string;
                total: number;
                total_is_estimate: boolean;
            }[] | null;
        };
        FindSharedInstitutionsRequest: {
            /** @description people_first counts the first, people_second the second */
            companies: {
                value: string;
                /**
                 * @description Default auto: domain, company page URL or name, by shape
                 * @enum {string}
                 */
                by?: "auto" | "name" | "domain" | "li_url" | "id";
                /** @description Constrains this side only. Firmographic constraints are refused (422) */
                people?: {
                    /** @description Countries, case-insensitive; any of them */
                    country?: string[];
                    /** @description Department labels of the org chart vocabulary; any of them */
                    department?: string[];
                    /** @description Any of these levels */
                    seniority?: ("C-Suite" | "VP" | "Director / Head" | "Manager" | "IC" | "Entry" | "In Training")[];
                };
            }[];
            institution_type?: ("employment" | "education") | null;
            /**
             * @description overlapping (default): both at the institution at the same time; shared: both there at some point
             * @enum {string}
             */
            connection_basis?: "overlapping" | "shared";
            /** @description Default false; true counts only affiliations that have ended */
            exclude_current?: boolean;
            /** @description Case-insensitive prefix of the institution name */
            name_starts_with?: string;
            /** @description Default 25; one page only */
            limit?: number;
        };
        FindSharedInstitutionsResponse: components["schemas"]["Envelope"] & {
            results: {
                /** @description Institution key; sendable back as an institutions anchor (by inst_key) */
                id: string;
                kind: ("employment" | "education") | null;
                match_confidence: ("url" | "edu" | "name") | null;
                name: string | null;
                /** @default 0 */
                people_first: number;
                /** @default 0 */
                people_second: number;
            }[];
            /** @description More institutions qualified than limit returned; has_more is structurally false */
            truncated: boolean;
            /** @enum {string} */
            connection_basis: "overlapping" | "shared";
        };
        AskRelationshipsRequest: {
            query: string;
            /** @description Default 10 */
            limit?: number;
            cursor?: string | null;
        };
        AskRelationshipsResponse: components["schemas"]["Envelope"] & {
            results: {
                [key: string]: unknown;
            }[];
            /** @enum {string} */
            route: "relationships" | "reach" | "institutions" | "compare" | "fan_out";
            reading: {
                /** @description The words the answer was read from */
                span: string;
                /** @description Graph reads the answer ran */
                searches: number;
                /** @description What was dropped, in plain words; empty means nothing */
                warnings: string[];
            };
            relationships: {
                results: {
                    /** @description The person id: send it to POST /v1/relationships/reach */
                    id: string;
                    profile_url: string | null;
                    name: string | null;
                    title: string | null;
                    department: string | null;
                    seniority: string | null;
                    country: string | null;
                    company_domain: string | null;
                    company_name: string | null;
                    /** @description The institutions that connect this person */
                    via: {
                        id: string;
                        kind: ("employment" | "education") | null;
                        name: string | null;
                        match_confidence: ("url" | "edu" | "name") | null;
                    }[];
                    /** @description Distinct people on the other side connected to this one (under connection_basis) */
                    number_of_contacts_overlapping_tenure_with: number;
                    company_context: {
                        domain: string | null;
                        name: string | null;
                        industry: string | null;
                        employee_count: number | null;
                        country: string | null;
                    } | null;
                }[];
                total: number;
                total_is_estimate: boolean;
                has_more: boolean;
                next_cursor: string | null;
                resolved_search: {
                    [key: string]: unknown;
                } | null;
                suggestion: {
                    [key: string]: unknown;
                } | null;
                coverage: {
                    [key: string]: unknown;
                } | null;
                attribution: components["schemas"]["Attribution"][];
                degradation: components["schemas"]["Degradation"][];
                columns: {
                    [key: string]: unknown;
                }[] | null;
                breakdown: {
                    /** @description false when a count is an estimate, values were merged, or several institutions were required at once */
                    exact: boolean;
                    /** @enum {string} */
                    group_by: "institution" | "department" | "seniority" | "country";
                    groups: {
                        key: string;
                        kind: ("employment" | "education") | null;
                        label: string;
                        people: number;
                    }[];
                    more_groups: boolean;
                } | null;
                /** @enum {string} */
                connection_basis: "overlapping" | "shared";
                /** @description Every institution of the answer (not only the page) */
                institutions: {
                    /** @description Institution key; sendable back as an institutions anchor (by inst_key) */
                    id: string;
                    kind: ("employment" | "education") | null;
                    match_confidence: ("url" | "edu" | "name") | null;
                    name: string | null;
                    /** @default 0 */
                    people_first: number;
                    /** @default 0 */
                    people_second: number;
                }[];
                meta?: components["schemas"]["Meta"];
            } | null;
            reach: {
                results: {
                    /** @description The person id: send it to POST /v1/relationships/reach */
                    id: string;
                    profile_url: string | null;
                    name: string | null;
                    title: string | null;
                    department: string | null;
                    seniority: string | null;
                    country: string | null;
                    company_domain: string | null;
                    company_name: string | null;
                    /** @description The institutions that connect this person */
                    via: {
                        id: string;
                        kind: ("employment" | "education") | null;
                        name: string | null;
                        match_confidence: ("url" | "edu" | "name") | null;
                    }[];
                    target_index: number | null;
                    reached_by: string[] | null;
                }[];
                total: number;
                total_is_estimate: boolean;
                has_more: boolean;
                next_cursor: string | null;
                resolved_search: {
                    [key: string]: unknown;
                } | null;
                suggestion: {
                    [key: string]: unknown;
                } | null;
                coverage: {
                    [key: string]: unknown;
                } | null;
                attribution: components["schemas"]["Attribution"][];
                degradation: components["schemas"]["Degradation"][];
                columns: {
                    [key: string]: unknown;
                }[] | null;
                /** @enum {string} */
                connection_basis: "overlapping" | "shared";
                institutions: {
                    id: string;
                    kind: ("employment" | "education") | null;
                    match_confidence: ("url" | "edu" | "name") | null;
                    name: string | null;
                    /**
                     * @description Distinct reached people through it, over the whole answer
                     * @default 0
                     */
                    people_at_target: number;
                }[];
                targets: {
                    index: number;
                    /** @description As named */
                    value: string;
                    cid: string | null;
                    name: string | null;
                    domain: string | null;
                    total: number;
                    total_is_estimate: boolean;
                    same_as: number | null;
                }[] | null;
                seeds: {
                    id: string;
                    total: number;
                    total_is_estimate: boolean;
                }[] | null;
                meta?: components["schemas"]["Meta"];
            } | null;
            institutions: {
                results: {
                    /** @description Institution key; sendable back as an institutions anchor (by inst_key) */
                    id: string;
                    kind: ("employment" | "education") | null;
                    match_confidence: ("url" | "edu" | "name") | null;
                    name: string | null;
                    /** @default 0 */
                    people_first: number;
                    /** @default 0 */
                    people_second: number;
                }[];
                total: number;
                total_is_estimate: boolean;
                has_more: boolean;
                next_cursor: string | null;
                resolved_search: {
                    [key: string]: unknown;
                } | null;
                suggestion: {
                    [key: string]: unknown;
                } | null;
                coverage: {
                    [key: string]: unknown;
                } | null;
                attribution: components["schemas"]["Attribution"][];
                degradation: components["schemas"]["Degradation"][];
                columns: {
                    [key: string]: unknown;
                }[] | null;
                /** @description More institutions qualified than limit returned; has_more is structurally false */
                truncated: boolean;
                /** @enum {string} */
                connection_basis: "overlapping" | "shared";
                meta?: components["schemas"]["Meta"];
            } | null;
            compare: {
                /** @default true */
                comparable: boolean;
                /** @enum {string} */
                connection_basis: "overlapping" | "shared";
                /** @description One relationships envelope per compared company, each with its own resolved_search */
                sides: {
                    results: {
                        /** @description The person id: send it to POST /v1/relationships/reach */
                        id: string;
                        profile_url: string | null;
                        name: string | null;
                        title: string | null;
                        department: string | null;
                        seniority: string | null;
                        country: string | null;
                        company_domain: string | null;
                        company_name: string | null;
                        /** @description The institutions that connect this person */
                        via: {
                            id: string;
                            kind: ("employment" | "education") | null;
                            name: string | null;
                            match_confidence: ("url" | "edu" | "name") | null;
                        }[];
                        /** @description Distinct people on the other side connected to this one (under connection_basis) */
                        number_of_contacts_overlapping_tenure_with: number;
                        company_context: {
                            domain: string | null;
                            name: string | null;
                            industry: string | null;
                            employee_count: number | null;
                            country: string | null;
                        } | null;
                    }[];
                    total: number;
                    total_is_estimate: boolean;
                    has_more: boolean;
                    next_cursor: string | null;
                    resolved_search: {
                        [key: string]: unknown;
                    } | null;
                    suggestion: {
                        [key: string]: unknown;
                    } | null;
                    coverage: {
                        [key: string]: unknown;
                    } | null;
                    attribution: components["schemas"]["Attribution"][];
                    degradation: components["schemas"]["Degradation"][];
                    columns: {
                        [key: string]: unknown;
                    }[] | null;
                    breakdown: {
                        /** @description false when a count is an estimate, values were merged, or several institutions were required at once */
                        exact: boolean;
                        /** @enum {string} */
                        group_by: "institution" | "department" | "seniority" | "country";
                        groups: {
                            key: string;
                            kind: ("employment" | "education") | null;
                            label: string;
                            people: number;
                        }[];
                        more_groups: boolean;
                    } | null;
                    /** @enum {string} */
                    connection_basis: "overlapping" | "shared";
                    /** @description Every institution of the answer (not only the page) */
                    institutions: {
                        /** @description Institution key; sendable back as an institutions anchor (by inst_key) */
                        id: string;
                        kind: ("employment" | "education") | null;
                        match_confidence: ("url" | "edu" | "name") | null;
                        name: string | null;
                        /** @default 0 */
                        people_first: number;
                        /** @default 0 */
                        people_second: number;
                    }[];
                    meta?: components["schemas"]["Meta"];
                }[];
                stronger: number | null;
            } | null;
            fan_out: {
                results: {
                    /** @description The person id: send it to POST /v1/relationships/reach */
                    id: string;
                    profile_url: string | null;
                    name: string | null;
                    title: string | null;
                    department: string | null;
                    seniority: string | null;
                    country: string | null;
                    company_domain: string | null;
                    company_name: string | null;
                    /** @description The institutions that connect this person */
                    via: {
                        id: string;
                        kind: ("employment" | "education") | null;
                        name: string | null;
                        match_confidence: ("url" | "edu" | "name") | null;
                    }[];
                    /** @description Distinct people on the other side connected to this one (under connection_basis) */
                    number_of_contacts_overlapping_tenure_with: number;
                    company_context: {
                        domain: string | null;
                        name: string | null;
                        industry: string | null;
                        employee_count: number | null;
                        country: string | null;
                    } | null;
                }[];
                total: number;
                total_is_estimate: boolean;
                has_more: boolean;
                next_cursor: string | null;
                resolved_search: {
                    [key: string]: unknown;
                } | null;
                suggestion: {
                    [key: string]: unknown;
                } | null;
                coverage: {
                    [key: string]: unknown;
                } | null;
                attribution: components["schemas"]["Attribution"][];
                degradation: components["schemas"]["Degradation"][];
                columns: {
                    [key: string]: unknown;
                }[] | null;
                breakdown: {
                    /** @description false when a count is an estimate, values were merged, or several institutions were required at once */
                    exact: boolean;
                    /** @enum {string} */
                    group_by: "institution" | "department" | "seniority" | "country";
                    groups: {
                        key: string;
                        kind: ("employment" | "education") | null;
                        label: string;
                        people: number;
                    }[];
                    more_groups: boolean;
                } | null;
                /** @enum {string} */
                connection_basis: "overlapping" | "shared";
                institutions: {
                    /** @description Institution key; sendable back as an institutions anchor (by inst_key) */
                    id: string;
                    kind: ("employment" | "education") | null;
                    match_confidence: ("url" | "edu" | "name") | null;
                    name: string | null;
                    /** @default 0 */
                    people_first: number;
                    /** @default 0 */
                    people_second: number;
                }[];
                /** @description One per person drilled into, in the rank order of results */
                drill_downs: {
                    person_id: string;
                    name: string | null;
                    target: string | null;
                    total: number;
                    total_is_estimate: boolean;
                    institutions: {
                        id: string;
                        kind: ("employment" | "education") | null;
                        match_confidence: ("url" | "edu" | "name") | null;
                        name: string | null;
                        /**
                         * @description Distinct reached people through it, over the whole answer
                         * @default 0
                         */
                        people_at_target: number;
                    }[];
                    /** @description The first people this person reaches, best first */
                    results: {
                        /** @description The person id: send it to POST /v1/relationships/reach */
                        id: string;
                        profile_url: string | null;
                        name: string | null;
                        title: string | null;
                        department: string | null;
                        seniority: string | null;
                        country: string | null;
                        company_domain: string | null;
                        company_name: string | null;
                        /** @description The institutions that connect this person */
                        via: {
                            id: string;
                            kind: ("employment" | "education") | null;
                            name: string | null;
                            match_confidence: ("url" | "edu" | "name") | null;
                        }[];
                        target_index: number | null;
                        reached_by: string[] | null;
                    }[];
                }[];
                /** @description Rows drilled into */
                k: number;
                /** @description Ids among the top k that could not be drilled */
                skipped: string[];
                meta?: components["schemas"]["Meta"];
            } | null;
        };
        StartAgentRunRequest: {
            /** @description What to find, 1..4000 characters */
            query: string;
            /**
             * @description What each row is
             * @default company
             * @enum {string}
             */
            category: "company" | "person";
            /**
             * @description Budget tier (searches, candidates examined, depth); auto picks one from the query and holds 85 credits while it chooses
             * @default medium
             * @enum {string}
             */
            effort: "minimal" | "low" | "medium" | "high" | "xhigh" | "auto";
            /** @description Up to 10; a row must satisfy every one to be kept */
            criteria?: string[];
            /** @description Up to 20 column names filled on every row from record fields; a column no field supports comes back empty, never guessed */
            enrichments?: string[];
            /** @description Up to 1000 record ids (row ids, domains or profile URLs) left out of the answer; coverage is still measured against the whole matching set */
            exclusion?: string[];
        };
        StartAgentRunResponse200: {
            run_id: string;
            /** @enum {string} */
            status: "pending" | "running" | "completed" | "failed" | "cancelled";
            meta?: components["schemas"]["Meta"];
        };
        StartAgentRunResponse202: {
            run_id: string;
            /** @enum {string} */
            status: "pending" | "running" | "completed" | "failed" | "cancelled";
            meta?: components["schemas"]["Meta"];
        };
        ListAgentRunsResponse: {
            results: {
                run_id: string;
                /** @enum {string} */
                status: "pending" | "running" | "completed" | "failed" | "cancelled";
                query: string | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 date-time
                 */
                created_at: string;
                finished_at: string | null;
            }[];
            meta?: components["schemas"]["Meta"];
        };
        GetAgentRunResponse: {
            run_id: string;
            /** @enum {string} */
            status: "pending" | "running" | "completed" | "failed" | "cancelled";
            query: string;
            /** @enum {string} */
            category: "company" | "person";
            /**
             * @description The tier requested
             * @enum {string}
             */
            effort: "minimal" | "low" | "medium" | "high" | "xhigh" | "auto";
            effort_ran: ("minimal" | "low" | "medium" | "high" | "xhigh") | null;
            credits_charged: number | null;
            /** @description Two or three sentences on what came back and the bar actually applied; empty until completed */
            summary: string;
            coverage: {
                [key: string]: unknown;
            } | null;
            degradation: components["schemas"]["Degradation"][];
            error: string | null;
            /** @description What was left out and why */
            exclusions: string[];
            insights: {
                /** @description A statement about the market or the technology, taken from its sources */
                statement: string;
                /** @enum {string} */
                kind: "market" | "technology" | "news";
                /** @description ids of insight_sources entries; an uncited statement is never returned */
                citations: string[];
            }[];
            insight_sources: {
                /** @description The document id (as search rows give it) */
                id: string;
                /** @enum {string} */
                category: "news_article" | "market_report" | "academic_report";
                title: string | null;
                published: string | null;
                publisher: string | null;
                url: string | null;
            }[];
            stop_reason: string | null;
            result_count: number | null;
            /** @description The enrichment columns of the answer table, in the order requested; null when the run asked for no enrichments (a plain entity table) and until the run completes */
            columns: {
                /** @description The column as requested */
                name: string;
                source: string | null;
                supported: boolean;
                /** @description Rows with a value */
                filled: number;
            }[] | null;
            /**
             * Format: date-time
             * @description ISO 8601 date-time
             */
            created_at: string;
            started_at: string | null;
            finished_at: string | null;
            meta?: components["schemas"]["Meta"];
        };
        CancelAgentRunRequest: {
            /** @description Kept as the run's error */
            reason?: string;
        } | null;
        CancelAgentRunResponse: {
            run_id: string;
            /** @enum {string} */
            status: "pending" | "running" | "completed" | "failed" | "cancelled";
            query: string;
            /** @enum {string} */
            category: "company" | "person";
            /**
             * @description The tier requested
             * @enum {string}
             */
            effort: "minimal" | "low" | "medium" | "high" | "xhigh" | "auto";
            effort_ran: ("minimal" | "low" | "medium" | "high" | "xhigh") | null;
            credits_charged: number | null;
            /** @description Two or three sentences on what came back and the bar actually applied; empty until completed */
            summary: string;
            coverage: {
                [key: string]: unknown;
            } | null;
            degradation: components["schemas"]["Degradation"][];
            error: string | null;
            /** @description What was left out and why */
            exclusions: string[];
            insights: {
                /** @description A statement about the market or the technology, taken from its sources */
                statement: string;
                /** @enum {string} */
                kind: "market" | "technology" | "news";
                /** @description ids of insight_sources entries; an uncited statement is never returned */
                citations: string[];
            }[];
            insight_sources: {
                /** @description The document id (as search rows give it) */
                id: string;
                /** @enum {string} */
                category: "news_article" | "market_report" | "academic_report";
                title: string | null;
                published: string | null;
                publisher: string | null;
                url: string | null;
            }[];
            stop_reason: string | null;
            result_count: number | null;
            /** @description The enrichment columns of the answer table, in the order requested; null when the run asked for no enrichments (a plain entity table) and until the run completes */
            columns: {
                /** @description The column as requested */
                name: string;
                source: string | null;
                supported: boolean;
                /** @description Rows with a value */
                filled: number;
            }[] | null;
            /**
             * Format: date-time
             * @description ISO 8601 date-time
             */
            created_at: string;
            started_at: string | null;
            finished_at: string | null;
            meta?: components["schemas"]["Meta"];
        };
        ListAgentRunResultsResponse: components["schemas"]["Envelope"] & {
            results: {
                /** @description The record id as search rows give it (a company's domain, else a 16-hex hash) */
                id: string;
                /** @enum {string} */
                category: "company" | "person";
                /** @description Relevance in the search that found it first */
                score: number;
                position: number;
                /** @description The record, as search returns it */
                record: {
                    [key: string]: unknown;
                };
                /** @description One key per requested column: its value, or null when no field supports it or the record lacks it */
                enrichments: {
                    [key: string]: unknown;
                };
                criteria: {
                    criterion: string;
                    passed: boolean;
                    /**
                     * @description query: a filter of every search proved it; judged: checked against the record's text
                     * @enum {string}
                     */
                    proven_by: "query" | "judged";
                    evidence: string | null;
                }[];
            }[];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getLiveness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Liveness: a JSON object with string values */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetLivenessResponse"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    checkReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckReadinessResponse"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckReadinessResponse503"];
                };
            };
        };
    };
    getCredits: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetCreditsResponse"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `credits.unavailable`: Billing unreachable or the charge was not confirmed in time; the request may have been charged. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    resolveMember: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResolveMemberRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ResolveMemberResponse"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.too_large`: The body is over the size cap, or the request line and headers over 16 KB together. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.unsupported`: 415: wrong content type. 422: a sentence a relationships route cannot answer (extra.kind, extra.try_instead). 501: top-up creation on a deployment without a dashboard. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    searchRecords: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The same key with the same body, credential and UTC day is a retry: rows already charged are not charged again (§4.10). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SearchRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description W3C Server-Timing with one entry, `engine;dur=<ms>`: how long this answer's engine query took (retrieving the ranked page and reading its records), in milliseconds. The rest of the response time is the API: authentication, planning, serialisation and the charge (made once the answer is built). Shown by browser developer tools; see docs/search.md. */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchRecordsResponse"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `credits.insufficient`: The allocation cannot fund the call; results are not returned. extra has available, required, action_type and sometimes unrestricted_not_usable. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.too_large`: The body is over the size cap, or the request line and headers over 16 KB together. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.unsupported`: 415: wrong content type. 422: a sentence a relationships route cannot answer (extra.kind, extra.try_instead). 501: top-up creation on a deployment without a dashboard. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. `pagination.cursor_invalid`: The cursor is malformed, failed its signature check, or the request changed between pages (anything except limit). `pagination.cursor_expired`: The cursor is older than 24 hours. `pagination.depth_exceeded`: Paging past 10,000 results. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. `credits.unknown_action`: The action lacks a pricing row; nothing was charged. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `credits.unavailable`: Billing unreachable or the charge was not confirmed in time; the request may have been charged. `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `upstream.timeout`: The retrieval engine was too slow; not charged. */
            504: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    findSimilar: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The same key with the same body, credential and UTC day is a retry: rows already charged are not charged again (§4.10). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SimilarRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description W3C Server-Timing with one entry, `engine;dur=<ms>`: how long this answer's engine query took (resolving the anchors, ranking the look-alikes, reading the page's records), in milliseconds. The rest of the response time is the API: authentication, the charge, serialisation. See docs/search.md. */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FindSimilarResponse"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `credits.insufficient`: The allocation cannot fund the call; results are not returned. extra has available, required, action_type and sometimes unrestricted_not_usable. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.too_large`: The body is over the size cap, or the request line and headers over 16 KB together. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.unsupported`: 415: wrong content type. 422: a sentence a relationships route cannot answer (extra.kind, extra.try_instead). 501: top-up creation on a deployment without a dashboard. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. `pagination.cursor_invalid`: The cursor is malformed, failed its signature check, or the request changed between pages (anything except limit). `pagination.cursor_expired`: The cursor is older than 24 hours. `pagination.depth_exceeded`: Paging past 10,000 results. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. `credits.unknown_action`: The action lacks a pricing row; nothing was charged. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `credits.unavailable`: Billing unreachable or the charge was not confirmed in time; the request may have been charged. `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `upstream.timeout`: The retrieval engine was too slow; not charged. */
            504: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listHistory: {
        parameters: {
            query?: {
                cursor?: string | null;
                limit?: number;
                action_type?: ("dsp.search.fast" | "dsp.search.auto" | "dsp.search.deep" | "dsp.similar" | "dsp.entities" | "dsp.relationships" | "dsp.relationships.ask" | "dsp.org_chart" | "dsp.agent.run.minimal" | "dsp.agent.run.low" | "dsp.agent.run.medium" | "dsp.agent.run.high" | "dsp.agent.run.xhigh")[];
                /** @description ISO 8601 date-time, from 1970 to 9999-12-31T23:59:59Z */
                from?: string;
                /** @description ISO 8601 date-time, from 1970 to 9999-12-31T23:59:59Z */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListHistoryResponse"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. `pagination.cursor_invalid`: The cursor is malformed, failed its signature check, or the request changed between pages (anything except limit). `pagination.cursor_expired`: The cursor is older than 24 hours. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `credits.unavailable`: Billing unreachable or the charge was not confirmed in time; the request may have been charged. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getHistoryRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                run_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetHistoryRunResponse"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `history.not_found`: The run is unknown, past 90 days, or another credential's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `credits.unavailable`: Billing unreachable or the charge was not confirmed in time; the request may have been charged. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getUsageMetrics: {
        parameters: {
            query?: {
                /** @description Default 30 days before `to`; 1970 to 9999 */
                from?: string;
                /** @description Default now; 1970 to 9999 */
                to?: string;
                action_type?: ("dsp.search.fast" | "dsp.search.auto" | "dsp.search.deep" | "dsp.similar" | "dsp.entities" | "dsp.relationships" | "dsp.relationships.ask" | "dsp.org_chart" | "dsp.agent.run.minimal" | "dsp.agent.run.low" | "dsp.agent.run.medium" | "dsp.agent.run.high" | "dsp.agent.run.xhigh")[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetUsageMetricsResponse"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `credits.unavailable`: Billing unreachable or the charge was not confirmed in time; the request may have been charged. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getKeyUsage: {
        parameters: {
            query?: {
                granularity?: "hour" | "day" | "month" | "total";
                /** @description ISO 8601 date-time, from 1970 to 9999-12-31T23:59:59Z */
                from?: string;
                /** @description ISO 8601 date-time, from 1970 to 9999-12-31T23:59:59Z */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetKeyUsageResponse"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `credits.unavailable`: Billing unreachable or the charge was not confirmed in time; the request may have been charged. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createTopupIntent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateTopupIntentResponse"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.too_large`: The body is over the size cap, or the request line and headers over 16 KB together. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.unsupported`: 415: wrong content type. 422: a sentence a relationships route cannot answer (extra.kind, extra.try_instead). 501: top-up creation on a deployment without a dashboard. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. `request.unsupported`: 415: wrong content type. 422: a sentence a relationships route cannot answer (extra.kind, extra.try_instead). 501: top-up creation on a deployment without a dashboard. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.unsupported`: 415: wrong content type. 422: a sentence a relationships route cannot answer (extra.kind, extra.try_instead). 501: top-up creation on a deployment without a dashboard. */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `credits.unavailable`: Billing unreachable or the charge was not confirmed in time; the request may have been charged. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getTopupIntent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                topup_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetTopupIntentResponse"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `payment.topup_not_found`: The top-up id is unknown, expired or another workspace's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `credits.unavailable`: Billing unreachable or the charge was not confirmed in time; the request may have been charged. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listFilterValues: {
        parameters: {
            query?: {
                /** @description Case-insensitive substring, applied before paging */
                search?: string;
                /** @description Page number; 20 values a page */
                page?: number;
                /** @description industry, sub_industry and department only; not with parent */
                level?: "parents" | "children";
                /** @description One parent's children (industry, sub_industry, department); not with level */
                parent?: string;
            };
            header?: never;
            path: {
                /** @description FilterName: one of 54 (every company or person filter except geo, plus country, state, city, region) */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListFilterValuesResponse"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `upstream.timeout`: The retrieval engine was too slow; not charged. */
            504: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listFilterValuesWithoutName: {
        parameters: {
            query?: {
                /** @description Case-insensitive substring, applied before paging */
                search?: string;
                /** @description Page number; 20 values a page */
                page?: number;
                /** @description industry, sub_industry and department only; not with parent */
                level?: "parents" | "children";
                /** @description One parent's children (industry, sub_industry, department); not with level */
                parent?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listDocumentFilterValues: {
        parameters: {
            query?: {
                /** @description Case-insensitive substring, applied before paging */
                search?: string;
                /** @description Page number; 20 values a page */
                page?: number;
            };
            header?: never;
            path: {
                /** @description A document category: patent, news_article, market_report, funding_round, academic_report, trend, job_opening */
                category: string;
                /** @description The filter, spelled as the search request spells it */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListDocumentFilterValuesResponse"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `upstream.timeout`: The retrieval engine was too slow; not charged. */
            504: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listSortFields: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description EntityCategory: one of the nine */
                category: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListSortFieldsResponse"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getCoverage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What the index holds per corpus */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetCoverageResponse"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listLists: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListListsResponse"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `lists.unavailable`: Saved lists are unreachable; nothing changed. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateListRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateListResponse"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.too_large`: The body is over the size cap, or the request line and headers over 16 KB together. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.unsupported`: 415: wrong content type. 422: a sentence a relationships route cannot answer (extra.kind, extra.try_instead). 501: top-up creation on a deployment without a dashboard. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `lists.unavailable`: Saved lists are unreachable; nothing changed. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                list_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `lists.not_found`: The list is missing, deleted, or another workspace's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.too_large`: The body is over the size cap, or the request line and headers over 16 KB together. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.unsupported`: 415: wrong content type. 422: a sentence a relationships route cannot answer (extra.kind, extra.try_instead). 501: top-up creation on a deployment without a dashboard. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `lists.unavailable`: Saved lists are unreachable; nothing changed. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                list_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateListRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpdateListResponse"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `lists.not_found`: The list is missing, deleted, or another workspace's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.too_large`: The body is over the size cap, or the request line and headers over 16 KB together. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.unsupported`: 415: wrong content type. 422: a sentence a relationships route cannot answer (extra.kind, extra.try_instead). 501: top-up creation on a deployment without a dashboard. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `lists.unavailable`: Saved lists are unreachable; nothing changed. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listListItems: {
        parameters: {
            query?: {
                /** @description next_cursor of the previous page */
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                list_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListListItemsResponse"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `lists.not_found`: The list is missing, deleted, or another workspace's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. `pagination.cursor_invalid`: The cursor is malformed, failed its signature check, or the request changed between pages (anything except limit). `pagination.cursor_expired`: The cursor is older than 24 hours. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `lists.unavailable`: Saved lists are unreachable; nothing changed. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    addListItems: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                list_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AddListItemsRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AddListItemsResponse"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `lists.not_found`: The list is missing, deleted, or another workspace's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `lists.item_cap_reached`: The saved-items cap would be exceeded; nothing was saved. extra has cap, saved and adding. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.too_large`: The body is over the size cap, or the request line and headers over 16 KB together. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.unsupported`: 415: wrong content type. 422: a sentence a relationships route cannot answer (extra.kind, extra.try_instead). 501: top-up creation on a deployment without a dashboard. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `lists.unavailable`: Saved lists are unreachable; nothing changed. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    removeListItems: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                list_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RemoveListItemsRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RemoveListItemsResponse"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `lists.not_found`: The list is missing, deleted, or another workspace's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.too_large`: The body is over the size cap, or the request line and headers over 16 KB together. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.unsupported`: 415: wrong content type. 422: a sentence a relationships route cannot answer (extra.kind, extra.try_instead). 501: top-up creation on a deployment without a dashboard. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `lists.unavailable`: Saved lists are unreachable; nothing changed. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    exportList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                list_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `export.not_enabled`: CSV export is not switched on. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.too_large`: The body is over the size cap, or the request line and headers over 16 KB together. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.unsupported`: 415: wrong content type. 422: a sentence a relationships route cannot answer (extra.kind, extra.try_instead). 501: top-up creation on a deployment without a dashboard. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `lists.unavailable`: Saved lists are unreachable; nothing changed. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    exportSearch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `export.not_enabled`: CSV export is not switched on. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.too_large`: The body is over the size cap, or the request line and headers over 16 KB together. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.unsupported`: 415: wrong content type. 422: a sentence a relationships route cannot answer (extra.kind, extra.try_instead). 501: top-up creation on a deployment without a dashboard. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `lists.unavailable`: Saved lists are unreachable; nothing changed. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listFeedback: {
        parameters: {
            query?: {
                subject_id?: string;
                /** @description received, in_review, resolved or dismissed; other values are 422 */
                status?: string;
                /** @description A tag of the published vocabulary; other values are 422 */
                tag?: string;
                /** @description request, agent_run or help; other values are 422 */
                subject_kind?: string;
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListFeedbackResponse"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `feedback.unavailable`: The feedback store is unreachable; nothing was filed. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    fileFeedback: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FileFeedbackRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FileFeedbackResponse"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `feedback.subject_not_found`: The request_id or run_id is unknown, outside the history window, or not yours. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.too_large`: The body is over the size cap, or the request line and headers over 16 KB together. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.unsupported`: 415: wrong content type. 422: a sentence a relationships route cannot answer (extra.kind, extra.try_instead). 501: top-up creation on a deployment without a dashboard. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `feedback.unavailable`: The feedback store is unreachable; nothing was filed. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listFeedbackTags: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListFeedbackTagsResponse"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `feedback.unavailable`: The feedback store is unreachable; nothing was filed. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listVotes: {
        parameters: {
            query: {
                request_id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListVotesResponse"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `feedback.unavailable`: The feedback store is unreachable; nothing was filed. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    castVote: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CastVoteRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CastVoteResponse"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.too_large`: The body is over the size cap, or the request line and headers over 16 KB together. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.unsupported`: 415: wrong content type. 422: a sentence a relationships route cannot answer (extra.kind, extra.try_instead). 501: top-up creation on a deployment without a dashboard. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `feedback.unavailable`: The feedback store is unreachable; nothing was filed. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    lookupCompanies: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The same key with the same body, credential and UTC day is a retry: rows already charged are not charged again (§4.10). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LookupCompaniesRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LookupCompaniesResponse"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `credits.insufficient`: The allocation cannot fund the call; results are not returned. extra has available, required, action_type and sometimes unrestricted_not_usable. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.too_large`: The body is over the size cap, or the request line and headers over 16 KB together. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.unsupported`: 415: wrong content type. 422: a sentence a relationships route cannot answer (extra.kind, extra.try_instead). 501: top-up creation on a deployment without a dashboard. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. `credits.unknown_action`: The action lacks a pricing row; nothing was charged. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `credits.unavailable`: Billing unreachable or the charge was not confirmed in time; the request may have been charged. `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `upstream.timeout`: The retrieval engine was too slow; not charged. */
            504: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    lookupPersons: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The same key with the same body, credential and UTC day is a retry: rows already charged are not charged again (§4.10). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LookupPersonsRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LookupPersonsResponse"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `credits.insufficient`: The allocation cannot fund the call; results are not returned. extra has available, required, action_type and sometimes unrestricted_not_usable. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.too_large`: The body is over the size cap, or the request line and headers over 16 KB together. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.unsupported`: 415: wrong content type. 422: a sentence a relationships route cannot answer (extra.kind, extra.try_instead). 501: top-up creation on a deployment without a dashboard. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. `credits.unknown_action`: The action lacks a pricing row; nothing was charged. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `credits.unavailable`: Billing unreachable or the charge was not confirmed in time; the request may have been charged. `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `upstream.timeout`: The retrieval engine was too slow; not charged. */
            504: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    lookupPatents: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The same key with the same body, credential and UTC day is a retry: rows already charged are not charged again (§4.10). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LookupPatentsRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LookupPatentsResponse"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `credits.insufficient`: The allocation cannot fund the call; results are not returned. extra has available, required, action_type and sometimes unrestricted_not_usable. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.too_large`: The body is over the size cap, or the request line and headers over 16 KB together. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.unsupported`: 415: wrong content type. 422: a sentence a relationships route cannot answer (extra.kind, extra.try_instead). 501: top-up creation on a deployment without a dashboard. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. `credits.unknown_action`: The action lacks a pricing row; nothing was charged. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `credits.unavailable`: Billing unreachable or the charge was not confirmed in time; the request may have been charged. `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `upstream.timeout`: The retrieval engine was too slow; not charged. */
            504: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    lookupTrends: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The same key with the same body, credential and UTC day is a retry: rows already charged are not charged again (§4.10). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LookupTrendsRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LookupTrendsResponse"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `credits.insufficient`: The allocation cannot fund the call; results are not returned. extra has available, required, action_type and sometimes unrestricted_not_usable. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.too_large`: The body is over the size cap, or the request line and headers over 16 KB together. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.unsupported`: 415: wrong content type. 422: a sentence a relationships route cannot answer (extra.kind, extra.try_instead). 501: top-up creation on a deployment without a dashboard. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. `credits.unknown_action`: The action lacks a pricing row; nothing was charged. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `credits.unavailable`: Billing unreachable or the charge was not confirmed in time; the request may have been charged. `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `upstream.timeout`: The retrieval engine was too slow; not charged. */
            504: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    lookupAcademicReports: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The same key with the same body, credential and UTC day is a retry: rows already charged are not charged again (§4.10). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LookupAcademicReportsRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LookupAcademicReportsResponse"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `credits.insufficient`: The allocation cannot fund the call; results are not returned. extra has available, required, action_type and sometimes unrestricted_not_usable. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.too_large`: The body is over the size cap, or the request line and headers over 16 KB together. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.unsupported`: 415: wrong content type. 422: a sentence a relationships route cannot answer (extra.kind, extra.try_instead). 501: top-up creation on a deployment without a dashboard. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. `credits.unknown_action`: The action lacks a pricing row; nothing was charged. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `credits.unavailable`: Billing unreachable or the charge was not confirmed in time; the request may have been charged. `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `upstream.timeout`: The retrieval engine was too slow; not charged. */
            504: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    lookupNews: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The same key with the same body, credential and UTC day is a retry: rows already charged are not charged again (§4.10). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LookupNewsRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LookupNewsResponse"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `credits.insufficient`: The allocation cannot fund the call; results are not returned. extra has available, required, action_type and sometimes unrestricted_not_usable. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.too_large`: The body is over the size cap, or the request line and headers over 16 KB together. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.unsupported`: 415: wrong content type. 422: a sentence a relationships route cannot answer (extra.kind, extra.try_instead). 501: top-up creation on a deployment without a dashboard. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. `credits.unknown_action`: The action lacks a pricing row; nothing was charged. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `credits.unavailable`: Billing unreachable or the charge was not confirmed in time; the request may have been charged. `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `upstream.timeout`: The retrieval engine was too slow; not charged. */
            504: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    lookupMarketReports: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The same key with the same body, credential and UTC day is a retry: rows already charged are not charged again (§4.10). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LookupMarketReportsRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LookupMarketReportsResponse"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `credits.insufficient`: The allocation cannot fund the call; results are not returned. extra has available, required, action_type and sometimes unrestricted_not_usable. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.too_large`: The body is over the size cap, or the request line and headers over 16 KB together. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.unsupported`: 415: wrong content type. 422: a sentence a relationships route cannot answer (extra.kind, extra.try_instead). 501: top-up creation on a deployment without a dashboard. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. `credits.unknown_action`: The action lacks a pricing row; nothing was charged. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `credits.unavailable`: Billing unreachable or the charge was not confirmed in time; the request may have been charged. `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `upstream.timeout`: The retrieval engine was too slow; not charged. */
            504: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    lookupFundings: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The same key with the same body, credential and UTC day is a retry: rows already charged are not charged again (§4.10). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LookupFundingsRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LookupFundingsResponse"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `credits.insufficient`: The allocation cannot fund the call; results are not returned. extra has available, required, action_type and sometimes unrestricted_not_usable. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.too_large`: The body is over the size cap, or the request line and headers over 16 KB together. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.unsupported`: 415: wrong content type. 422: a sentence a relationships route cannot answer (extra.kind, extra.try_instead). 501: top-up creation on a deployment without a dashboard. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. `credits.unknown_action`: The action lacks a pricing row; nothing was charged. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `credits.unavailable`: Billing unreachable or the charge was not confirmed in time; the request may have been charged. `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `upstream.timeout`: The retrieval engine was too slow; not charged. */
            504: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    lookupJobOpenings: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The same key with the same body, credential and UTC day is a retry: rows already charged are not charged again (§4.10). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LookupJobOpeningsRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LookupJobOpeningsResponse"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `credits.insufficient`: The allocation cannot fund the call; results are not returned. extra has available, required, action_type and sometimes unrestricted_not_usable. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.too_large`: The body is over the size cap, or the request line and headers over 16 KB together. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.unsupported`: 415: wrong content type. 422: a sentence a relationships route cannot answer (extra.kind, extra.try_instead). 501: top-up creation on a deployment without a dashboard. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. `credits.unknown_action`: The action lacks a pricing row; nothing was charged. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `credits.unavailable`: Billing unreachable or the charge was not confirmed in time; the request may have been charged. `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `upstream.timeout`: The retrieval engine was too slow; not charged. */
            504: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getOrgChart: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The same key with the same body, credential and UTC day is a retry: rows already charged are not charged again (§4.10). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GetOrgChartRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetOrgChartResponse"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `credits.insufficient`: The allocation cannot fund the call; results are not returned. extra has available, required, action_type and sometimes unrestricted_not_usable. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.too_large`: The body is over the size cap, or the request line and headers over 16 KB together. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.unsupported`: 415: wrong content type. 422: a sentence a relationships route cannot answer (extra.kind, extra.try_instead). 501: top-up creation on a deployment without a dashboard. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. `credits.unknown_action`: The action lacks a pricing row; nothing was charged. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `credits.unavailable`: Billing unreachable or the charge was not confirmed in time; the request may have been charged. `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `upstream.timeout`: The retrieval engine was too slow; not charged. */
            504: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getOrgChartDepartments: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The same key with the same body, credential and UTC day is a retry: rows already charged are not charged again (§4.10). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GetOrgChartDepartmentsRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetOrgChartDepartmentsResponse"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `credits.insufficient`: The allocation cannot fund the call; results are not returned. extra has available, required, action_type and sometimes unrestricted_not_usable. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.too_large`: The body is over the size cap, or the request line and headers over 16 KB together. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.unsupported`: 415: wrong content type. 422: a sentence a relationships route cannot answer (extra.kind, extra.try_instead). 501: top-up creation on a deployment without a dashboard. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. `credits.unknown_action`: The action lacks a pricing row; nothing was charged. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `credits.unavailable`: Billing unreachable or the charge was not confirmed in time; the request may have been charged. `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `upstream.timeout`: The retrieval engine was too slow; not charged. */
            504: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getOrgChartLocations: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The same key with the same body, credential and UTC day is a retry: rows already charged are not charged again (§4.10). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GetOrgChartLocationsRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetOrgChartLocationsResponse"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `credits.insufficient`: The allocation cannot fund the call; results are not returned. extra has available, required, action_type and sometimes unrestricted_not_usable. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.too_large`: The body is over the size cap, or the request line and headers over 16 KB together. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.unsupported`: 415: wrong content type. 422: a sentence a relationships route cannot answer (extra.kind, extra.try_instead). 501: top-up creation on a deployment without a dashboard. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. `credits.unknown_action`: The action lacks a pricing row; nothing was charged. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `credits.unavailable`: Billing unreachable or the charge was not confirmed in time; the request may have been charged. `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `upstream.timeout`: The retrieval engine was too slow; not charged. */
            504: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    findRelationships: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The same key with the same body, credential and UTC day is a retry: rows already charged are not charged again (§4.10). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FindRelationshipsRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FindRelationshipsResponse"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `credits.insufficient`: The allocation cannot fund the call; results are not returned. extra has available, required, action_type and sometimes unrestricted_not_usable. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.too_large`: The body is over the size cap, or the request line and headers over 16 KB together. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.unsupported`: 415: wrong content type. 422: a sentence a relationships route cannot answer (extra.kind, extra.try_instead). 501: top-up creation on a deployment without a dashboard. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. `request.unsupported`: 415: wrong content type. 422: a sentence a relationships route cannot answer (extra.kind, extra.try_instead). 501: top-up creation on a deployment without a dashboard. `relationship.anchor_ambiguous`: A company given by name matched several records; extra.anchor and extra.candidates list them. `pagination.cursor_invalid`: The cursor is malformed, failed its signature check, or the request changed between pages (anything except limit). `pagination.cursor_expired`: The cursor is older than 24 hours. `pagination.depth_exceeded`: Paging past 10,000 results. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. `credits.unknown_action`: The action lacks a pricing row; nothing was charged. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.unsupported`: 415: wrong content type. 422: a sentence a relationships route cannot answer (extra.kind, extra.try_instead). 501: top-up creation on a deployment without a dashboard. */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `credits.unavailable`: Billing unreachable or the charge was not confirmed in time; the request may have been charged. `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `upstream.timeout`: The retrieval engine was too slow; not charged. */
            504: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    findReach: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The same key with the same body, credential and UTC day is a retry: rows already charged are not charged again (§4.10). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FindReachRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FindReachResponse"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `credits.insufficient`: The allocation cannot fund the call; results are not returned. extra has available, required, action_type and sometimes unrestricted_not_usable. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.too_large`: The body is over the size cap, or the request line and headers over 16 KB together. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.unsupported`: 415: wrong content type. 422: a sentence a relationships route cannot answer (extra.kind, extra.try_instead). 501: top-up creation on a deployment without a dashboard. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. `request.unsupported`: 415: wrong content type. 422: a sentence a relationships route cannot answer (extra.kind, extra.try_instead). 501: top-up creation on a deployment without a dashboard. `relationship.anchor_ambiguous`: A company given by name matched several records; extra.anchor and extra.candidates list them. `pagination.cursor_invalid`: The cursor is malformed, failed its signature check, or the request changed between pages (anything except limit). `pagination.cursor_expired`: The cursor is older than 24 hours. `pagination.depth_exceeded`: Paging past 10,000 results. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. `credits.unknown_action`: The action lacks a pricing row; nothing was charged. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.unsupported`: 415: wrong content type. 422: a sentence a relationships route cannot answer (extra.kind, extra.try_instead). 501: top-up creation on a deployment without a dashboard. */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `credits.unavailable`: Billing unreachable or the charge was not confirmed in time; the request may have been charged. `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `upstream.timeout`: The retrieval engine was too slow; not charged. */
            504: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    findSharedInstitutions: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The same key with the same body, credential and UTC day is a retry: rows already charged are not charged again (§4.10). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FindSharedInstitutionsRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FindSharedInstitutionsResponse"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `credits.insufficient`: The allocation cannot fund the call; results are not returned. extra has available, required, action_type and sometimes unrestricted_not_usable. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.too_large`: The body is over the size cap, or the request line and headers over 16 KB together. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.unsupported`: 415: wrong content type. 422: a sentence a relationships route cannot answer (extra.kind, extra.try_instead). 501: top-up creation on a deployment without a dashboard. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. `request.unsupported`: 415: wrong content type. 422: a sentence a relationships route cannot answer (extra.kind, extra.try_instead). 501: top-up creation on a deployment without a dashboard. `relationship.anchor_ambiguous`: A company given by name matched several records; extra.anchor and extra.candidates list them. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. `credits.unknown_action`: The action lacks a pricing row; nothing was charged. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.unsupported`: 415: wrong content type. 422: a sentence a relationships route cannot answer (extra.kind, extra.try_instead). 501: top-up creation on a deployment without a dashboard. */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `credits.unavailable`: Billing unreachable or the charge was not confirmed in time; the request may have been charged. `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `upstream.timeout`: The retrieval engine was too slow; not charged. */
            504: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    askRelationships: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The same key with the same body, credential and UTC day is a retry: rows already charged are not charged again (§4.10). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AskRelationshipsRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AskRelationshipsResponse"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `credits.insufficient`: The allocation cannot fund the call; results are not returned. extra has available, required, action_type and sometimes unrestricted_not_usable. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.too_large`: The body is over the size cap, or the request line and headers over 16 KB together. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.unsupported`: 415: wrong content type. 422: a sentence a relationships route cannot answer (extra.kind, extra.try_instead). 501: top-up creation on a deployment without a dashboard. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. `request.unsupported`: 415: wrong content type. 422: a sentence a relationships route cannot answer (extra.kind, extra.try_instead). 501: top-up creation on a deployment without a dashboard. `relationship.anchor_ambiguous`: A company given by name matched several records; extra.anchor and extra.candidates list them. `pagination.cursor_invalid`: The cursor is malformed, failed its signature check, or the request changed between pages (anything except limit). `pagination.cursor_expired`: The cursor is older than 24 hours. `pagination.depth_exceeded`: Paging past 10,000 results. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. `credits.unknown_action`: The action lacks a pricing row; nothing was charged. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.unsupported`: 415: wrong content type. 422: a sentence a relationships route cannot answer (extra.kind, extra.try_instead). 501: top-up creation on a deployment without a dashboard. */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `credits.unavailable`: Billing unreachable or the charge was not confirmed in time; the request may have been charged. `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `upstream.timeout`: The retrieval engine was too slow; not charged. */
            504: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listAgentRuns: {
        parameters: {
            query?: {
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListAgentRunsResponse"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    startAgentRun: {
        parameters: {
            query?: never;
            header: {
                /** @description Required. A unique string per intent, scoped to the workspace, never expiring: a reused key returns the original run (200) whatever the body says. Missing, empty or over 255 characters: 400 request.invalid. */
                "idempotency-key": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StartAgentRunRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StartAgentRunResponse200"];
                };
            };
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StartAgentRunResponse202"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `credits.insufficient`: The allocation cannot fund the call; results are not returned. extra has available, required, action_type and sometimes unrestricted_not_usable. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.too_large`: The body is over the size cap, or the request line and headers over 16 KB together. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.unsupported`: 415: wrong content type. 422: a sentence a relationships route cannot answer (extra.kind, extra.try_instead). 501: top-up creation on a deployment without a dashboard. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `quota.concurrency_exceeded`: POST /v1/agents/runs only: more than 5 runs being started at once by one credential; Retry-After 30. `quota.entity_ceiling`: POST /v1/agents/runs only: the credential was shown 5,000,000 distinct records in 30 days; extra has seen and limit. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `credits.unavailable`: Billing unreachable or the charge was not confirmed in time; the request may have been charged. `upstream.unavailable`: The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAgentRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                run_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetAgentRunResponse"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `credits.unavailable`: Billing unreachable or the charge was not confirmed in time; the request may have been charged. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    cancelAgentRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                run_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CancelAgentRunRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CancelAgentRunResponse"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.too_large`: The body is over the size cap, or the request line and headers over 16 KB together. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.unsupported`: 415: wrong content type. 422: a sentence a relationships route cannot answer (extra.kind, extra.try_instead). 501: top-up creation on a deployment without a dashboard. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. `credits.unavailable`: Billing unreachable or the charge was not confirmed in time; the request may have been charged. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listAgentRunResults: {
        parameters: {
            query?: {
                cursor?: string | null;
                limit?: number;
            };
            header?: never;
            path: {
                run_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListAgentRunResultsResponse"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. `pagination.cursor_invalid`: The cursor is malformed, failed its signature check, or the request changed between pages (anything except limit). `pagination.cursor_expired`: The cursor is older than 24 hours. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    streamAgentRunEvents: {
        parameters: {
            query?: never;
            header?: {
                /** @description Resume after this event id */
                "last-event-id"?: string;
            };
            path: {
                run_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description text/event-stream: events status, plan, search_step, rows_found, criterion_progress, insights, enrichment, done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unauthorized`: Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie. `auth.invalid_key`: A key was presented and is unknown, revoked, expired, or has the wrong prefix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.browser_origin`: An X-API-Key arrived with an Origin header; keys are server-side only. `auth.insufficient_scope`: The credential holds none of the scopes this route accepts. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `request.invalid`: 422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: An unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `auth.unavailable`: The credential store could not verify the key; nothing ran. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
}
