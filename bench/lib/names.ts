/**
 * Word lists for realistic benchmark data: common US first and last names (drawn with a
 * Zipf-like skew, so "James" and "Smith" are frequent and "Ingrid" is rare, as in life),
 * cities weighted roughly by population, and the words auction titles are made of.
 */

// prettier-ignore
export const FIRST_NAMES = [
  'James', 'Mary', 'Michael', 'Patricia', 'John', 'Jennifer', 'Robert', 'Linda', 'David', 'Elizabeth',
  'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Karen', 'Christopher', 'Sarah',
  'Charles', 'Lisa', 'Daniel', 'Nancy', 'Matthew', 'Sandra', 'Anthony', 'Ashley', 'Mark', 'Emily',
  'Steven', 'Kimberly', 'Andrew', 'Betty', 'Paul', 'Margaret', 'Joshua', 'Donna', 'Kenneth', 'Michelle',
  'Kevin', 'Carol', 'Brian', 'Amanda', 'Timothy', 'Melissa', 'Ronald', 'Deborah', 'Jason', 'Stephanie',
  'George', 'Rebecca', 'Edward', 'Sharon', 'Jeffrey', 'Laura', 'Ryan', 'Cynthia', 'Jacob', 'Dorothy',
  'Nicholas', 'Amy', 'Gary', 'Kathleen', 'Eric', 'Angela', 'Jonathan', 'Shirley', 'Stephen', 'Emma',
  'Larry', 'Brenda', 'Justin', 'Pamela', 'Benjamin', 'Nicole', 'Scott', 'Anna', 'Brandon', 'Samantha',
  'Samuel', 'Katherine', 'Gregory', 'Christine', 'Alexander', 'Debra', 'Patrick', 'Rachel', 'Frank', 'Carolyn',
  'Raymond', 'Janet', 'Jack', 'Maria', 'Dennis', 'Olivia', 'Jerry', 'Heather', 'Tyler', 'Helen',
  'Aaron', 'Catherine', 'Jose', 'Diane', 'Adam', 'Julie', 'Nathan', 'Victoria', 'Henry', 'Joyce',
  'Zachary', 'Lauren', 'Douglas', 'Kelly', 'Peter', 'Christina', 'Kyle', 'Ruth', 'Noah', 'Joan',
  'Ethan', 'Virginia', 'Jeremy', 'Judith', 'Walter', 'Evelyn', 'Christian', 'Hannah', 'Keith', 'Andrea',
  'Priya', 'Wei', 'Mohammed', 'Aisha', 'Hiroshi', 'Sofia', 'Mateo', 'Chloe', 'Luis', 'Ingrid',
  'Kwame', 'Yuki', 'Ravi', 'Fatima', 'Diego', 'Leila', 'Omar', 'Mei', 'Arjun', 'Zoe',
];

// prettier-ignore
export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin',
  'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson',
  'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores',
  'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts',
  'Gomez', 'Phillips', 'Evans', 'Turner', 'Diaz', 'Parker', 'Cruz', 'Edwards', 'Collins', 'Reyes',
  'Stewart', 'Morris', 'Morales', 'Murphy', 'Cook', 'Rogers', 'Gutierrez', 'Ortiz', 'Morgan', 'Cooper',
  'Peterson', 'Bailey', 'Reed', 'Kelly', 'Howard', 'Ramos', 'Kim', 'Cox', 'Ward', 'Richardson',
  'Watson', 'Brooks', 'Chavez', 'Wood', 'James', 'Bennett', 'Gray', 'Mendoza', 'Ruiz', 'Hughes',
  'Price', 'Alvarez', 'Castillo', 'Sanders', 'Patel', 'Myers', 'Long', 'Ross', 'Foster', 'Jimenez',
  'Okafor', 'Tanaka', 'Chen', 'Singh', 'Kowalski', 'Haddad', 'Novak', 'Larsen', 'Oyelaran', 'Fitzgerald',
];

/** "City, ST" as members type it, with a rough weight (metro size). The gazetteer places each one. */
// prettier-ignore
export const CITIES: ReadonlyArray<readonly [string, number]> = [
  ['New York, NY', 12], ['Brooklyn, NY', 6], ['Los Angeles, CA', 10], ['Chicago, IL', 7], ['Houston, TX', 6],
  ['Phoenix, AZ', 4], ['Philadelphia, PA', 4], ['San Antonio, TX', 4], ['San Diego, CA', 4], ['Dallas, TX', 5],
  ['Austin, TX', 5], ['Round Rock, TX', 1], ['San Marcos, TX', 1], ['Georgetown, TX', 1], ['San Jose, CA', 3],
  ['Jacksonville, FL', 2], ['Columbus, OH', 2], ['Charlotte, NC', 2], ['Seattle, WA', 4], ['Denver, CO', 3],
  ['Boston, MA', 4], ['Cambridge, MA', 1], ['Nashville, TN', 2], ['Portland, OR', 3], ['Atlanta, GA', 4],
  ['Miami, FL', 4], ['Minneapolis, MN', 2], ['New Orleans, LA', 2], ['Pittsburgh, PA', 2], ['Salt Lake City, UT', 2],
  ['Kansas City, MO', 2], ['Oakland, CA', 2], ['Sacramento, CA', 2], ['Raleigh, NC', 2], ['Madison, WI', 1],
  ['Boulder, CO', 1], ['Fort Worth, TX', 2], ['Santa Monica, CA', 1], ['Pasadena, CA', 1], ['Tempe, AZ', 1],
];

export const COFFEE_TITLES = [
  'Coffee at {venue}',
  'Espresso and people-watching at {venue}',
  'Morning coffee walk through {district}',
  'Latte art class at {venue}',
  'Cold brew and crosswords',
  'Pour-over tasting at {venue}',
  'Coffee and a bookstore browse',
  'Sunday coffee by the river',
  'Matcha and pastries at {venue}',
  'Slow coffee, fast conversation',
];

export const DINNER_TITLES = [
  '{cuisine} dinner at {restaurant}',
  'Tacos and live music in {district}',
  'Rooftop dinner with a sunset view',
  'Sushi night at {restaurant}',
  'Ramen crawl through {district}',
  'Pizza and board games',
  'Farm-to-table dinner at {restaurant}',
  'Dumplings and a night market stroll',
  'Barbecue dinner at {restaurant}',
  'Candlelit {cuisine} dinner',
];

export const ACTIVITY_TITLES = [
  'Sunset kayak paddle',
  'Bouldering session at {gym}',
  'Jazz night in {district}',
  'Trivia night at {venue}',
  'Museum afternoon and a walk',
  'Farmers market and picnic',
  'Pottery class for two',
  'Hike to the lookout trail',
  'Karaoke in {district}',
  'Stand-up comedy show',
  'Vinyl record store crawl',
  'Bike ride along the river',
];

// prettier-ignore
export const VENUES = [
  'Blue Bottle', 'Ritual Coffee', 'Stumptown', 'Intelligentsia', 'Houndstooth', 'La Colombe', 'Verve',
  'Counter Culture', 'Little Owl', 'The Daily Grind', 'Cafe Luna', 'Bean There',
];
// prettier-ignore
export const RESTAURANTS = [
  'Olive and June', 'The Copper Pot', 'Casa Verde', 'Sakura House', 'Nonna Rosa', 'The Green Table',
  'Smoke and Ash', 'Golden Lotus', 'Bistro Marcel', 'Harbor House',
];
export const CUISINES = ['Italian', 'Thai', 'Mexican', 'Ethiopian', 'Korean', 'French', 'Lebanese', 'Peruvian'];
export const DISTRICTS = [
  'downtown',
  'the old town',
  'the arts district',
  'the waterfront',
  'midtown',
  'the east side',
];
export const GYMS = ['Crux', 'Movement', 'Brooklyn Boulders', 'Mesa Rim', 'Bouldering Project'];
