// Industry profiles of the demo corpus: the vocabulary that keeps a company's description,
// products, technologies, patents, news, reports and trends about the same thing. Hand-written.
import type { Department } from '../taxonomy.ts'
import { list } from './geo.ts'

export interface Product {
  suffix: string
  description: string
}

export interface CpcClass {
  code: string
  definition: string
}

export interface Industry {
  name: string
  subs: readonly string[]
  /** Company-name nouns; disjoint across industries so `<coined word> <noun>` names are unique. */
  nouns: readonly string[]
  products: readonly Product[]
  tech: readonly string[]
  keywords: readonly string[]
  clients: readonly string[]
  value: readonly string[]
  models: readonly string[]
  classification: 'B2B' | 'B2C' | 'B2B2C'
  naics: readonly string[]
  sic: readonly string[]
  cpc: readonly CpcClass[]
  patentTopics: readonly string[]
  trendTopics: readonly string[]
  research: readonly string[]
  /** Multipliers on the baseline department mix (DEPARTMENT_BASE_WEIGHTS). */
  boost: Partial<Record<Department, number>>
}

const pairs = (text: string): string[][] =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0)
    .map((l) => l.split('|').map((p) => p.trim()))

const products = (text: string): Product[] =>
  pairs(text).map(([suffix = '', description = '']) => ({ suffix, description }))
const cpc = (text: string): CpcClass[] => pairs(text).map(([code = '', definition = '']) => ({ code, definition }))

export const INDUSTRIES: readonly Industry[] = [
  {
    name: 'Software & Cloud',
    subs: list('Cloud Infrastructure, Developer Tools, Enterprise Software, Collaboration Software, Observability'),
    nouns: list('Software, Systems, Cloud, Labs, Apps, Digital'),
    products: products(`
      Console | a unified console to deploy, scale and monitor cloud workloads
      Pipelines | managed CI/CD pipelines that ship code to production in minutes
      Observe | an observability suite that correlates logs, metrics and traces
      Workspace | a collaborative workspace for distributed engineering teams
      Edge | an edge runtime that serves applications close to every user
      Vault | a secrets and configuration store for multi-cloud deployments
    `),
    tech: list(
      'Kubernetes, Go, Rust, TypeScript, PostgreSQL, Kafka, Terraform, React, gRPC, OpenTelemetry, AWS, WebAssembly',
    ),
    keywords: list('cloud, saas, devops, developer productivity, platform engineering, multi-cloud, api'),
    clients: list('software teams at mid-market companies, platform teams at large enterprises, fast-growing startups'),
    value: list('ship software faster, cut cloud spend, reduce downtime, simplify compliance in the cloud'),
    models: list('SaaS, Subscription, Usage-based'),
    classification: 'B2B',
    naics: list('511210, 518210, 541511'),
    sic: list('7372, 7374'),
    cpc: cpc(`
      G06F 9/50 | Allocation of resources, e.g. of the central processing unit
      G06F 8/60 | Software deployment
      H04L 67/10 | Protocols in which an application is distributed across nodes in the network
      G06F 11/34 | Recording or statistical evaluation of computer activity for performance assessment
    `),
    patentTopics: list(
      'container scheduling across heterogeneous clusters, incremental software deployment with automatic rollback, distributed tracing of microservice requests, adaptive autoscaling of serverless functions',
    ),
    trendTopics: list(
      'Platform Engineering, Internal Developer Portals, FinOps, WebAssembly on the Server, Serverless Databases',
    ),
    research: list('Distributed Systems, Software Engineering, Cloud Computing'),
    boost: { Engineering: 3.5, Product: 2, Design: 1.5, 'Customer Success': 1.5, Sales: 1.3 },
  },
  {
    name: 'Financial Technology',
    subs: list('Payments, Digital Banking, Lending, Wealth Management Technology, Regtech'),
    nouns: list('Pay, Payments, Finance, Money, Ledger, Bank'),
    products: products(`
      Checkout | an embeddable checkout that accepts cards, wallets and bank transfers
      Treasury | a treasury dashboard that forecasts cash across accounts and currencies
      Cards | a card-issuing API for virtual and physical corporate cards
      Lend | an underwriting engine that scores small-business loans in seconds
      Ledger | a double-entry ledger service for high-volume transactions
      Shield | real-time fraud screening for online payments
    `),
    tech: list('Java, Kotlin, PostgreSQL, Kafka, ISO 20022, Open Banking APIs, Python, Snowflake, Kubernetes, Scala'),
    keywords: list('payments, fintech, embedded finance, fraud prevention, open banking, lending, compliance'),
    clients: list('online merchants, small businesses, regional banks, finance teams at scale-ups'),
    value: list('get paid faster, cut payment fraud, automate reconciliation, launch financial products in weeks'),
    models: list('Transaction fees, SaaS, Interchange'),
    classification: 'B2B2C',
    naics: list('522320, 522110, 523920'),
    sic: list('6099, 6199, 7374'),
    cpc: cpc(`
      G06Q 20/40 | Authorisation, e.g. identification of payer or payee, verification of customer or shop credentials
      G06Q 40/02 | Banking, e.g. interest calculation or account maintenance
      G06Q 20/38 | Payment protocols; details thereof
      G06Q 40/03 | Credit; loans; processing thereof
    `),
    patentTopics: list(
      'real-time fraud scoring of card-not-present transactions, tokenised account-to-account payments, automated reconciliation of multi-currency ledgers, credit risk estimation from cash-flow data',
    ),
    trendTopics: list('Embedded Finance, Real-Time Payments, Open Banking, Buy Now Pay Later, Stablecoin Settlement'),
    research: list('Financial Economics, Payment Systems, Fraud Detection'),
    boost: { Engineering: 2.2, Finance: 2, Legal: 1.8, 'Data Science': 1.5, Sales: 1.3 },
  },
  {
    name: 'Healthcare Technology',
    subs: list(
      'Digital Health, Telemedicine, Health Information Systems, Remote Patient Monitoring, Care Coordination',
    ),
    nouns: list('Health, Care, Medical, Clinic, Vitals, Wellness'),
    products: products(`
      Connect | a telehealth platform for video visits and asynchronous consults
      Chart | a cloud electronic health record for outpatient practices
      Monitor | remote patient monitoring for chronic conditions with connected devices
      Schedule | patient scheduling and intake that cuts no-show rates
      Insights | population-health analytics for value-based care contracts
      Rx | e-prescribing with real-time benefit checks
    `),
    tech: list(
      'FHIR, HL7, Python, React Native, PostgreSQL, AWS, HIPAA-compliant cloud, Machine Learning, Twilio, Swift',
    ),
    keywords: list('digital health, telemedicine, ehr, patient engagement, value-based care, remote monitoring'),
    clients: list('hospitals, outpatient clinics, health plans, employers offering health benefits'),
    value: list('improve patient outcomes, reduce readmissions, cut administrative burden, expand access to care'),
    models: list('SaaS, Per-member-per-month, Subscription'),
    classification: 'B2B',
    naics: list('621999, 541511, 524114'),
    sic: list('8099, 7372'),
    cpc: cpc(`
      G16H 10/60 | ICT for patient-specific data, e.g. electronic patient records
      G16H 40/67 | ICT for the remote operation of medical equipment or devices
      A61B 5/00 | Measuring for diagnostic purposes; identification of persons
      G16H 50/30 | ICT for calculating health indices; individual health risk assessment
    `),
    patentTopics: list(
      'early detection of patient deterioration from wearable sensor streams, interoperable exchange of clinical records, automated triage of telehealth consultations, adherence prediction for chronic medication',
    ),
    trendTopics: list(
      'Virtual-First Care, Remote Patient Monitoring, Hospital at Home, Ambient Clinical Documentation, Digital Therapeutics',
    ),
    research: list('Health Informatics, Clinical Medicine, Public Health'),
    boost: { Healthcare: 4, Engineering: 1.5, 'Customer Success': 1.3, Legal: 1.3, Research: 1.2 },
  },
  {
    name: 'Biotechnology',
    subs: list('Drug Discovery, Genomics, Cell and Gene Therapy, Diagnostics, Synthetic Biology'),
    nouns: list('Bio, Therapeutics, Genomics, Biosciences, Pharma, Biologics'),
    products: products(`
      Seq | a sequencing assay for rare-variant detection
      Discover | a computational platform that prioritises drug targets
      Dx | a rapid molecular diagnostic for point-of-care testing
      Cell | an automated cell-culture system for therapy manufacturing
      Atlas | a single-cell atlas of human tissue for target validation
      Screen | a high-throughput screening service for small molecules
    `),
    tech: list(
      'CRISPR, Next-Generation Sequencing, Single-Cell Genomics, Python, R, Mass Spectrometry, AlphaFold, LIMS, Bioreactors, Nextflow',
    ),
    keywords: list('biotech, drug discovery, genomics, precision medicine, clinical trials, diagnostics'),
    clients: list(
      'pharmaceutical companies, academic medical centers, clinical laboratories, contract research organizations',
    ),
    value: list(
      'shorten drug discovery, bring precision diagnostics to patients, lower the cost of sequencing, de-risk clinical trials',
    ),
    models: list('Licensing, Research services, Product sales'),
    classification: 'B2B',
    naics: list('541714, 325414, 621511'),
    sic: list('2836, 8731'),
    cpc: cpc(`
      C12N 15/10 | Processes for the isolation, preparation or purification of DNA or RNA
      C12Q 1/68 | Measuring or testing processes involving nucleic acids
      A61K 39/395 | Antibodies; immunoglobulins; immune serum
      G16B 20/00 | ICT specially adapted for functional genomics or proteomics
    `),
    patentTopics: list(
      'guide RNA design for precise gene editing, multiplexed detection of circulating tumour DNA, antibody engineering by machine-learned affinity models, scalable manufacturing of autologous cell therapies',
    ),
    trendTopics: list(
      'AI-Designed Proteins, Cell and Gene Therapy, Liquid Biopsy, Spatial Transcriptomics, mRNA Therapeutics',
    ),
    research: list('Molecular Biology, Genomics, Pharmacology'),
    boost: {
      Research: 4,
      'Data Science': 1.5,
      'Quality Assurance': 1.8,
      Legal: 1.3,
      Manufacturing: 1.3,
      Healthcare: 1.5,
    },
  },
  {
    name: 'Artificial Intelligence',
    subs: list(
      'Machine Learning Platforms, Computer Vision, Natural Language Processing, AI Infrastructure, Conversational AI',
    ),
    nouns: list('AI, Intelligence, Neural, Cognitive, Vision, Learning Systems'),
    products: products(`
      Copilot | an assistant that drafts, summarises and answers over company documents
      Vision | visual inspection models that find defects on production lines
      Train | a managed platform to fine-tune and evaluate foundation models
      Serve | low-latency model serving with automatic batching on GPUs
      Label | a data-labelling workbench with model-assisted annotation
      Guard | evaluation and guardrails for large language model applications
    `),
    tech: list('PyTorch, CUDA, Python, Transformers, Vector Databases, Ray, Kubernetes, ONNX, Triton, JAX, Rust'),
    keywords: list('artificial intelligence, machine learning, llm, generative ai, computer vision, mlops'),
    clients: list('enterprise data teams, manufacturers, customer-support organisations, software companies'),
    value: list('put models into production, automate document work, cut inference cost, find defects earlier'),
    models: list('SaaS, Usage-based, Enterprise licensing'),
    classification: 'B2B',
    naics: list('541715, 511210, 518210'),
    sic: list('7372, 7371'),
    cpc: cpc(`
      G06N 3/08 | Learning methods for neural networks
      G06N 3/045 | Combinations of networks
      G06V 10/82 | Image or video recognition using neural networks
      G06F 40/30 | Semantic analysis of natural language data
    `),
    patentTopics: list(
      'retrieval-augmented generation with source attribution, quantised inference of transformer models on edge devices, self-supervised defect detection in images, evaluation of language-model outputs against policies',
    ),
    trendTopics: list(
      'Generative AI Copilots, Retrieval-Augmented Generation, AI Agents, Small Language Models, Synthetic Training Data',
    ),
    research: list('Machine Learning, Computer Vision, Natural Language Processing'),
    boost: { 'Data Science': 4, Engineering: 2.5, Research: 1.8, Product: 1.3 },
  },
  {
    name: 'Cybersecurity',
    subs: list(
      'Identity and Access Management, Endpoint Security, Cloud Security, Security Operations, Application Security',
    ),
    nouns: list('Security, Shield, Defense, Secure, Guard, Cyber'),
    products: products(`
      Identity | passwordless identity and single sign-on for the workforce
      Detect | extended detection and response across endpoints and cloud
      Posture | cloud security posture management with automated remediation
      Scan | a code scanner that finds vulnerable dependencies before release
      SOC | an autonomous security-operations assistant that triages alerts
      Zero | zero-trust network access without VPNs
    `),
    tech: list('eBPF, Rust, Go, Zero Trust, SIEM, OAuth 2.0, FIDO2, Kubernetes, Elasticsearch, Machine Learning'),
    keywords: list('cybersecurity, zero trust, identity, threat detection, cloud security, compliance'),
    clients: list(
      'security teams at enterprises, regulated industries, managed security providers, public-sector agencies',
    ),
    value: list('stop breaches earlier, remove passwords, pass security audits, cut alert fatigue'),
    models: list('SaaS, Subscription, Managed services'),
    classification: 'B2B',
    naics: list('541512, 511210'),
    sic: list('7372, 7373'),
    cpc: cpc(`
      H04L 9/40 | Network security protocols
      G06F 21/55 | Detecting local intrusion or implementing counter-measures
      H04L 63/08 | Network security for authentication of entities
      G06F 21/57 | Certifying or maintaining trusted computer platforms
    `),
    patentTopics: list(
      'behavioural detection of lateral movement in enterprise networks, phishing-resistant authentication with hardware keys, runtime verification of container integrity, automated prioritisation of vulnerabilities',
    ),
    trendTopics: list(
      'Zero Trust Networking, Passkeys, Software Supply Chain Security, AI-Driven Threat Detection, Identity Threat Detection',
    ),
    research: list('Computer Security, Cryptography, Network Security'),
    boost: { Engineering: 2.5, 'Information Technology': 2.5, Sales: 1.4, Research: 1.2 },
  },
  {
    name: 'E-commerce & Retail',
    subs: list(
      'Online Marketplaces, Direct-to-Consumer Brands, Retail Technology, Grocery Delivery, Fashion E-commerce',
    ),
    nouns: list('Commerce, Market, Shop, Retail, Goods, Store'),
    products: products(`
      Storefront | a headless storefront builder for fast mobile shopping
      Fulfil | same-day fulfilment from urban micro-warehouses
      Loyalty | a loyalty program that rewards repeat customers across channels
      Search | product search and recommendations tuned to each shopper
      POS | a cloud point-of-sale for omnichannel retailers
      Returns | automated returns and exchanges that recover revenue
    `),
    tech: list(
      'Shopify, React, Node.js, Elasticsearch, Redis, Python, Snowflake, Stripe, GraphQL, Recommendation Systems',
    ),
    keywords: list('e-commerce, retail, marketplace, omnichannel, direct-to-consumer, personalisation'),
    clients: list('online shoppers, independent brands, mid-size retailers, grocery chains'),
    value: list('grow online sales, deliver the same day, keep customers coming back, cut return costs'),
    models: list('Marketplace, Direct sales, Subscription'),
    classification: 'B2C',
    naics: list('454110, 452319, 424410'),
    sic: list('5961, 5399'),
    cpc: cpc(`
      G06Q 30/06 | Buying, selling or leasing transactions; electronic shopping
      G06Q 30/02 | Marketing; price estimation or determination
      G06Q 10/08 | Logistics, e.g. warehousing, loading or distribution
    `),
    patentTopics: list(
      'personalised ranking of product search results, demand forecasting for micro-fulfilment centres, dynamic pricing under inventory constraints, fraud-resistant returns processing',
    ),
    trendTopics: list('Social Commerce, Quick Commerce, Retail Media Networks, Composable Commerce, Circular Fashion'),
    research: list('Operations Research, Consumer Behaviour, Recommender Systems'),
    boost: { Marketing: 2.5, Sales: 1.5, Operations: 2, 'Customer Success': 1.8, Design: 1.3 },
  },
  {
    name: 'Logistics & Supply Chain',
    subs: list('Freight Forwarding, Last-Mile Delivery, Warehouse Automation, Supply Chain Software, Fleet Management'),
    nouns: list('Logistics, Freight, Shipping, Transit, Cargo, Supply'),
    products: products(`
      Track | real-time shipment tracking across carriers and modes
      Route | route optimisation for delivery fleets
      Dock | dock scheduling and yard management for warehouses
      Visibility | end-to-end supply-chain visibility with delay predictions
      Fleet | telematics and maintenance planning for truck fleets
      Customs | automated customs filings for cross-border freight
    `),
    tech: list(
      'IoT Telematics, Python, Optimization Solvers, Java, PostgreSQL, Kafka, Computer Vision, EDI, Mobile Apps, GIS',
    ),
    keywords: list('logistics, freight, supply chain, last mile, warehousing, fleet management'),
    clients: list('shippers, retailers, third-party logistics providers, manufacturers'),
    value: list('deliver on time, cut freight costs, see every shipment, reduce empty miles'),
    models: list('SaaS, Transaction fees, Managed services'),
    classification: 'B2B',
    naics: list('488510, 493110, 484121'),
    sic: list('4731, 4225, 4213'),
    cpc: cpc(`
      G06Q 10/08 | Logistics, e.g. warehousing, loading or distribution
      G06Q 10/047 | Optimisation of routes or paths, e.g. travelling salesman problem
      B65G 1/137 | Storage devices mechanical with arrangements for automatic picking
      G08G 1/00 | Traffic control systems for road vehicles
    `),
    patentTopics: list(
      'dynamic re-routing of delivery vehicles under traffic uncertainty, predicting shipment delays from multimodal signals, robotic picking in high-density storage, load consolidation for less-than-truckload freight',
    ),
    trendTopics: list(
      'Autonomous Trucking, Supply Chain Resilience, Nearshoring, Warehouse Robotics, Electric Delivery Fleets',
    ),
    research: list('Operations Research, Transportation Science, Industrial Engineering'),
    boost: { Operations: 4, Procurement: 1.5, Engineering: 1.2, Sales: 1.2 },
  },
  {
    name: 'Energy & Cleantech',
    subs: list('Solar Energy, Energy Storage, Grid Software, Hydrogen, Carbon Management'),
    nouns: list('Energy, Power, Solar, Grid, Renewables, Hydrogen'),
    products: products(`
      Storage | grid-scale battery storage systems with predictive dispatch
      Optimizer | software that optimises when buildings draw power from the grid
      Roof | residential solar with integrated batteries
      Carbon | carbon accounting and reduction planning for enterprises
      Charge | EV charging management for fleets and workplaces
      Electrolyzer | modular electrolysers that produce green hydrogen
    `),
    tech: list(
      'Battery Management Systems, SCADA, Python, Digital Twins, IoT, Power Electronics, Time-Series Databases, Machine Learning, PV Modules',
    ),
    keywords: list('clean energy, renewables, energy storage, decarbonisation, grid, sustainability'),
    clients: list('utilities, commercial building owners, homeowners, industrial energy users'),
    value: list('cut energy bills, decarbonise operations, stabilise the grid, meet net-zero targets'),
    models: list('Hardware sales, Energy-as-a-service, SaaS'),
    classification: 'B2B',
    naics: list('221114, 335911, 541690'),
    sic: list('4911, 3691, 8711'),
    cpc: cpc(`
      H02J 3/32 | Arrangements for balancing the load in a network by storage of energy using batteries
      H01M 10/44 | Methods for charging or discharging secondary cells
      Y02E 10/50 | Photovoltaic energy
      C25B 1/04 | Hydrogen or oxygen by electrolysis of water
    `),
    patentTopics: list(
      'predictive dispatch of battery storage in wholesale markets, thermal management of high-density battery packs, low-cost electrolysis with non-precious catalysts, forecasting rooftop solar output',
    ),
    trendTopics: list(
      'Long-Duration Energy Storage, Green Hydrogen, Virtual Power Plants, Carbon Removal, Grid-Interactive Buildings',
    ),
    research: list('Energy Systems, Electrochemistry, Climate Science'),
    boost: { Engineering: 2, Research: 1.8, Manufacturing: 1.8, Operations: 1.5, 'Quality Assurance': 1.2 },
  },
  {
    name: 'Manufacturing & Industrial',
    subs: list('Industrial Automation, Precision Components, Additive Manufacturing, Industrial IoT, Robotics'),
    nouns: list('Industries, Manufacturing, Fabrication, Machinery, Components, Precision'),
    products: products(`
      Automate | collaborative robot cells for machine tending
      Print | industrial metal 3D printers for production parts
      MES | a manufacturing execution system for discrete factories
      Sense | vibration sensors that predict machine failures
      Parts | precision-machined components for demanding applications
      Twin | digital twins of production lines for throughput planning
    `),
    tech: list(
      'PLC, OPC UA, Industrial IoT, CAD/CAM, Computer Vision, C++, Digital Twins, SAP, Robotics, Additive Manufacturing',
    ),
    keywords: list(
      'manufacturing, industrial automation, robotics, industry 4.0, predictive maintenance, precision engineering',
    ),
    clients: list('automotive suppliers, aerospace manufacturers, electronics makers, food processors'),
    value: list('raise factory throughput, reduce unplanned downtime, cut scrap rates, reshore production'),
    models: list('Hardware sales, Service contracts, SaaS'),
    classification: 'B2B',
    naics: list('333249, 332710, 334513'),
    sic: list('3599, 3569, 3823'),
    cpc: cpc(`
      B25J 9/16 | Programme controls for programme-controlled manipulators
      B33Y 10/00 | Processes of additive manufacturing
      G05B 19/418 | Total factory control
      G05B 23/02 | Electric testing or monitoring of control systems
    `),
    patentTopics: list(
      'vision-guided robotic assembly of flexible parts, in-situ monitoring of metal additive manufacturing, anomaly detection on machine vibration spectra, adaptive scheduling of mixed-model production lines',
    ),
    trendTopics: list(
      'Industry 4.0, Collaborative Robots, Predictive Maintenance, Reshoring, Additive Manufacturing at Scale',
    ),
    research: list('Mechanical Engineering, Robotics, Materials Science'),
    boost: { Manufacturing: 4, 'Quality Assurance': 2, Procurement: 1.8, Operations: 1.5, Engineering: 1.3 },
  },
  {
    name: 'Telecommunications',
    subs: list('Mobile Networks, Fiber Broadband, Network Infrastructure, Communications APIs, Satellite Connectivity'),
    nouns: list('Telecom, Networks, Wireless, Connect, Communications, Fiber'),
    products: products(`
      5G | private 5G networks for campuses and factories
      Fiber | fiber-to-the-home broadband with symmetrical gigabit speeds
      Messaging | programmable SMS, voice and chat APIs
      Core | a cloud-native mobile core for operators
      Roam | eSIM connectivity for travellers and IoT devices
      Assure | network assurance that predicts outages before customers notice
    `),
    tech: list('5G, Open RAN, SD-WAN, eSIM, Kubernetes, C++, DPDK, Network Function Virtualization, Python, Erlang'),
    keywords: list('telecommunications, 5g, broadband, connectivity, networking, iot connectivity'),
    clients: list('mobile operators, enterprises, households, IoT device makers'),
    value: list('connect more devices, cut network costs, launch services faster, keep customers online'),
    models: list('Subscription, Usage-based, Wholesale'),
    classification: 'B2B2C',
    naics: list('517312, 517311, 517919'),
    sic: list('4812, 4813'),
    cpc: cpc(`
      H04W 24/02 | Arrangements for optimising operational condition in wireless networks
      H04W 72/04 | Wireless resource allocation
      H04L 41/16 | Network management using machine learning or artificial intelligence
      H04B 10/25 | Arrangements specific to fibre transmission
    `),
    patentTopics: list(
      'interference-aware scheduling in dense 5G cells, predicting fibre faults from optical telemetry, secure provisioning of embedded SIM profiles, energy-efficient radio access networks',
    ),
    trendTopics: list('Private 5G, Open RAN, Satellite-to-Phone Connectivity, Network APIs, Fiber Densification'),
    research: list('Wireless Communications, Network Engineering, Signal Processing'),
    boost: { Engineering: 2, 'Information Technology': 2, 'Customer Success': 1.8, Sales: 1.3, Operations: 1.3 },
  },
  {
    name: 'Media & Entertainment',
    subs: list('Streaming, Digital Publishing, Music Technology, Film Production, Creator Economy'),
    nouns: list('Media, Studios, Entertainment, Pictures, Broadcasting, Records'),
    products: products(`
      Stream | a streaming service for independent film and documentaries
      Studio | a cloud production studio for remote editing and review
      Sound | music rights management and royalty payments for artists
      Publish | a publishing platform with subscriptions and paywalls
      Creator | monetisation tools for creators and their communities
      Ads | contextual advertising for premium video
    `),
    tech: list(
      'Video Encoding, CDN, React, Kotlin, Swift, Recommendation Systems, Python, AWS Media Services, Unreal Engine, Dolby Atmos',
    ),
    keywords: list('media, streaming, content, entertainment, publishing, creator economy'),
    clients: list('viewers and listeners, publishers, independent artists, advertisers'),
    value: list('reach bigger audiences, monetise content, produce faster, pay artists fairly'),
    models: list('Subscription, Advertising, Licensing'),
    classification: 'B2C',
    naics: list('512110, 516210, 512230'),
    sic: list('7812, 4841, 2711'),
    cpc: cpc(`
      H04N 21/2343 | Processing of video elementary streams involving reformatting operations
      H04N 21/466 | Learning process for intelligent management, e.g. learning user preferences
      G06Q 50/18 | Legal services; handling legal documents, e.g. copyright management
    `),
    patentTopics: list(
      'adaptive bitrate streaming under congested networks, personalised recommendations for long-form video, automated detection of copyrighted audio, collaborative remote video editing',
    ),
    trendTopics: list(
      'Creator Economy, FAST Channels, AI-Assisted Video Production, Podcast Monetisation, Immersive Audio',
    ),
    research: list('Media Studies, Multimedia Systems, Information Retrieval'),
    boost: { 'Media & Communications': 4, Marketing: 1.8, Design: 1.8, Engineering: 1.2, Legal: 1.2 },
  },
  {
    name: 'Education Technology',
    subs: list('K-12 Learning, Higher Education Technology, Corporate Learning, Language Learning, Online Courses'),
    nouns: list('Learning, Education, Academy, Edu, Tutor, Classroom'),
    products: products(`
      Classroom | a learning management system for schools and universities
      Tutor | an adaptive tutor that personalises practice for every student
      Campus | a student information system for admissions to graduation
      Skills | a skills platform for workforce upskilling
      Speak | conversational language practice with instant feedback
      Assess | secure online assessments with proctoring
    `),
    tech: list(
      'React, Python, Adaptive Learning, LTI, Node.js, PostgreSQL, Speech Recognition, Machine Learning, Mobile Apps, Video Streaming',
    ),
    keywords: list('edtech, online learning, lms, upskilling, adaptive learning, education'),
    clients: list('K-12 school districts, universities, corporate learning teams, adult learners'),
    value: list('improve learning outcomes, upskill employees, reach remote students, save teachers time'),
    models: list('Subscription, Freemium, Institutional licensing'),
    classification: 'B2B2C',
    naics: list('611710, 511210, 611430'),
    sic: list('8299, 7372'),
    cpc: cpc(`
      G09B 7/00 | Electrically-operated teaching apparatus working with questions and answers
      G09B 5/06 | Electrically-operated educational appliances with audible presentation
      G06Q 50/20 | Education
    `),
    patentTopics: list(
      'knowledge tracing for adaptive practice sequencing, automated scoring of spoken language, detection of dishonest behaviour in remote exams, skill inference from learning activity',
    ),
    trendTopics: list('AI Tutors, Micro-Credentials, Skills-Based Hiring, Hybrid Learning, Gamified Learning'),
    research: list('Learning Sciences, Education Policy, Human-Computer Interaction'),
    boost: { Education: 4, Engineering: 1.5, 'Customer Success': 1.5, Sales: 1.2, Design: 1.2 },
  },
  {
    name: 'Real Estate & PropTech',
    subs: list(
      'Property Management Software, Commercial Real Estate, Residential Brokerage, Flexible Workspace, Construction Tech',
    ),
    nouns: list('Properties, Realty, Estates, Homes, Spaces, Living'),
    products: products(`
      Lease | lease administration and rent collection for landlords
      Tour | self-guided property tours with smart locks
      Spaces | flexible office memberships across city centres
      Value | automated property valuations for lenders
      Building | a building operating system that cuts energy and maintenance costs
      Match | a home-search app that matches buyers with listings
    `),
    tech: list(
      'IoT, React, Python, Geospatial Analytics, Computer Vision, PostgreSQL, Mobile Apps, Machine Learning, BIM',
    ),
    keywords: list('proptech, real estate, property management, commercial real estate, smart buildings, housing'),
    clients: list('landlords, property managers, home buyers, commercial tenants'),
    value: list('fill vacancies faster, collect rent on time, run buildings efficiently, price properties accurately'),
    models: list('SaaS, Commission, Leasing'),
    classification: 'B2B2C',
    naics: list('531311, 531210, 531120'),
    sic: list('6531, 6512'),
    cpc: cpc(`
      G06Q 50/16 | Real estate
      G06Q 30/0283 | Price estimation or determination
      G05B 15/02 | Systems controlled by a computer, e.g. building automation
    `),
    patentTopics: list(
      'automated valuation of residential property from images, occupancy-driven control of building systems, secure keyless access for property tours, forecasting commercial lease renewals',
    ),
    trendTopics: list('Smart Buildings, Flexible Workspace, Build-to-Rent, Property Tokenisation, Adaptive Reuse'),
    research: list('Urban Economics, Urban Planning, Building Science'),
    boost: { 'Real Estate': 4, Sales: 1.6, Operations: 1.5, Finance: 1.3 },
  },
  {
    name: 'Automotive & Mobility',
    subs: list('Electric Vehicles, Autonomous Driving, Mobility Services, Automotive Software, Vehicle Components'),
    nouns: list('Motors, Mobility, Automotive, Auto, Drive, Vehicles'),
    products: products(`
      Drive | a driver-assistance stack for passenger vehicles
      Charge | a public fast-charging network for electric vehicles
      Share | an app for on-demand car and scooter sharing
      OS | an in-vehicle operating system with over-the-air updates
      Battery | long-range battery packs for electric vehicles
      Lidar | solid-state lidar sensors for autonomous driving
    `),
    tech: list(
      'Lidar, Computer Vision, C++, ROS, AUTOSAR, Battery Chemistry, Over-the-Air Updates, Embedded Linux, Sensor Fusion, Python',
    ),
    keywords: list('electric vehicles, autonomous driving, mobility, automotive software, ev charging'),
    clients: list('automakers, fleet operators, city commuters, tier-one suppliers'),
    value: list('make driving safer, electrify fleets, cut commute times, update cars over the air'),
    models: list('Hardware sales, Licensing, Subscription'),
    classification: 'B2B2C',
    naics: list('336111, 336320, 485999'),
    sic: list('3711, 3714'),
    cpc: cpc(`
      B60W 60/00 | Drive control systems specially adapted for autonomous road vehicles
      B60L 53/00 | Methods of charging batteries, specially adapted for electric vehicles
      G01S 17/931 | Lidar systems specially adapted for anti-collision purposes of land vehicles
      B60R 16/023 | Electric circuits for transmission of signals between vehicle parts
    `),
    patentTopics: list(
      'sensor fusion of lidar and camera for pedestrian detection, fast charging with battery thermal pre-conditioning, over-the-air update of vehicle control units, trajectory planning in dense urban traffic',
    ),
    trendTopics: list('Software-Defined Vehicles, Robotaxis, Solid-State Batteries, Vehicle-to-Grid, Micromobility'),
    research: list('Autonomous Systems, Vehicle Engineering, Transportation Science'),
    boost: { Engineering: 2.5, Manufacturing: 2, 'Quality Assurance': 1.6, Research: 1.4, Procurement: 1.3 },
  },
  {
    name: 'Agriculture & Food Tech',
    subs: list('Precision Agriculture, Alternative Proteins, Vertical Farming, Food Safety, Agricultural Biotech'),
    nouns: list('Farms, Agri, Harvest, Foods, Crop, Agronomics'),
    products: products(`
      Field | satellite crop monitoring with yield forecasts
      Sprout | indoor vertical farms for leafy greens near cities
      Protein | plant-based proteins for food manufacturers
      Trace | farm-to-fork traceability for food safety
      Soil | soil sensors that guide irrigation and fertiliser
      Seed | drought-tolerant seed varieties
    `),
    tech: list(
      'Remote Sensing, IoT Sensors, Machine Learning, Fermentation, Hydroponics, GIS, Drones, Python, Blockchain Traceability',
    ),
    keywords: list('agtech, precision agriculture, alternative protein, food safety, sustainable farming'),
    clients: list('growers, food manufacturers, grocery retailers, agricultural cooperatives'),
    value: list('raise yields, use less water, trace food from farm to fork, cut food waste'),
    models: list('Product sales, SaaS, Subscription'),
    classification: 'B2B',
    naics: list('111998, 311999, 541690'),
    sic: list('0191, 2099'),
    cpc: cpc(`
      A01B 79/00 | Methods for working soil
      A01G 31/00 | Soilless cultivation, e.g. hydroponics
      A23J 3/22 | Working-up of proteins for foodstuffs by texturising
      G06Q 50/02 | Agriculture; fishing; forestry; mining
    `),
    patentTopics: list(
      'yield prediction from multispectral satellite imagery, texturising plant proteins by high-moisture extrusion, closed-loop irrigation from soil-moisture sensing, pathogen detection in food processing lines',
    ),
    trendTopics: list(
      'Regenerative Agriculture, Precision Fermentation, Vertical Farming, Agrivoltaics, Food Traceability',
    ),
    research: list('Agronomy, Food Science, Plant Biology'),
    boost: { Research: 1.8, Operations: 2, Manufacturing: 1.8, 'Quality Assurance': 1.5, Sales: 1.2 },
  },
  {
    name: 'Travel & Hospitality',
    subs: list('Online Travel, Hotel Technology, Corporate Travel, Short-Term Rentals, Experiences'),
    nouns: list('Travel, Hotels, Trips, Hospitality, Journeys, Stays'),
    products: products(`
      Book | a booking engine for independent hotels
      Trips | corporate travel booking with policy controls and expense sync
      Stay | a short-term rental management platform for hosts
      Guest | a guest app for mobile check-in and room keys
      Rate | revenue management that prices rooms by demand
      Explore | a marketplace for local tours and experiences
    `),
    tech: list(
      'GDS Integrations, React, Node.js, Python, Dynamic Pricing, Mobile Apps, PostgreSQL, Elasticsearch, Payments APIs',
    ),
    keywords: list('travel, hospitality, hotels, corporate travel, short-term rentals, experiences'),
    clients: list('travellers, independent hotels, travel managers, rental hosts'),
    value: list('fill more rooms, simplify business travel, delight guests, price stays optimally'),
    models: list('Commission, SaaS, Marketplace'),
    classification: 'B2B2C',
    naics: list('561510, 721110, 561599'),
    sic: list('4724, 7011'),
    cpc: cpc(`
      G06Q 10/02 | Reservations, e.g. for tickets, services or events
      G06Q 50/12 | Hotels or restaurants
      G06Q 30/0283 | Price estimation or determination
    `),
    patentTopics: list(
      'demand-driven room pricing across channels, itinerary optimisation with policy constraints, contactless guest identity verification, forecasting cancellations in travel bookings',
    ),
    trendTopics: list(
      'Bleisure Travel, Contactless Hospitality, Sustainable Tourism, NDC Airline Retailing, Experience Marketplaces',
    ),
    research: list('Tourism Management, Revenue Management, Consumer Behaviour'),
    boost: { 'Customer Success': 2.2, Marketing: 1.8, Sales: 1.5, Operations: 1.5 },
  },
  {
    name: 'Consulting & Professional Services',
    subs: list('Management Consulting, IT Services, Accounting Services, Legal Services, Staffing'),
    nouns: list('Consulting, Advisors, Group, Associates, Strategy, Solutions'),
    products: products(`
      Transform | a digital-transformation program for legacy enterprises
      Advisory | strategy and operating-model advisory for leadership teams
      Cloud Services | cloud migration and managed services
      Talent | specialist staffing for technology projects
      Audit | audit and assurance services for growing companies
      Data Services | data-strategy and analytics implementation services
    `),
    tech: list('Salesforce, SAP, ServiceNow, Microsoft Azure, Power BI, Python, AWS, Workday, Snowflake'),
    keywords: list('consulting, professional services, digital transformation, advisory, it services, staffing'),
    clients: list(
      'Fortune 500 companies, public-sector agencies, private-equity portfolio companies, mid-size enterprises',
    ),
    value: list('modernise operations, deliver transformation programs, find specialist talent, pass audits'),
    models: list('Professional services, Retainers, Time and materials'),
    classification: 'B2B',
    naics: list('541611, 541512, 541211'),
    sic: list('8742, 7379, 8721'),
    cpc: cpc(`
      G06Q 10/06 | Resources, workflows, human or project management
      G06Q 10/0637 | Strategic management or analysis
      G06Q 10/1053 | Employment or hiring
    `),
    patentTopics: list(
      'automated mapping of business processes from event logs, matching consultants to projects by skill graphs, benchmarking operating costs across peer companies',
    ),
    trendTopics: list(
      'AI Transformation Programs, Outcome-Based Consulting, Nearshore Delivery, ESG Reporting, Process Mining',
    ),
    research: list('Management Science, Organizational Behaviour, Information Systems'),
    boost: { Consulting: 4.5, 'Business Development': 1.5, Finance: 1.3, 'Human Resources': 1.3 },
  },
  {
    name: 'Insurance',
    subs: list('Insurtech, Property and Casualty, Life and Health Insurance, Reinsurance, Claims Technology'),
    nouns: list('Insurance, Assurance, Mutual, Cover, Underwriters, Indemnity'),
    products: products(`
      Quote | instant online quotes for small-business insurance
      Claims | automated claims intake with photo damage assessment
      Life | digital life insurance with no medical exam
      Cyber | cyber insurance with continuous risk scanning
      Embed | embedded insurance APIs for platforms
      Risk | catastrophe risk models for property portfolios
    `),
    tech: list(
      'Guidewire, Python, Actuarial Models, Computer Vision, Java, Machine Learning, Snowflake, Geospatial Analytics',
    ),
    keywords: list('insurance, insurtech, underwriting, claims, risk modelling, embedded insurance'),
    clients: list('small businesses, homeowners, insurance carriers, brokers'),
    value: list('settle claims in hours, price risk accurately, protect customers, cut underwriting costs'),
    models: list('Premiums, Commission, SaaS'),
    classification: 'B2B2C',
    naics: list('524126, 524113, 524210'),
    sic: list('6331, 6311, 6411'),
    cpc: cpc(`
      G06Q 40/08 | Insurance
      G06V 20/10 | Terrestrial scenes; image recognition of damage
      G06Q 10/0635 | Risk analysis of enterprise or organisation activities
    `),
    patentTopics: list(
      'estimating vehicle damage from smartphone photos, continuous underwriting from connected-device data, catastrophe loss modelling at parcel level, detecting fraudulent insurance claims',
    ),
    trendTopics: list(
      'Embedded Insurance, Parametric Insurance, Usage-Based Insurance, AI Claims Automation, Climate Risk Modelling',
    ),
    research: list('Actuarial Science, Risk Management, Econometrics'),
    boost: { Finance: 2, Legal: 1.6, 'Data Science': 1.6, 'Customer Success': 1.5, Sales: 1.3 },
  },
  {
    name: 'Aerospace & Defense',
    subs: list('Space Launch, Satellites, Drones, Avionics, Defense Technology'),
    nouns: list('Aerospace, Aviation, Space, Orbital, Avionics, Flight'),
    products: products(`
      Launch | small-satellite launch services to low Earth orbit
      Sat | Earth-observation satellites with daily revisit
      Drone | long-range inspection drones for infrastructure
      Avionics | certified flight-control computers
      Ground | ground-station-as-a-service for satellite operators
      Propulsion | electric propulsion for small spacecraft
    `),
    tech: list(
      'C++, Embedded Systems, Computational Fluid Dynamics, Composite Materials, RF Engineering, FPGA, Python, MATLAB, DO-178C, Satellite Imaging',
    ),
    keywords: list('aerospace, space, satellites, drones, defense, avionics'),
    clients: list('satellite operators, defense agencies, airlines, infrastructure owners'),
    value: list('reach orbit affordably, monitor the planet daily, inspect assets safely, certify flight software'),
    models: list('Hardware sales, Government contracts, Data subscriptions'),
    classification: 'B2B',
    naics: list('336414, 336411, 334511'),
    sic: list('3761, 3721, 3812'),
    cpc: cpc(`
      B64G 1/10 | Artificial satellites; systems of such satellites
      B64U 10/00 | Type of unmanned aerial vehicles
      B64C 13/50 | Transmitting means with power amplification using electrical energy
      F02K 9/00 | Rocket-engine plants
    `),
    patentTopics: list(
      'autonomous collision avoidance for small satellites, reusable upper-stage recovery, beyond-visual-line-of-sight drone navigation, fault-tolerant flight control computing',
    ),
    trendTopics: list(
      'Small Satellite Constellations, Drone Delivery, Space-Based Earth Observation, Reusable Launch Vehicles, Electric Aviation',
    ),
    research: list('Aerospace Engineering, Remote Sensing, Control Systems'),
    boost: { Engineering: 2.5, Manufacturing: 1.8, 'Quality Assurance': 1.8, Research: 1.6, Procurement: 1.3 },
  },
  {
    name: 'Gaming',
    subs: list('Mobile Games, Console and PC Games, Game Engines, Esports, Game Services'),
    nouns: list('Games, Gaming, Interactive, Play, Arcade, Esports'),
    products: products(`
      Quest | a cooperative fantasy adventure for PC and console
      Arena | a competitive mobile battle game
      Engine | a real-time 3D engine for indie developers
      Live | live-ops tooling for in-game events and offers
      Voice | in-game voice chat with moderation
      League | tournament management for esports organisers
    `),
    tech: list(
      'Unity, Unreal Engine, C++, C#, Multiplayer Networking, Cloud Gaming, Live Ops, Analytics, Vulkan, Blender',
    ),
    keywords: list('gaming, video games, esports, game development, live ops, mobile games'),
    clients: list('players worldwide, game studios, esports organisers, streamers'),
    value: list('keep players engaged, ship games faster, grow in-game revenue, run fair tournaments'),
    models: list('Free-to-play, Premium, In-app purchases'),
    classification: 'B2C',
    naics: list('511210, 713120, 541511'),
    sic: list('7372, 7993'),
    cpc: cpc(`
      A63F 13/35 | Details of game servers
      A63F 13/67 | Generating or modifying game content adaptively
      A63F 13/87 | Communicating with other players during game play
    `),
    patentTopics: list(
      'latency compensation in multiplayer game servers, procedural generation of game levels, toxicity detection in voice chat, matchmaking by predicted player skill',
    ),
    trendTopics: list(
      'Cloud Gaming, User-Generated Game Worlds, AI Game Characters, Cross-Platform Play, Esports Betting Regulation',
    ),
    research: list('Computer Graphics, Game Studies, Human-Computer Interaction'),
    boost: { Engineering: 2.5, Design: 2.5, Product: 1.5, Marketing: 1.4, 'Quality Assurance': 1.6 },
  },
  {
    name: 'Construction & Engineering',
    subs: list(
      'Commercial Construction, Civil Engineering, Building Materials, Construction Software, Infrastructure Services',
    ),
    nouns: list('Construction, Builders, Engineering, Structures, Infrastructure, Contractors'),
    products: products(`
      Site | jobsite management with daily logs and safety checks
      Bid | construction bidding and estimating software
      Modular | factory-built modular housing units
      Concrete | low-carbon concrete mixes for structural work
      Inspect | drone-based inspection of bridges and towers
      BIM | model coordination that catches clashes before construction
    `),
    tech: list(
      'BIM, Autodesk Revit, Drones, IoT Sensors, Prefabrication, Python, Mobile Apps, Low-Carbon Concrete, GIS',
    ),
    keywords: list('construction, engineering, infrastructure, modular construction, building materials, contech'),
    clients: list('general contractors, developers, public works departments, architects'),
    value: list('finish projects on schedule, cut embodied carbon, keep jobsites safe, win more bids'),
    models: list('Project contracts, SaaS, Product sales'),
    classification: 'B2B',
    naics: list('236220, 237310, 541330'),
    sic: list('1542, 1611, 8711'),
    cpc: cpc(`
      E04B 1/348 | Structures composed of prefabricated units
      C04B 28/04 | Portland cements
      G06F 30/13 | Architectural design, e.g. computer-aided architectural design
      E01D 22/00 | Methods or apparatus for repairing or strengthening existing bridges
    `),
    patentTopics: list(
      'automated clash detection in building information models, low-clinker cement formulations, structural health monitoring with embedded sensors, robotic assembly of modular building units',
    ),
    trendTopics: list(
      'Modular Construction, Low-Carbon Concrete, Construction Robotics, Digital Twins for Infrastructure, Mass Timber',
    ),
    research: list('Civil Engineering, Structural Engineering, Construction Management'),
    boost: { 'Real Estate': 1.5, Operations: 2, Procurement: 1.8, Engineering: 1.4, Manufacturing: 1.2 },
  },
]

// Investor firms are their own industry: every investor named by a funding round is one of them.
export const INVESTOR_INDUSTRY: Industry = {
  name: 'Venture Capital & Private Equity',
  subs: list('Venture Capital, Growth Equity, Private Equity, Seed Investing, Corporate Venture Capital'),
  nouns: list('Capital, Ventures, Partners, Investments, Equity, Fund'),
  products: products(`
    Seed Fund | a seed fund backing technical founders before product-market fit
    Growth Fund | growth-stage capital for companies scaling past product-market fit
    Platform | a portfolio platform with talent, go-to-market and finance support
  `),
  tech: list('Portfolio Analytics, Data Rooms, CRM'),
  keywords: list('venture capital, private equity, seed investing, growth equity, portfolio support'),
  clients: list('founders, limited partners, portfolio companies'),
  value: list('build enduring companies, back exceptional founders, scale category leaders'),
  models: list('Management fees, Carried interest'),
  classification: 'B2B',
  naics: list('523910, 523920'),
  sic: list('6799'),
  cpc: [],
  patentTopics: [],
  trendTopics: [],
  research: list('Entrepreneurial Finance'),
  boost: { Finance: 4, Consulting: 2, 'Business Development': 2, Engineering: 0.1, Manufacturing: 0 },
}
