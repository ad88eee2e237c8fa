// Hand-written places and personal names for the demo corpus. Nothing here is read from a data set.

export interface City {
  name: string
  state: string
  lat: number
  lon: number
  postal: string
}

export interface Country {
  code: string
  name: string
  region: 'North America' | 'EMEA' | 'APAC' | 'LATAM'
  /** Relative share of companies headquartered here. */
  weight: number
  languages: readonly string[]
  currency: string
  legalSuffix: string
  nameGroups: readonly NameGroup[]
  cities: readonly City[]
}

export type NameGroup = 'anglo' | 'german' | 'french' | 'indian' | 'japanese' | 'nordic' | 'hispanic' | 'hebrew'

const c = (name: string, state: string, lat: number, lon: number, postal: string): City => ({
  name,
  state,
  lat,
  lon,
  postal,
})

export const COUNTRIES: readonly Country[] = [
  {
    code: 'US',
    name: 'United States',
    region: 'North America',
    weight: 38,
    languages: ['English', 'Spanish'],
    currency: 'USD',
    legalSuffix: 'Inc.',
    nameGroups: ['anglo', 'anglo', 'anglo', 'hispanic', 'indian', 'german', 'hebrew'],
    cities: [
      c('San Francisco', 'California', 37.7749, -122.4194, '94105'),
      c('New York', 'New York', 40.7128, -74.006, '10001'),
      c('Boston', 'Massachusetts', 42.3601, -71.0589, '02110'),
      c('Austin', 'Texas', 30.2672, -97.7431, '78701'),
      c('Seattle', 'Washington', 47.6062, -122.3321, '98101'),
      c('Chicago', 'Illinois', 41.8781, -87.6298, '60601'),
      c('Denver', 'Colorado', 39.7392, -104.9903, '80202'),
      c('Atlanta', 'Georgia', 33.749, -84.388, '30303'),
      c('Houston', 'Texas', 29.7604, -95.3698, '77002'),
      c('San Diego', 'California', 32.7157, -117.1611, '92101'),
      c('Raleigh', 'North Carolina', 35.7796, -78.6382, '27601'),
      c('Miami', 'Florida', 25.7617, -80.1918, '33131'),
    ],
  },
  {
    code: 'GB',
    name: 'United Kingdom',
    region: 'EMEA',
    weight: 9,
    languages: ['English'],
    currency: 'GBP',
    legalSuffix: 'Ltd',
    nameGroups: ['anglo', 'anglo', 'indian'],
    cities: [
      c('London', 'England', 51.5074, -0.1278, 'EC2A 4NE'),
      c('Manchester', 'England', 53.4808, -2.2426, 'M1 1AE'),
      c('Edinburgh', 'Scotland', 55.9533, -3.1883, 'EH1 1YZ'),
      c('Cambridge', 'England', 52.2053, 0.1218, 'CB2 1TN'),
    ],
  },
  {
    code: 'DE',
    name: 'Germany',
    region: 'EMEA',
    weight: 7,
    languages: ['German', 'English'],
    currency: 'EUR',
    legalSuffix: 'GmbH',
    nameGroups: ['german'],
    cities: [
      c('Berlin', 'Berlin', 52.52, 13.405, '10115'),
      c('Munich', 'Bavaria', 48.1351, 11.582, '80331'),
      c('Hamburg', 'Hamburg', 53.5511, 9.9937, '20095'),
      c('Stuttgart', 'Baden-Württemberg', 48.7758, 9.1829, '70173'),
    ],
  },
  {
    code: 'FR',
    name: 'France',
    region: 'EMEA',
    weight: 5,
    languages: ['French', 'English'],
    currency: 'EUR',
    legalSuffix: 'SAS',
    nameGroups: ['french'],
    cities: [
      c('Paris', 'Île-de-France', 48.8566, 2.3522, '75002'),
      c('Lyon', 'Auvergne-Rhône-Alpes', 45.764, 4.8357, '69002'),
      c('Toulouse', 'Occitanie', 43.6047, 1.4442, '31000'),
    ],
  },
  {
    code: 'CA',
    name: 'Canada',
    region: 'North America',
    weight: 5,
    languages: ['English', 'French'],
    currency: 'CAD',
    legalSuffix: 'Inc.',
    nameGroups: ['anglo', 'french', 'indian'],
    cities: [
      c('Toronto', 'Ontario', 43.6532, -79.3832, 'M5H 2N2'),
      c('Vancouver', 'British Columbia', 49.2827, -123.1207, 'V6B 1A1'),
      c('Montreal', 'Quebec', 45.5017, -73.5673, 'H3B 1A7'),
    ],
  },
  {
    code: 'IN',
    name: 'India',
    region: 'APAC',
    weight: 7,
    languages: ['English', 'Hindi'],
    currency: 'INR',
    legalSuffix: 'Pvt. Ltd.',
    nameGroups: ['indian'],
    cities: [
      c('Bengaluru', 'Karnataka', 12.9716, 77.5946, '560001'),
      c('Mumbai', 'Maharashtra', 19.076, 72.8777, '400001'),
      c('Hyderabad', 'Telangana', 17.385, 78.4867, '500001'),
      c('Pune', 'Maharashtra', 18.5204, 73.8567, '411001'),
    ],
  },
  {
    code: 'JP',
    name: 'Japan',
    region: 'APAC',
    weight: 3,
    languages: ['Japanese', 'English'],
    currency: 'JPY',
    legalSuffix: 'K.K.',
    nameGroups: ['japanese'],
    cities: [c('Tokyo', 'Tokyo', 35.6762, 139.6503, '100-0005'), c('Osaka', 'Ōsaka', 34.6937, 135.5023, '530-0001')],
  },
  {
    code: 'NL',
    name: 'Netherlands',
    region: 'EMEA',
    weight: 3,
    languages: ['Dutch', 'English'],
    currency: 'EUR',
    legalSuffix: 'B.V.',
    nameGroups: ['nordic', 'german'],
    cities: [
      c('Amsterdam', 'North Holland', 52.3676, 4.9041, '1012 AB'),
      c('Rotterdam', 'South Holland', 51.9244, 4.4777, '3011 AD'),
    ],
  },
  {
    code: 'SE',
    name: 'Sweden',
    region: 'EMEA',
    weight: 3,
    languages: ['Swedish', 'English'],
    currency: 'SEK',
    legalSuffix: 'AB',
    nameGroups: ['nordic'],
    cities: [
      c('Stockholm', 'Stockholm', 59.3293, 18.0686, '111 20'),
      c('Gothenburg', 'Västra Götaland', 57.7089, 11.9746, '411 04'),
    ],
  },
  {
    code: 'SG',
    name: 'Singapore',
    region: 'APAC',
    weight: 3,
    languages: ['English', 'Mandarin'],
    currency: 'SGD',
    legalSuffix: 'Pte. Ltd.',
    nameGroups: ['anglo', 'indian'],
    cities: [c('Singapore', 'Central Region', 1.3521, 103.8198, '018956')],
  },
  {
    code: 'AU',
    name: 'Australia',
    region: 'APAC',
    weight: 4,
    languages: ['English'],
    currency: 'AUD',
    legalSuffix: 'Pty Ltd',
    nameGroups: ['anglo'],
    cities: [
      c('Sydney', 'New South Wales', -33.8688, 151.2093, '2000'),
      c('Melbourne', 'Victoria', -37.8136, 144.9631, '3000'),
      c('Brisbane', 'Queensland', -27.4698, 153.0251, '4000'),
    ],
  },
  {
    code: 'BR',
    name: 'Brazil',
    region: 'LATAM',
    weight: 3,
    languages: ['Portuguese', 'English'],
    currency: 'BRL',
    legalSuffix: 'Ltda.',
    nameGroups: ['hispanic'],
    cities: [
      c('São Paulo', 'São Paulo', -23.5505, -46.6333, '01310-100'),
      c('Rio de Janeiro', 'Rio de Janeiro', -22.9068, -43.1729, '20040-002'),
    ],
  },
  {
    code: 'IL',
    name: 'Israel',
    region: 'EMEA',
    weight: 3,
    languages: ['Hebrew', 'English'],
    currency: 'ILS',
    legalSuffix: 'Ltd.',
    nameGroups: ['hebrew'],
    cities: [
      c('Tel Aviv', 'Tel Aviv District', 32.0853, 34.7818, '6100000'),
      c('Haifa', 'Haifa District', 32.794, 34.9896, '3100000'),
    ],
  },
  {
    code: 'ES',
    name: 'Spain',
    region: 'EMEA',
    weight: 3,
    languages: ['Spanish', 'English'],
    currency: 'EUR',
    legalSuffix: 'S.L.',
    nameGroups: ['hispanic'],
    cities: [
      c('Madrid', 'Madrid Autonomous Community', 40.4168, -3.7038, '28013'),
      c('Barcelona', 'Catalonia', 41.3874, 2.1686, '08002'),
    ],
  },
  {
    code: 'IE',
    name: 'Ireland',
    region: 'EMEA',
    weight: 2,
    languages: ['English'],
    currency: 'EUR',
    legalSuffix: 'Ltd',
    nameGroups: ['anglo'],
    cities: [c('Dublin', 'Leinster', 53.3498, -6.2603, 'D02 X285'), c('Cork', 'Munster', 51.8985, -8.4756, 'T12 X70A')],
  },
  {
    code: 'CH',
    name: 'Switzerland',
    region: 'EMEA',
    weight: 2,
    languages: ['German', 'French', 'English'],
    currency: 'CHF',
    legalSuffix: 'AG',
    nameGroups: ['german', 'french'],
    cities: [c('Zurich', 'Zürich', 47.3769, 8.5417, '8001'), c('Geneva', 'Geneva', 46.2044, 6.1432, '1201')],
  },
]

export const COUNTRY_WEIGHTS = COUNTRIES.map((k) => k.weight)

export function countryByCode(code: string): Country {
  const found = COUNTRIES.find((k) => k.code === code)
  if (!found) throw new Error(`unknown demo country ${code}`)
  return found
}

/** Comma-separated words (newlines allowed) → trimmed list; keeps long word lists compact. */
export function list(text: string): readonly string[] {
  return text
    .split(',')
    .map((w) => w.trim())
    .filter((w) => w.length > 0)
}

export const FIRST_NAMES: Record<NameGroup, readonly string[]> = {
  anglo: list(`
    James, Olivia, Liam, Emma, Noah, Ava, William, Sophia, Benjamin, Isabella, Lucas, Mia, Henry,
    Charlotte, Alexander, Amelia, Daniel, Harper, Michael, Evelyn, Ethan, Abigail, Jack, Emily,
    Samuel, Grace, David, Chloe, Joseph, Hannah, Owen, Zoe
  `),
  german: list(`
    Lukas, Anna, Jonas, Lena, Felix, Hannah, Maximilian, Laura, Paul, Julia, Leon, Sophie, Tobias,
    Katharina, Florian, Marie, Niklas, Johanna, Moritz, Clara
  `),
  french: list(`
    Louis, Camille, Hugo, Léa, Arthur, Manon, Jules, Chloé, Gabriel, Inès, Raphaël, Juliette, Mathis,
    Élise, Théo, Margaux, Antoine, Claire, Nicolas, Aurélie
  `),
  indian: list(`
    Aarav, Priya, Vivaan, Ananya, Arjun, Diya, Rohan, Isha, Karthik, Meera, Rahul, Sneha, Aditya,
    Kavya, Siddharth, Nisha, Vikram, Pooja, Amit, Lakshmi
  `),
  japanese: list(`
    Haruto, Yui, Sota, Aoi, Ren, Hina, Yuto, Sakura, Kenji, Yuki, Takumi, Mei, Daiki, Akari, Riku,
    Nanami
  `),
  nordic: list(`
    Erik, Astrid, Lars, Ingrid, Anders, Freja, Johan, Elin, Mikael, Sofie, Daan, Emma, Sven, Karin,
    Nils, Liv, Bram, Saskia, Oskar, Maja
  `),
  hispanic: list(`
    Mateo, Lucía, Santiago, Sofía, Diego, Valentina, Alejandro, Camila, Gabriel, Isabela, Javier,
    Mariana, Carlos, Elena, Pablo, Beatriz, Rafael, Carmen, Thiago, Ana
  `),
  hebrew: list(`
    Noam, Tamar, Itai, Noa, Yonatan, Maya, Eitan, Shira, Omer, Yael, Ariel, Michal, Guy, Dana, Amit,
    Rotem
  `),
}

export const LAST_NAMES: Record<NameGroup, readonly string[]> = {
  anglo: list(`
    Smith, Johnson, Williams, Brown, Jones, Miller, Davis, Wilson, Anderson, Taylor, Thomas, Moore,
    Martin, Thompson, White, Harris, Clark, Lewis, Walker, Hall, Young, King, Wright, Scott, Green,
    Baker, Adams, Nelson, Carter, Mitchell, Campbell, Roberts, Evans, Turner, Parker, Collins,
    Edwards, Stewart, Morris, Murphy, Cook, Rogers, Reed, Bailey, Bell, Cooper, Howard, Ward, Foster,
    Hughes, Sullivan
  `),
  german: list(`
    Müller, Schmidt, Schneider, Fischer, Weber, Meyer, Wagner, Becker, Schulz, Hoffmann, Koch,
    Richter, Klein, Wolf, Schröder, Neumann, Schwarz, Zimmermann, Braun, Krüger, Hartmann, Lange,
    Werner, Krause
  `),
  french: list(`
    Martin, Bernard, Dubois, Thomas, Robert, Richard, Petit, Durand, Leroy, Moreau, Simon, Laurent,
    Lefebvre, Michel, Garcia, David, Bertrand, Roux, Vincent, Fournier, Girard, Bonnet
  `),
  indian: list(`
    Sharma, Patel, Iyer, Reddy, Nair, Gupta, Kumar, Singh, Rao, Menon, Desai, Joshi, Mehta, Chopra,
    Kapoor, Bhat, Pillai, Agarwal, Banerjee, Mukherjee, Krishnan, Verma
  `),
  japanese: list(`
    Sato, Suzuki, Takahashi, Tanaka, Watanabe, Ito, Yamamoto, Nakamura, Kobayashi, Kato, Yoshida,
    Yamada, Sasaki, Matsumoto, Inoue, Kimura
  `),
  nordic: list(`
    Andersson, Johansson, Karlsson, Nilsson, Eriksson, Larsson, Olsson, Persson, Svensson, Lindqvist,
    de Vries, Jansen, van Dijk, Bakker, Visser, Smit, Hansen, Berg, Lund, Dahl
  `),
  hispanic: list(`
    García, Rodríguez, Martínez, López, González, Hernández, Pérez, Sánchez, Ramírez, Torres, Flores,
    Rivera, Gómez, Díaz, Silva, Santos, Oliveira, Souza, Costa, Ferreira, Alves, Moreno, Romero,
    Navarro
  `),
  hebrew: list(`
    Cohen, Levi, Mizrahi, Peretz, Biton, Friedman, Avraham, Katz, Azoulay, Goldberg, Shapiro,
    Ben-David, Rosen, Weiss, Klein, Carmel
  `),
}

export const STREET_NAMES = list(`
  Market Street, Main Street, Harbor Way, King Street, Park Avenue, Mission Street, Queen Street,
  Station Road, Innovation Drive, River Road, Commerce Street, Broadway, Canal Street, Hill Street,
  Lake Avenue, Oak Lane, Elm Street, Victoria Street, Technology Park, Bridge Road
`)

/** Lower-case ASCII slug: diacritics dropped, runs of other characters become one hyphen. */
export function slugify(text: string): string {
  // ASCII input (most names) skips the Unicode decomposition, the costly step.
  const ascii = /^[\x20-\x7e]*$/.test(text)
    ? text
    : text
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/ß/g, 'ss')
  return ascii
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}
