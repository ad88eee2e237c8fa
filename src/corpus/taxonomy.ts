// The org-chart taxonomy (data-routes §2.8): 23 department functions plus the leftover buckets,
// their sub-departments, the seniority ladder and the rule-based title classifier. Docs: docs/corpus.md.

export const DEPARTMENTS = [
  'Engineering',
  'Sales',
  'Marketing',
  'Finance',
  'Human Resources',
  'Operations',
  'Product',
  'Design',
  'Customer Success',
  'Legal',
  'Information Technology',
  'Data Science',
  'Research',
  'Business Development',
  'Administrative',
  'Consulting',
  'Education',
  'Healthcare',
  'Manufacturing',
  'Media & Communications',
  'Procurement',
  'Quality Assurance',
  'Real Estate',
] as const

// §2.8: the leftover buckets come last however large they are.
export const LEFTOVER_DEPARTMENTS = ['Others', 'General'] as const
export const ALL_DEPARTMENTS = [...DEPARTMENTS, ...LEFTOVER_DEPARTMENTS] as const
export type Department = (typeof ALL_DEPARTMENTS)[number]

// Most senior first; `Others` is the column of people whose level cannot be read.
export const SENIORITY_LADDER = ['C-Suite', 'VP', 'Director / Head', 'Manager', 'IC', 'Entry', 'In Training'] as const
export const SENIORITY_COLUMNS = [...SENIORITY_LADDER, 'Others'] as const
export type Seniority = (typeof SENIORITY_COLUMNS)[number]

export interface SubDepartment {
  name: string
  department: Department
  /** The individual-contributor job title of this function, as the demo generator writes it. */
  role: string
  /** Normalised phrases (see `titleTokens`) that place a title here; the name and role are included. */
  keywords: readonly string[]
}

// label | IC role | extra keywords (comma-separated). Sub-department labels are unique across the
// whole taxonomy because the `department` filter's plain list mixes both levels (data-routes §4.6).
const SUB_SPECS: Record<Department, readonly string[]> = {
  Engineering: [
    'Software Development|Software Engineer|software developer,software engineering,programmer',
    'Backend Engineering|Backend Engineer|backend,back end,backend developer,server side',
    'Frontend Engineering|Frontend Engineer|frontend,front end,frontend developer,ui engineer',
    'Mobile Engineering|Mobile Engineer|ios,android,mobile developer',
    'Infrastructure Engineering|Platform Engineer|infrastructure,platform engineering,software architect,solutions architect,cloud architect,technical architect,enterprise architect',
    'DevOps|DevOps Engineer|devops,build and release',
    'Site Reliability Engineering|Site Reliability Engineer|sre,reliability',
    'Embedded Systems|Embedded Software Engineer|embedded,firmware',
    'Full Stack Development|Full Stack Developer|full stack,fullstack',
    'Hardware Engineering|Hardware Engineer|hardware,electrical engineer,electronics',
  ],
  Sales: [
    'Account Executives|Account Executive|ae',
    'Account Management|Account Manager|key account',
    'Sales Development|Sales Development Representative|sdr',
    'Inside Sales|Inside Sales Representative|inside sales',
    'Field Sales|Territory Sales Representative|field sales,territory',
    'Enterprise Sales|Enterprise Account Executive|enterprise sales',
    'Sales Engineering|Sales Engineer|solutions engineer,presales,pre sales,solutions consultant',
    'Sales Operations|Sales Operations Analyst|sales ops,revenue operations,revops',
    'Retail Sales|Retail Sales Associate|store associate',
  ],
  Marketing: [
    'Product Marketing|Product Marketing Specialist|pmm',
    'Content Marketing|Content Marketer|content strategist',
    'Digital Marketing|Digital Marketing Specialist|performance marketing,paid media',
    'Brand Marketing|Brand Strategist|brand,branding',
    'Growth Marketing|Growth Marketer|growth',
    'Marketing Operations|Marketing Operations Specialist|marketing ops,martech',
    'Demand Generation|Demand Generation Specialist|demand gen,lead generation',
    'Event Marketing|Event Marketing Specialist|events,field marketing',
    'Search Marketing|SEO Specialist|seo,sem,search engine optimization',
    'Social Media Marketing|Social Media Specialist|social media',
  ],
  Finance: [
    'Accounting|Accountant|bookkeeping,bookkeeper,cpa,accounts,fiscal',
    'Financial Planning & Analysis|Financial Analyst|fp and a,fpa,financial planning,budget,budgeting',
    'Controlling|Financial Controller|controller,comptroller',
    'Treasury|Treasury Analyst|cash management',
    'Tax|Tax Specialist|taxation',
    'Internal Audit|Internal Auditor|audit,auditor',
    'Accounts Payable|Accounts Payable Specialist|ap',
    'Billing & Collections|Billing Specialist|billing,collections,accounts receivable,payment,payments',
    'Payroll|Payroll Specialist|timekeeping,timekeeper',
    'Investor Relations|Investor Relations Analyst|',
    'Risk Management|Risk Analyst|risk,credit risk,claims,claim,claims examiner',
  ],
  'Human Resources': [
    'Talent Acquisition|Recruiter|recruiting,recruitment,sourcer,hiring',
    'HR Business Partnering|HR Business Partner|hrbp',
    'Compensation & Benefits|Compensation Analyst|compensation,benefits,total rewards',
    'Learning & Development|Learning and Development Specialist|learning,l and d',
    'People Operations|HR Generalist|hr operations,people operations',
    'Employee Relations|Employee Relations Specialist|labor relations,eeo,equal employment opportunity',
    'Diversity & Inclusion|Diversity and Inclusion Specialist|diversity,inclusion,dei',
    'HR Information Systems|HRIS Analyst|hris',
    'Organizational Development|Organizational Development Specialist|culture',
  ],
  Operations: [
    'Business Operations|Business Operations Analyst|bizops,business analyst,performance analyst',
    'Supply Chain|Supply Chain Analyst|',
    'Logistics|Logistics Coordinator|shipping,fleet,dispatch,transportation,dispatcher',
    'Facilities|Facilities Coordinator|maintenance,custodian,janitor,groundskeeper,gardener,pest control,exterminator',
    'Strategy & Planning|Strategy Analyst|strategy,strategic,planning,policy analyst',
    'Program Management|Program Manager|pmo',
    'Project Management|Project Manager|project coordinator,project,project controls,scheduler',
    'Warehouse Operations|Warehouse Associate|warehouse,fulfillment,inventory,stock worker,storekeeper',
    'Process Improvement|Process Improvement Specialist|lean,six sigma,continuous improvement',
  ],
  Product: [
    'Product Management|Product Manager|product owner',
    'Technical Product Management|Technical Product Manager|technical product',
    'Product Operations|Product Operations Specialist|product ops',
    'Product Analytics|Product Analyst|',
    'Growth Product|Growth Product Manager|',
    'Platform Product|Platform Product Manager|',
    'Product Strategy|Product Strategist|',
    'Technical Writing|Technical Writer|documentation',
  ],
  Design: [
    'Product Design|Product Designer|',
    'UX Design|UX Designer|ux,user experience,interaction design',
    'UI Design|UI Designer|ui,visual design,visual designer',
    'User Research|UX Researcher|ux research,usability',
    'Graphic Design|Graphic Designer|graphic,graphics,illustrator,illustration',
    'Brand Design|Brand Designer|',
    'Motion Design|Motion Designer|motion,animation,animator',
    'Industrial Design|Industrial Designer|',
    'Design Systems|Design Systems Designer|',
  ],
  'Customer Success': [
    'Customer Success Management|Customer Success Manager|',
    'Customer Support|Customer Support Specialist|support specialist,customer service',
    'Technical Support|Technical Support Engineer|support engineer',
    'Customer Onboarding|Onboarding Specialist|onboarding,implementation',
    'Customer Experience|Customer Experience Specialist|cx',
    'Professional Services|Implementation Consultant|',
    'Renewals|Renewals Specialist|retention',
    'Customer Education|Customer Education Specialist|customer training',
    'Contact Center|Contact Center Agent|call center',
  ],
  Legal: [
    'Corporate Law|Corporate Counsel|',
    'Litigation|Litigation Counsel|litigator',
    'Compliance|Compliance Analyst|regulatory compliance,investigator,investigations',
    'Intellectual Property|IP Counsel|patent attorney,trademark,patent',
    'Contracts|Contract Specialist|contract',
    'Privacy|Privacy Counsel|data protection,dpo',
    'Employment Law|Employment Counsel|',
    'Regulatory Affairs|Regulatory Affairs Specialist|regulatory',
    'Paralegal Services|Paralegal|legal assistant',
  ],
  'Information Technology': [
    'IT Support|IT Support Specialist|help desk,helpdesk,desktop support,service desk,computer,computer technician',
    'Systems Administration|Systems Administrator|sysadmin,system administrator,windows administrator,unix,linux',
    'Network Engineering|Network Engineer|network,networking',
    'Information Security|Information Security Analyst|infosec,cybersecurity,security analyst,soc',
    'Cloud Operations|Cloud Engineer|cloud,aws,azure',
    'Database Administration|Database Administrator|dba,database',
    'IT Operations|IT Operations Analyst|itops',
    'Enterprise Applications|ERP Analyst|erp,sap,crm',
    'Security Engineering|Security Engineer|application security,appsec',
  ],
  'Data Science': [
    'Machine Learning|Machine Learning Engineer|ml,deep learning,ai engineer',
    'Data Engineering|Data Engineer|etl,data pipeline',
    'Data Analytics|Data Analyst|analytics,data analysis,gis',
    'Business Intelligence|BI Analyst|bi,reporting,tableau,power bi',
    'Applied Data Science|Data Scientist|data science',
    'Data Governance|Data Governance Analyst|data quality,master data',
    'Statistics|Statistician|biostatistics,biostatistician',
    'AI Research|AI Research Scientist|',
    'Analytics Engineering|Analytics Engineer|dbt',
    'Computer Vision|Computer Vision Engineer|',
    'Natural Language Processing|NLP Engineer|nlp',
  ],
  Research: [
    'Research & Development|R&D Engineer|r and d',
    'Clinical Research|Clinical Research Associate|',
    'Applied Research|Research Scientist|',
    'Market Research|Market Research Analyst|consumer insights,insights',
    'Laboratory|Lab Technician|lab,laboratory,criminalist,forensic',
    'Materials Science|Materials Scientist|materials',
    'Life Sciences Research|Research Biologist|biology,biologist,molecular',
    'Chemistry|Research Chemist|chemist',
    'Physics|Research Physicist|physicist,optics',
    'Economic Research|Economist|economics',
  ],
  'Business Development': [
    'Partnerships|Partnerships Specialist|alliances',
    'Corporate Development|Corporate Development Analyst|m and a,mergers',
    'Business Development Representatives|Business Development Representative|bdr',
    'Channel Partnerships|Channel Partner Specialist|channel,reseller',
    'Licensing|Licensing Specialist|',
    'International Expansion|Expansion Lead|expansion,international',
    'Government Relations|Government Relations Specialist|public sector,lobbying,legislative,public affairs,intergovernmental',
    'New Business|New Business Developer|',
  ],
  Administrative: [
    'Executive Assistance|Executive Assistant|',
    'Office Management|Office Coordinator|office manager',
    'Reception|Receptionist|front desk',
    'Administrative Support|Administrative Assistant|admin assistant,clerk,clerical',
    'Data Entry|Data Entry Clerk|',
    'Records Management|Records Specialist|records,document control',
    'Travel Coordination|Travel Coordinator|travel',
    'Secretarial|Secretary|',
  ],
  Consulting: [
    'Management Consulting|Management Consultant|',
    'Technology Consulting|Technology Consultant|it consultant',
    'Financial Advisory|Financial Advisor|wealth',
    'Strategy Consulting|Strategy Consultant|',
    'Operations Consulting|Operations Consultant|',
    'Risk Advisory|Risk Consultant|',
    'Digital Transformation|Digital Transformation Consultant|transformation',
    'ESG & Sustainability|Sustainability Consultant|sustainability,esg,climate',
  ],
  Education: [
    'Teaching|Teacher|educator',
    'Higher Education Faculty|Professor|lecturer,faculty',
    'Curriculum Development|Curriculum Designer|curriculum,instructional design,instructional designer',
    'Tutoring|Tutor|',
    'Academic Administration|Academic Advisor|academic,admissions,registrar',
    'Student Services|Student Services Coordinator|student affairs',
    'Early Childhood Education|Preschool Teacher|early childhood,preschool,kindergarten',
    'Special Education|Special Education Teacher|special needs',
    'Corporate Training|Corporate Trainer|trainer,facilitator,training',
  ],
  Healthcare: [
    'Nursing|Registered Nurse|nurse,rn',
    'Physicians|Physician|doctor,surgeon',
    'Pharmacy|Pharmacist|',
    'Medical Affairs|Medical Science Liaison|msl',
    'Clinical Operations|Clinical Operations Specialist|clinical trial,clinical trials',
    'Allied Health|Physical Therapist|therapist,physiotherapist,radiographer',
    'Health Information Management|Medical Coder|medical coding,coder,health information',
    'Patient Services|Patient Care Coordinator|patient',
    'Mental Health|Clinical Psychologist|psychologist,counselor,psychiatrist,substance use,behavioral health,addiction',
    'Public Health|Epidemiologist|epidemiology,immunization,communicable,disease control,hiv,public health',
  ],
  Manufacturing: [
    'Production|Production Operator|operator,assembly,assembler',
    'Process Engineering|Process Engineer|',
    'Manufacturing Engineering|Manufacturing Engineer|',
    'Maintenance & Reliability|Maintenance Technician|reliability engineer,mechanic,maintainer,electrician,plumber,carpenter,plasterer,painter,hvac,oil burner',
    'Plant Operations|Plant Operator|plant',
    'Industrial Engineering|Industrial Engineer|',
    'Machining & Fabrication|CNC Machinist|machinist,cnc,machining,fabrication,welder,welding',
    'Mechanical Engineering|Mechanical Engineer|mechanical',
    'Production Planning|Production Planner|planner',
    'Health & Safety|EHS Specialist|ehs,safety,hse,environmental,emergency management,emergency preparedness,preparedness',
  ],
  'Media & Communications': [
    'Public Relations|PR Specialist|pr,press',
    'Internal Communications|Internal Communications Specialist|internal comms',
    'Corporate Communications|Communications Specialist|comms',
    'Journalism|Journalist|reporter,correspondent,newsroom',
    'Editorial|Editor|copy editor',
    'Video Production|Video Producer|video,producer,videographer,film',
    'Broadcasting|Broadcast Technician|broadcast,radio',
    'Photography|Photographer|',
    'Copywriting|Copywriter|writer',
    'Audio Production|Audio Engineer|audio,podcast,sound',
  ],
  Procurement: [
    'Strategic Sourcing|Sourcing Specialist|sourcing',
    'Purchasing|Purchasing Agent|purchaser,buyer',
    'Vendor Management|Vendor Management Specialist|vendor,supplier',
    'Category Management|Category Specialist|',
    'Contract Management|Procurement Contract Specialist|',
    'Indirect Procurement|Indirect Buyer|indirect',
    'Direct Procurement|Direct Materials Buyer|direct materials',
    'Procurement Operations|Procurement Analyst|procure to pay,p2p',
    'Supplier Quality|Supplier Quality Engineer|',
  ],
  'Quality Assurance': [
    'Software Testing|QA Engineer|software testing,tester,test engineer',
    'Test Automation|Test Automation Engineer|sdet,engineer in test',
    'Quality Control|Quality Control Inspector|qc,inspector,inspection',
    'Quality Engineering|Quality Engineer|',
    'Quality Management Systems|Quality Systems Specialist|qms,quality systems',
    'Validation|Validation Engineer|verification',
    'Performance Testing|Performance Test Engineer|load testing',
    'Manual Testing|Manual Tester|',
    'GxP Compliance|Quality Compliance Specialist|gmp,gxp',
  ],
  'Real Estate': [
    'Property Management|Property Manager|',
    'Leasing|Leasing Agent|',
    'Brokerage|Real Estate Agent|realtor,broker',
    'Real Estate Development|Real Estate Developer|',
    'Real Estate Investment|Real Estate Investment Analyst|acquisitions analyst',
    'Appraisal|Appraiser|valuation',
    'Asset Management|Asset Management Analyst|',
    'Construction Management|Construction Coordinator|construction,site engineer,estimator,cost estimating',
    'Corporate Real Estate|Corporate Real Estate Analyst|',
  ],
  Others: [],
  General: [
    'Executive Leadership|Chief Executive Officer|ceo',
    'Founders|Founder|co founder,cofounder',
    'Owners|Owner|proprietor',
    'Board of Directors|Board Member|chairman,chairwoman,chairperson',
    'Advisory|Advisor|adviser,advisory board',
    'General Management|General Manager|',
    'Managing Directors|Managing Director|',
    'Executive Office|Chief of Staff|',
    'Entrepreneurship|Entrepreneur|',
    'Partners|Partner|managing partner,general partner,equity partner',
  ],
}

// Department-level words: a title matching only these gets the department and no sub-department
// (shown as `Uncategorized` by the sub-department route).
const DEPARTMENT_KEYWORDS: Record<Department, string> = {
  Engineering: 'engineering,engineer,developer,software,chief technology officer,cto',
  Sales: 'sales,salesperson,chief revenue officer,cro,chief sales officer',
  Marketing: 'marketing,marketer,chief marketing officer,cmo,outreach,community engagement',
  Finance: 'finance,financial,chief financial officer,cfo,investment,portfolio',
  'Human Resources':
    'human resources,hr,people,talent,personnel,chief people officer,chro,chief human resources officer',
  Operations: 'operations,ops,chief operating officer,coo,analyst,program',
  Product: 'product,chief product officer,cpo',
  Design: 'design,designer,creative,chief design officer',
  'Customer Success': 'customer success,customer,support,chief customer officer,cco',
  Legal: 'legal,counsel,lawyer,attorney,general counsel,chief legal officer,clo',
  'Information Technology':
    'it,information technology,technology,systems,security,chief information officer,cio,chief information security officer,ciso',
  'Data Science': 'data,chief data officer,cdo,machine learning,ai',
  Research: 'research,researcher,scientist,science,chief scientific officer,cso',
  'Business Development': 'business development,bd,chief business officer',
  Administrative: 'administrative,admin,administration,office,aide,chief administrative officer',
  Consulting: 'consulting,consultant,advisory,chief strategy officer',
  Education: 'education,teaching,school,chief learning officer',
  Healthcare: 'healthcare,health,medical,clinical,clinician,veterinary,veterinarian,chief medical officer',
  Manufacturing: 'manufacturing,chief manufacturing officer',
  'Media & Communications': 'communications,media,public relations,chief communications officer',
  Procurement: 'procurement,chief procurement officer',
  'Quality Assurance': 'quality,qa,quality assurance,testing,chief quality officer',
  'Real Estate': 'real estate,property,housing,architect,architecture,chief real estate officer',
  Others: '',
  General: 'chief executive officer,ceo,chief of staff,president and ceo,commissioner',
}

// The C-Suite title the generator gives each function's most senior person.
const CHIEF_TITLES: Record<Department, string> = {
  Engineering: 'Chief Technology Officer',
  Sales: 'Chief Revenue Officer',
  Marketing: 'Chief Marketing Officer',
  Finance: 'Chief Financial Officer',
  'Human Resources': 'Chief People Officer',
  Operations: 'Chief Operating Officer',
  Product: 'Chief Product Officer',
  Design: 'Chief Design Officer',
  'Customer Success': 'Chief Customer Officer',
  Legal: 'Chief Legal Officer',
  'Information Technology': 'Chief Information Officer',
  'Data Science': 'Chief Data Officer',
  Research: 'Chief Scientific Officer',
  'Business Development': 'Chief Business Officer',
  Administrative: 'Chief Administrative Officer',
  Consulting: 'Chief Strategy Officer',
  Education: 'Chief Learning Officer',
  Healthcare: 'Chief Medical Officer',
  Manufacturing: 'Chief Manufacturing Officer',
  'Media & Communications': 'Chief Communications Officer',
  Procurement: 'Chief Procurement Officer',
  'Quality Assurance': 'Chief Quality Officer',
  'Real Estate': 'Chief Real Estate Officer',
  Others: 'Chief Executive Officer',
  General: 'Chief Executive Officer',
}

export function chiefTitleOf(department: Department): string {
  return CHIEF_TITLES[department]
}

/** Lower-cased words of a title: `&` reads as `and`, punctuation separates (`Back-End` → `back end`). */
export function titleTokens(title: string): string[] {
  return title
    .toLowerCase()
    .replace(/&/g, ' and ')
    .split(/[^a-z0-9+#]+/)
    .filter((t) => t.length > 0)
}

const norm = (phrase: string): string => titleTokens(phrase).join(' ')

export const SUB_DEPARTMENTS: readonly SubDepartment[] = ALL_DEPARTMENTS.flatMap((department) =>
  SUB_SPECS[department].map((spec): SubDepartment => {
    const [name = '', role = '', extra = ''] = spec.split('|')
    const keywords = [name, role, ...extra.split(',')].map(norm).filter((k) => k.length > 0)
    return { name, department, role, keywords: [...new Set(keywords)] }
  }),
)

const SUBS_BY_DEPARTMENT = new Map<Department, readonly SubDepartment[]>(
  ALL_DEPARTMENTS.map((d) => [d, SUB_DEPARTMENTS.filter((s) => s.department === d)]),
)

export function subDepartmentsOf(department: Department): readonly SubDepartment[] {
  return SUBS_BY_DEPARTMENT.get(department) ?? []
}

export interface DepartmentFilterValue {
  value: string
  level: 'parent' | 'child'
  parent: Department | null
}

/** The `department` filter's plain list (data-routes §4.6): each parent followed by its children. */
export function departmentFilterValues(): readonly DepartmentFilterValue[] {
  return ALL_DEPARTMENTS.flatMap((d): DepartmentFilterValue[] => [
    { value: d, level: 'parent', parent: null },
    ...subDepartmentsOf(d).map((s): DepartmentFilterValue => ({ value: s.name, level: 'child', parent: d })),
  ])
}

export interface TitleClass {
  readonly department: Department
  readonly sub_department: string | null
  readonly seniority: Seniority
}

interface PhraseRule {
  department: Department
  sub: string | null
  order: number
}

// Phrase → rule. A sub-department phrase wins over a department phrase of the same length.
const PHRASES = new Map<string, PhraseRule>()
for (const [order, s] of SUB_DEPARTMENTS.entries()) {
  for (const k of s.keywords) if (!PHRASES.has(k)) PHRASES.set(k, { department: s.department, sub: s.name, order })
}
for (const [i, d] of ALL_DEPARTMENTS.entries()) {
  for (const k of DEPARTMENT_KEYWORDS[d].split(',').map(norm)) {
    if (k && !PHRASES.has(k)) PHRASES.set(k, { department: d, sub: null, order: SUB_DEPARTMENTS.length + i })
  }
}
const MAX_PHRASE_WORDS = Math.max(...[...PHRASES.keys()].map((k) => k.split(' ').length))

// Titles where "manager" names a role, not a level (a Product Manager manages no one).
const ROLE_MANAGERS = new Set([
  'product',
  'account',
  'project',
  'program',
  'community',
  'media',
  'property',
  'case',
  'success',
])

function findDepartment(
  tokens: readonly string[],
  allowGeneral: boolean,
): { department: Department; sub: string | null } | null {
  let best: PhraseRule | null = null
  for (let n = Math.min(MAX_PHRASE_WORDS, tokens.length); n >= 1 && !best; n--) {
    for (let i = 0; i + n <= tokens.length; i++) {
      const rule = PHRASES.get(tokens.slice(i, i + n).join(' '))
      if (!rule || (rule.department === 'General' && !allowGeneral)) continue
      if (best === null || rule.order < best.order) best = rule
    }
  }
  return best ? { department: best.department, sub: best.sub } : null
}

const CSUITE_ACRONYMS = new Set('ceo,cfo,cto,coo,cmo,cio,ciso,cpo,cro,cdo,cso,chro,cco,clo,cbo,cao'.split(','))

function findSeniority(tokens: readonly string[]): Seniority | null {
  const has = (w: string) => tokens.includes(w)
  const at = (w: string) => tokens.indexOf(w)
  const phrase = (p: string) => ` ${tokens.join(' ')} `.includes(` ${p} `)
  const presidentAt = at('president')
  const isVicePresident = presidentAt > 0 && tokens[presidentAt - 1] === 'vice'
  if (has('chief') && !phrase('chief of staff')) return 'C-Suite'
  if (tokens.some((t) => CSUITE_ACRONYMS.has(t)) || phrase('board member')) return 'C-Suite'
  if ((presidentAt >= 0 && !isVicePresident) || has('founder') || has('cofounder') || phrase('co founder')) {
    return 'C-Suite'
  }
  if (has('owner') && !phrase('product owner')) return 'C-Suite'
  if (phrase('managing partner') || has('chairman') || has('chairwoman') || has('chairperson')) return 'C-Suite'
  // A city or state commissioner heads an agency; a deputy or assistant commissioner runs part of it.
  const commissionerAt = at('commissioner')
  if (commissionerAt >= 0) {
    return ['deputy', 'assistant', 'associate'].includes(tokens[commissionerAt - 1] ?? '') ? 'VP' : 'C-Suite'
  }
  if (isVicePresident || has('vp') || has('svp') || has('evp') || has('avp')) return 'VP'
  if (has('director') || has('head') || phrase('chief of staff') || tokens[0] === 'partner') return 'Director / Head'
  if (phrase('general partner') || phrase('equity partner') || phrase('senior partner')) return 'Director / Head'
  const managerAt = at('manager')
  const isRoleManager = managerAt > 0 && ROLE_MANAGERS.has(tokens[managerAt - 1] ?? '') && !has('group')
  if ((managerAt >= 0 && !isRoleManager) || has('mgr') || has('supervisor') || has('foreman')) return 'Manager'
  if (phrase('team lead') || phrase('team leader') || has('superintendent')) return 'Manager'
  if (has('intern') || has('internship') || has('trainee') || has('apprentice') || phrase('working student')) {
    return 'In Training'
  }
  if (tokens[tokens.length - 1] === 'student' || phrase('co op')) return 'In Training'
  // "Associate"/"Assistant" mark a level only in front (Associate Product Manager), not as a role
  // noun (Retail Sales Associate, Executive Assistant).
  const first = tokens[0] ?? ''
  if (has('junior') || has('jr') || first === 'associate' || first === 'assistant' || phrase('entry level'))
    return 'Entry'
  if (has('graduate')) return 'Entry'
  return null
}

/**
 * Reads department, sub-department and seniority from a job title with fixed rules, so the same
 * title always lands in the same cell. Department: the longest known phrase in the title wins
 * (a sub-department phrase before a department phrase of the same length).
 * Seniority: the most senior marker wins; a title with a function but no marker is IC.
 */
export function classifyTitle(title: string): TitleClass {
  const cached = classified.get(title)
  if (cached) return cached
  const result = Object.freeze(classifyUncached(title))
  // Titles repeat heavily (generated corpora, ingest batches); the memo keeps the rules off the hot path.
  if (classified.size >= CLASSIFY_MEMO_LIMIT) classified.clear()
  classified.set(title, result)
  return result
}

const CLASSIFY_MEMO_LIMIT = 100_000
const classified = new Map<string, Readonly<TitleClass>>()

function classifyUncached(title: string): TitleClass {
  const tokens = titleTokens(title)
  const seniority = findSeniority(tokens)
  // A named function beats the general-management words ("Co-Founder and CTO" is Engineering).
  const found = findDepartment(tokens, false) ?? findDepartment(tokens, true)
  if (found) return { department: found.department, sub_department: found.sub, seniority: seniority ?? 'IC' }
  // A chief, founder or owner with no function named runs the whole company.
  if (seniority === 'C-Suite') return { department: 'General', sub_department: null, seniority }
  return { department: 'Others', sub_department: null, seniority: seniority ?? 'Others' }
}
