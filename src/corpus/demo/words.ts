// Word lists for coined names, outlets, publishers and venues of the demo corpus. Hand-written.
import { list } from './geo.ts'

// Coined brand words are PREFIX + ROOT ("Cedar" + "brook"): 100 × 80 = 8,000 distinct words,
// times 132 industry nouns gives the 1,056,000 general company names the large scale needs.
export const PREFIXES = list(`
  Aero, Alder, Alpen, Amber, Anchor, Apex, Arbor, Argent, Ash, Aspen, Astra, Atlas, Azure, Beacon,
  Birch, Black, Blue, Bold, Boreal, Cedar, Cinder, Clear, Cobalt, Copper, Coral, Crimson, Crystal,
  Cyan, Delta, Ember, Emerald, Ever, Falcon, Fern, Fjord, Flint, Forest, Frost, Garnet, Gold,
  Granite, Harbor, Hazel, Helix, Horizon, Indigo, Iron, Ivory, Jade, Juniper, Kite, Lantern, Laurel,
  Linden, Lunar, Maple, Marble, Meadow, Meridian, Mesa, Nimbus, Noble, North, Oak, Obsidian, Onyx,
  Opal, Orchid, Pacific, Pebble, Pioneer, Polar, Prairie, Prism, Quartz, Radiant, Raven, Redwood,
  River, Sable, Saffron, Sage, Sapphire, Scarlet, Sequoia, Sierra, Silver, Slate, Spruce, Steel,
  Summit, Swift, Terra, Thistle, Timber, Topaz, Tundra, Velvet, Verde, Willow
`)

export const ROOTS = list(`
  bridge, field, gate, line, path, point, scale, shift, stream, ware, wave, wise, hub, nest, forge,
  leaf, light, mark, mint, peak, port, quest, rock, sail, side, sky, spark, span, star, tide, vale,
  view, vine, well, wind, wood, yard, craft, core, cast, base, bay, bloom, bolt, bound, brook, cliff,
  crest, dale, dock, drift, flow, ford, frame, grove, haven, helm, hill, lane, lift, link, loop,
  mill, mind, moor, pine, pulse, range, reach, root, run, sense, sphere, stack, strand, sync, trail,
  ward, way, wing
`)

export const SCHOOL_TYPES = [
  { suffix: 'University', abbr: '', kind: 'university' },
  { suffix: 'Institute of Technology', abbr: 'tech', kind: 'institute_of_technology' },
  { suffix: 'College', abbr: 'college', kind: 'college' },
  { suffix: 'School of Business', abbr: 'business', kind: 'business_school' },
  { suffix: 'Polytechnic', abbr: 'poly', kind: 'polytechnic' },
  { suffix: 'State University', abbr: 'state', kind: 'university' },
] as const

export const SCHOOL_TLDS: Record<string, string> = {
  US: 'edu',
  GB: 'ac.uk',
  AU: 'edu.au',
  IN: 'ac.in',
  JP: 'ac.jp',
  CA: 'ca',
  DE: 'de',
  FR: 'fr',
  NL: 'nl',
  SE: 'se',
  CH: 'ch',
  IE: 'ie',
  ES: 'es',
  BR: 'edu.br',
  IL: 'ac.il',
  SG: 'edu.sg',
}

export const COMPANY_TLDS: Record<string, string> = {
  DE: 'de',
  FR: 'fr',
  GB: 'co.uk',
  NL: 'nl',
  SE: 'se',
  IN: 'in',
  JP: 'jp',
  AU: 'com.au',
  BR: 'com.br',
  ES: 'es',
  CH: 'ch',
  IE: 'ie',
  CA: 'ca',
}

/** Former employers outside the corpus: named in histories without a domain, matched by name only. */
export const OUTSIDE_EMPLOYERS = list(`
  Hartley & Finch, Meridian Group, City of Springfield, Saint Mary's Hospital, Oakridge Public Schools,
  Harbor Bank, Pinecrest Consulting, Northgate Retail, Summit County Council, Riverside Medical Center,
  Blue Ridge Manufacturing, Lakeshore Foods, Crown & Anchor Hotels, Westfield Insurance Agency,
  Granite State Logistics, Self-employed, Freelance, United States Army, Royal Navy, Peace Corps
`)

export const NEWS_OUTLETS = [
  { title: 'The Tech Ledger', domain: 'techledger.news', rank: 120 },
  { title: 'Business Wire Daily', domain: 'bizwiredaily.com', rank: 85 },
  { title: 'Venture Dispatch', domain: 'venturedispatch.com', rank: 310 },
  { title: 'Global Markets Review', domain: 'globalmarketsreview.com', rank: 95 },
  { title: 'Industry Week Report', domain: 'industryweekreport.com', rank: 640 },
  { title: 'Health Tech Today', domain: 'healthtechtoday.com', rank: 1210 },
  { title: 'The Startup Journal', domain: 'startupjournal.io', rank: 430 },
  { title: 'Fintech Observer', domain: 'fintechobserver.com', rank: 980 },
  { title: 'Supply Chain Weekly', domain: 'supplychainweekly.com', rank: 1530 },
  { title: 'Energy Transition News', domain: 'energytransition.news', rank: 1720 },
  { title: 'European Tech Post', domain: 'eutechpost.eu', rank: 760 },
  { title: 'Asia Business Times', domain: 'asiabusinesstimes.com', rank: 540 },
  { title: 'The Enterprise Brief', domain: 'enterprisebrief.com', rank: 890 },
  { title: 'Mobility Insider', domain: 'mobilityinsider.com', rank: 2050 },
  { title: 'Security Beat', domain: 'securitybeat.io', rank: 1340 },
] as const

export const REPORT_PUBLISHERS = [
  { name: 'Meridian Research Group', domain: 'meridianresearch.com' },
  { name: 'Northgate Insights', domain: 'northgateinsights.com' },
  { name: 'Crestview Analytics', domain: 'crestviewanalytics.com' },
  { name: 'Bluefield Market Intelligence', domain: 'bluefieldmi.com' },
  { name: 'Atlas Industry Reports', domain: 'atlasindustryreports.com' },
  { name: 'Polaris Consulting Research', domain: 'polarisresearch.com' },
  { name: 'Summit Market Studies', domain: 'summitmarketstudies.com' },
  { name: 'Evergreen Strategy Partners', domain: 'evergreenstrategy.com' },
] as const

export const REPORT_REGIONS = list('Global, North America, Europe, Asia-Pacific, Latin America, Middle East & Africa')

export const VENUE_KINDS = list(
  'Journal of, Proceedings of the International Conference on, Transactions on, Annual Symposium on, Review of',
)

export const DEGREES = {
  bachelor: list('B.Sc., B.A., B.Eng., B.Com.'),
  master: list('M.Sc., M.A., M.Eng.'),
  mba: 'MBA',
  phd: 'Ph.D.',
} as const

export const ODD_TITLES = list('Volunteer, Member, Ambassador, Fellow, Team Member, Contributor')

export const CERTIFICATIONS: Record<string, readonly string[]> = {
  Engineering: list(
    'AWS Certified Solutions Architect, Certified Kubernetes Administrator, Google Professional Cloud Developer',
  ),
  'Information Technology': list('CISSP, CompTIA Security+, ITIL Foundation, CCNA'),
  Finance: list('CPA, CFA, ACCA'),
  'Human Resources': list('SHRM-CP, CIPD Level 5'),
  Operations: list('PMP, Six Sigma Green Belt, APICS CSCP'),
  Product: list('Certified Scrum Product Owner, Pragmatic Institute PMC'),
  Marketing: list('Google Ads Certification, HubSpot Inbound Marketing'),
  Sales: list('MEDDICC Certified, Salesforce Certified Administrator'),
  'Data Science': list('TensorFlow Developer Certificate, Databricks Certified Data Engineer'),
  'Quality Assurance': list('ISTQB Foundation, ASQ Certified Quality Engineer'),
  Legal: list('CIPP/E, CIPP/US'),
  Healthcare: list('BLS Certification, Registered Nurse License'),
  Procurement: list('CIPS Level 4, CPSM'),
  'Project Management': list('PMP, PRINCE2 Practitioner'),
}

export const DEPARTMENT_SKILLS: Record<string, readonly string[]> = {
  Engineering: list('Software Design, Distributed Systems, Code Review, Testing, System Architecture, Debugging, APIs'),
  Sales: list('Negotiation, Pipeline Management, Salesforce, Prospecting, Enterprise Sales, Forecasting'),
  Marketing: list('Campaign Management, SEO, Content Strategy, Marketing Automation, Brand Strategy, Analytics'),
  Finance: list('Financial Modeling, Budgeting, Forecasting, Excel, GAAP, Variance Analysis'),
  'Human Resources': list('Recruiting, Employee Relations, Onboarding, Workday, Compensation Planning'),
  Operations: list('Process Improvement, Supply Chain Management, Project Management, Lean, Vendor Management'),
  Product: list('Product Strategy, Roadmapping, User Stories, A/B Testing, Agile, Stakeholder Management'),
  Design: list('Figma, User Research, Prototyping, Interaction Design, Design Systems, Visual Design'),
  'Customer Success': list('Customer Retention, Onboarding, Zendesk, Account Management, Customer Advocacy'),
  Legal: list('Contract Negotiation, Compliance, Corporate Law, GDPR, Intellectual Property'),
  'Information Technology': list('Networking, Active Directory, ITIL, Cloud Administration, Endpoint Management'),
  'Data Science': list('Python, SQL, Machine Learning, Statistics, Data Visualization, Spark'),
  Research: list('Experimental Design, Scientific Writing, Data Analysis, Laboratory Techniques, Grant Writing'),
  'Business Development': list('Partnerships, Negotiation, Market Analysis, Deal Structuring, Networking'),
  Administrative: list('Scheduling, Microsoft Office, Event Planning, Office Administration, Travel Coordination'),
  Consulting: list('Stakeholder Management, Business Analysis, Change Management, Strategy, PowerPoint'),
  Education: list('Curriculum Design, Classroom Management, Instructional Design, E-Learning, Assessment'),
  Healthcare: list('Patient Care, Clinical Documentation, EHR Systems, Care Coordination, HIPAA'),
  Manufacturing: list('Lean Manufacturing, CNC, Quality Control, Root Cause Analysis, Production Planning'),
  'Media & Communications': list('Public Relations, Copywriting, Media Relations, Video Editing, Storytelling'),
  Procurement: list('Strategic Sourcing, Supplier Negotiation, SAP Ariba, Spend Analysis, Contract Management'),
  'Quality Assurance': list('Test Automation, Selenium, Regression Testing, ISO 9001, Root Cause Analysis'),
  'Real Estate': list('Property Management, Leasing, Real Estate Valuation, Argus, Tenant Relations'),
  General: list('Leadership, Strategy, Fundraising, P&L Management, Board Relations, Team Building'),
  Others: list('Communication, Teamwork, Problem Solving'),
}

export const FIELDS_OF_STUDY: Record<string, readonly string[]> = {
  Engineering: list('Computer Science, Software Engineering, Electrical Engineering, Computer Engineering'),
  'Data Science': list('Computer Science, Statistics, Mathematics, Data Science'),
  Research: list('Biology, Chemistry, Physics, Biochemistry, Materials Science'),
  Finance: list('Finance, Accounting, Economics'),
  Sales: list('Business Administration, Marketing, Communications'),
  Marketing: list('Marketing, Communications, Business Administration, Psychology'),
  Design: list('Graphic Design, Human-Computer Interaction, Industrial Design, Fine Arts'),
  Legal: list('Law, Political Science'),
  Healthcare: list('Nursing, Medicine, Public Health, Pharmacy'),
  Education: list('Education, English Literature, History, Mathematics'),
  Manufacturing: list('Mechanical Engineering, Industrial Engineering, Manufacturing Engineering'),
  'Human Resources': list('Human Resource Management, Psychology, Business Administration'),
  default: list('Business Administration, Economics, Management, Psychology, Communications'),
}
