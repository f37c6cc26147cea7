/** Where the generated tour plays: 60 US and Mexican cities in 11 time zones, with their venues' currency. */
export type City = { city: string; region: string; country: 'US' | 'MX'; timeZone: string }

const us = (timeZone: string, region: string, cities: string[]): City[] =>
  cities.map((city) => ({ city, region, country: 'US', timeZone }))
const mx = (timeZone: string, region: string, cities: string[]): City[] =>
  cities.map((city) => ({ city, region, country: 'MX', timeZone }))

const LA = 'America/Los_Angeles'
const DENVER = 'America/Denver'
const PHOENIX = 'America/Phoenix'
const CHICAGO = 'America/Chicago'
const NEW_YORK = 'America/New_York'
const MEXICO_CITY = 'America/Mexico_City'
const MONTERREY = 'America/Monterrey'
const TIJUANA = 'America/Tijuana'
const HERMOSILLO = 'America/Hermosillo'
const MAZATLAN = 'America/Mazatlan'
const CANCUN = 'America/Cancun'

export const CITIES: City[] = [
  ...us(LA, 'CA', ['Los Angeles', 'San Francisco', 'San Diego', 'Sacramento', 'Santa Barbara', 'Ventura']),
  ...us(LA, 'CA', ['Fresno', 'Oakland']),
  ...us(LA, 'OR', ['Portland', 'Eugene']),
  ...us(LA, 'WA', ['Seattle']),
  ...us(PHOENIX, 'AZ', ['Phoenix', 'Tucson', 'Flagstaff']),
  ...us(DENVER, 'CO', ['Denver', 'Boulder']),
  ...us(DENVER, 'NM', ['Albuquerque', 'Santa Fe']),
  ...us(DENVER, 'TX', ['El Paso']),
  ...us(DENVER, 'UT', ['Salt Lake City']),
  ...us(CHICAGO, 'TX', ['Austin', 'San Antonio', 'Houston', 'Dallas']),
  ...us(CHICAGO, 'IL', ['Chicago']),
  ...us(CHICAGO, 'LA', ['New Orleans']),
  ...us(CHICAGO, 'TN', ['Nashville']),
  ...us(CHICAGO, 'MN', ['Minneapolis']),
  ...us(NEW_YORK, 'NY', ['New York', 'Brooklyn']),
  ...us(NEW_YORK, 'MA', ['Boston']),
  ...us(NEW_YORK, 'PA', ['Philadelphia']),
  ...us(NEW_YORK, 'DC', ['Washington']),
  ...us(NEW_YORK, 'GA', ['Atlanta']),
  ...mx(MEXICO_CITY, 'CDMX', ['Ciudad de México']),
  ...mx(MEXICO_CITY, 'JAL', ['Guadalajara']),
  ...mx(MEXICO_CITY, 'PUE', ['Puebla']),
  ...mx(MEXICO_CITY, 'OAX', ['Oaxaca']),
  ...mx(MEXICO_CITY, 'VER', ['Veracruz', 'Xalapa', 'Tlacotalpan']),
  ...mx(MEXICO_CITY, 'QRO', ['Querétaro']),
  ...mx(MEXICO_CITY, 'MICH', ['Morelia']),
  ...mx(MEXICO_CITY, 'GTO', ['Guanajuato', 'San Miguel de Allende']),
  ...mx(MONTERREY, 'NL', ['Monterrey']),
  ...mx(MONTERREY, 'COAH', ['Saltillo']),
  ...mx(MONTERREY, 'TAMPS', ['Tampico']),
  ...mx(TIJUANA, 'BC', ['Tijuana', 'Mexicali', 'Ensenada']),
  ...mx(HERMOSILLO, 'SON', ['Hermosillo', 'Álamos']),
  ...mx(MAZATLAN, 'SIN', ['Mazatlán', 'Culiacán']),
  ...mx(MAZATLAN, 'BCS', ['La Paz', 'Todos Santos']),
  ...mx(CANCUN, 'QROO', ['Cancún', 'Playa del Carmen', 'Tulum']),
]

export const VENUE_KINDS = [
  'Teatro',
  'Foro',
  'The Old Mission Hall',
  'Casa de la Cultura',
  'Plaza',
  'Music Hall',
  'Ballroom',
  'Amphitheatre',
  'Cantina',
  'Auditorio',
] as const
