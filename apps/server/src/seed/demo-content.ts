import type { DateType, Sex } from '@bid/contract';

/**
 * The hand-written part of the demo data set: who the demo people are and what they
 * offer. Numbers that only need to look plausible (prices, times, bids) are drawn in
 * demo-plan.ts instead, so this file reads like the content it is.
 */

export interface DemoProfile {
  firstName: string;
  lastName: string;
  age: number;
  sex: Sex;
  openToDatesWith: Sex[];
  location: string;
  zipCode: string;
  /** Strings, not numbers: the columns are exact decimals with 8 places. */
  latitude: string;
  longitude: string;
  bio: string;
  interests: string[];
}

export interface DemoAuctionTemplate {
  /** Index into DEMO_PROFILES; the outing happens in the creator's city. */
  creator: number;
  dateType: Extract<DateType, 'coffee' | 'dinner' | 'activity'>;
  title: string;
  description: string;
  /** Minutes; a multiple of 15, and at least 30 for dinner (docs/product.md §9). */
  expectedDuration: number;
  paymentNotes?: string;
}

export const DEMO_COUNTRY = 'United States';
/** Every demo bio starts with this, so nobody mistakes a demo profile for a real person. */
export const DEMO_BIO_PREFIX = 'Demo profile: ';

export const DEMO_PROFILES: readonly DemoProfile[] = [
  {
    firstName: 'Maya',
    lastName: 'Patel',
    age: 29,
    sex: 'female',
    openToDatesWith: ['female', 'male', 'other'],
    location: 'Austin, TX',
    zipCode: '78704',
    latitude: '30.24292',
    longitude: '-97.76584',
    bio: `${DEMO_BIO_PREFIX}UX designer who climbs before work and plays board games after it.`,
    interests: ['bouldering', 'board games', 'live music'],
  },
  {
    firstName: 'Jordan',
    lastName: 'Reyes',
    age: 34,
    sex: 'male',
    openToDatesWith: ['female', 'male'],
    location: 'Austin, TX',
    zipCode: '78702',
    latitude: '30.26367',
    longitude: '-97.71489',
    bio: `${DEMO_BIO_PREFIX}High-school science teacher with strong opinions about tacos.`,
    interests: ['tacos', 'cycling', 'trivia', 'science'],
  },
  {
    firstName: 'Sam',
    lastName: 'Okafor',
    age: 41,
    sex: 'other',
    openToDatesWith: ['female', 'male', 'other'],
    location: 'Austin, TX',
    zipCode: '78701',
    latitude: '30.27049',
    longitude: '-97.74235',
    bio: `${DEMO_BIO_PREFIX}Street photographer and record collector, always up for a walk.`,
    interests: ['photography', 'vinyl', 'barbecue', 'jazz', 'kayaking'],
  },
  {
    firstName: 'Priya',
    lastName: 'Nair',
    age: 26,
    sex: 'female',
    openToDatesWith: ['female', 'other'],
    location: 'Denver, CO',
    zipCode: '80202',
    latitude: '39.75280',
    longitude: '-104.99850',
    bio: `${DEMO_BIO_PREFIX}Software engineer, weekend hiker, amateur coffee roaster.`,
    interests: ['hiking', 'coffee', 'climbing'],
  },
  {
    firstName: 'Ethan',
    lastName: 'Brooks',
    age: 38,
    sex: 'male',
    openToDatesWith: ['female', 'male', 'other'],
    location: 'Denver, CO',
    zipCode: '80205',
    latitude: '39.75900',
    longitude: '-104.96600',
    bio: `${DEMO_BIO_PREFIX}Nurse on night shifts, so I love a good daytime plan.`,
    interests: ['pickleball', 'cooking', 'bluegrass', 'books'],
  },
  {
    firstName: 'Lena',
    lastName: 'Fischer',
    age: 31,
    sex: 'female',
    openToDatesWith: ['male', 'other'],
    location: 'Seattle, WA',
    zipCode: '98101',
    latitude: '47.61087',
    longitude: '-122.33469',
    bio: `${DEMO_BIO_PREFIX}Moved here from Hamburg; still amazed by the ferries and the mountains.`,
    interests: ['baking', 'ferries', 'bookstores', 'dim sum'],
  },
  {
    firstName: 'Marcus',
    lastName: 'Lee',
    age: 45,
    sex: 'male',
    openToDatesWith: ['female'],
    location: 'Seattle, WA',
    zipCode: '98122',
    latitude: '47.61169',
    longitude: '-122.30330',
    bio: `${DEMO_BIO_PREFIX}Film buff and ramen hunter. I will recommend you a movie whether you ask or not.`,
    interests: ['film', 'ramen', 'kayaking'],
  },
  {
    firstName: 'Chloe',
    lastName: 'Martin',
    age: 23,
    sex: 'female',
    openToDatesWith: ['female', 'male', 'other'],
    location: 'Chicago, IL',
    zipCode: '60601',
    latitude: '41.88583',
    longitude: '-87.62261',
    bio: `${DEMO_BIO_PREFIX}Architecture grad who gives unsolicited building tours.`,
    interests: ['architecture', 'running', 'improv', 'coffee'],
  },
  {
    firstName: 'Diego',
    lastName: 'Alvarez',
    age: 52,
    sex: 'male',
    openToDatesWith: ['female', 'male'],
    location: 'Chicago, IL',
    zipCode: '60607',
    latitude: '41.87470',
    longitude: '-87.65100',
    bio: `${DEMO_BIO_PREFIX}Retired firefighter, chess player, defender of deep dish.`,
    interests: ['chess', 'blues', 'pizza'],
  },
  {
    firstName: 'Grace',
    lastName: 'Kim',
    age: 36,
    sex: 'female',
    openToDatesWith: ['male', 'female'],
    location: 'Boston, MA',
    zipCode: '02108',
    latitude: '42.35763',
    longitude: '-71.06543',
    bio: `${DEMO_BIO_PREFIX}History teacher and rower who knows where the best dumplings are.`,
    interests: ['history', 'rowing', 'dumplings', 'museums'],
  },
  {
    firstName: 'Noah',
    lastName: 'Bennett',
    age: 28,
    sex: 'male',
    openToDatesWith: ['female', 'other'],
    location: 'Nashville, TN',
    zipCode: '37203',
    latitude: '36.15070',
    longitude: '-86.78970',
    bio: `${DEMO_BIO_PREFIX}Songwriter by night, accountant by day, disc golfer on Sundays.`,
    interests: ['songwriting', 'hot chicken', 'disc golf'],
  },
  {
    firstName: 'Rosa',
    lastName: 'Delgado',
    age: 63,
    sex: 'female',
    openToDatesWith: ['female', 'male', 'other'],
    location: 'San Diego, CA',
    zipCode: '92101',
    latitude: '32.71890',
    longitude: '-117.16280',
    bio: `${DEMO_BIO_PREFIX}Grandmother of four, salsa dancer, tide pool enthusiast.`,
    interests: ['tide pools', 'gardening', 'salsa dancing', 'baking'],
  },
];

export const DEMO_AUCTIONS: readonly DemoAuctionTemplate[] = [
  {
    creator: 0,
    dateType: 'coffee',
    expectedDuration: 60,
    title: 'Flat whites and a card game on South Congress',
    description:
      "Let's grab a coffee at a busy cafe on South Congress and play a quick two-player card game. I'll bring the deck; you bring your best strategy.",
  },
  {
    creator: 0,
    dateType: 'activity',
    expectedDuration: 120,
    title: 'Beginner bouldering session at a downtown climbing gym',
    description:
      "I've been bouldering for two years and love showing newcomers around. We'll try a few easy problems, then grab a smoothie at the gym cafe.",
    paymentNotes: 'Day pass and shoe rental are paid at the front desk.',
  },
  {
    creator: 1,
    dateType: 'dinner',
    expectedDuration: 120,
    title: 'Taco truck tasting tour on East Cesar Chavez',
    description:
      'Three taco trucks, one evening, and an honest ranking at the end. We walk between the trucks and compare notes. Vegetarian options at every stop.',
  },
  {
    creator: 1,
    dateType: 'coffee',
    expectedDuration: 90,
    title: 'Morning coffee and a loop around Lady Bird Lake',
    description:
      'Coffee to go from a lakeside stand, then an easy three-mile walk on the hike-and-bike trail. Good conversation guaranteed, good pace optional.',
  },
  {
    creator: 2,
    dateType: 'coffee',
    expectedDuration: 60,
    title: 'Cold brew and vinyl digging on the East Side',
    description:
      "A cold brew at a record-store cafe, then half an hour flipping through the used vinyl bins. Tell me your favourite album and I'll find you something like it.",
  },
  {
    creator: 2,
    dateType: 'dinner',
    expectedDuration: 90,
    title: 'Brisket and sides at a classic Austin barbecue joint',
    description:
      "The line is part of the experience. We'll wait, swap music recommendations, then share a tray of brisket and sides. I'll tell you which sauce is the right one.",
  },
  {
    creator: 2,
    dateType: 'activity',
    expectedDuration: 120,
    title: 'Photo walk through the downtown murals',
    description:
      'Bring any camera, phone included. We spend two hours shooting the murals downtown and on the east side, and I share a few composition tricks along the way.',
  },
  {
    creator: 3,
    dateType: 'activity',
    expectedDuration: 150,
    title: 'Easy sunrise hike at Red Rocks',
    description:
      'A gentle two-mile loop around the amphitheatre at sunrise, then breakfast burritos at the visitor center. Trail shoes and water recommended.',
  },
  {
    creator: 3,
    dateType: 'coffee',
    expectedDuration: 60,
    title: 'Public cupping at a Denver roastery',
    description:
      'A local roastery runs an open cupping on Saturday mornings. We taste five single origins and argue politely about which one is best.',
  },
  {
    creator: 4,
    dateType: 'activity',
    expectedDuration: 90,
    title: 'Friendly pickleball at the park courts',
    description:
      'I have paddles and balls; you just need sneakers. We play a few friendly games at the public courts and team up with other players for doubles.',
  },
  {
    creator: 4,
    dateType: 'dinner',
    expectedDuration: 90,
    title: 'Green chile showdown at a Denver diner',
    description:
      'Denver takes its green chile seriously, and so do I. We order a few plates smothered two ways and vote on the winner.',
    paymentNotes: 'Tip included in whatever we split.',
  },
  {
    creator: 4,
    dateType: 'coffee',
    expectedDuration: 45,
    title: 'Espresso and a used bookstore in LoDo',
    description:
      'A quick espresso at the counter, then a browse through a huge used bookstore. We each pick a book for the other, under ten dollars.',
  },
  {
    creator: 5,
    dateType: 'coffee',
    expectedDuration: 60,
    title: 'Pastries and coffee at Pike Place Market',
    description:
      'Early morning at the market before the crowds: a coffee, a warm pastry, and a walk past the fish stalls to watch the famous throws.',
  },
  {
    creator: 5,
    dateType: 'activity',
    expectedDuration: 240,
    title: 'Ferry ride to Bainbridge Island and back',
    description:
      'The ferry is the best-value view in Seattle. We ride over, walk through the town for an hour, and catch the sunset on the way back.',
    paymentNotes: 'Ferry fare is about ten dollars round trip.',
  },
  {
    creator: 5,
    dateType: 'dinner',
    expectedDuration: 90,
    title: 'Dim sum in the Chinatown-International District',
    description:
      "Let's share a table of dumplings, buns and turnip cakes at a busy dim sum hall. Happy to order for both of us if you tell me what you don't eat.",
  },
  {
    creator: 6,
    dateType: 'dinner',
    expectedDuration: 75,
    title: 'Ramen night on Capitol Hill',
    description:
      'A rich bowl of tonkotsu at a counter-seat ramen shop, then a walk around Cal Anderson Park. Ideal if you like noodles and good conversation.',
  },
  {
    creator: 6,
    dateType: 'activity',
    expectedDuration: 180,
    title: 'Indie film matinee and a post-movie chat',
    description:
      'A matinee at an independent cinema, followed by coffee to talk about what we just saw. I pick something well reviewed; veto power is yours.',
  },
  {
    creator: 7,
    dateType: 'activity',
    expectedDuration: 120,
    title: 'Architecture walk along the Chicago Riverwalk',
    description:
      'A self-guided walk along the Riverwalk past a dozen landmark buildings. I studied architecture and promise the fun facts are actually fun.',
  },
  {
    creator: 7,
    dateType: 'coffee',
    expectedDuration: 45,
    title: 'Latte and people-watching at Millennium Park',
    description:
      'Coffee from a nearby cafe and a bench with a view of the Bean. Low-key, outdoors and easy to find each other.',
  },
  {
    creator: 8,
    dateType: 'dinner',
    expectedDuration: 90,
    title: 'Deep dish pizza debate in River North',
    description:
      'Is deep dish a pizza or a casserole? We settle it over a shared pie at a classic River North spot. I defend it; you try to change my mind.',
  },
  {
    creator: 8,
    dateType: 'coffee',
    expectedDuration: 90,
    title: 'Chess and coffee at a West Loop cafe',
    description:
      'I bring a travel chess set. Beginners welcome: I am happy to explain openings between sips, and I promise not to gloat.',
  },
  {
    creator: 8,
    dateType: 'dinner',
    expectedDuration: 150,
    title: 'Early supper and live blues in the South Loop',
    description:
      'Dinner at a long-running blues club with the early set included. Great music, good food and a very Chicago evening.',
    paymentNotes: 'Cover charge is included in the split.',
  },
  {
    creator: 9,
    dateType: 'activity',
    expectedDuration: 180,
    title: 'Freedom Trail walk with a history teacher',
    description:
      'All 2.5 miles of the Freedom Trail at a relaxed pace, with stops at the Old North Church and a snack break at Faneuil Hall.',
  },
  {
    creator: 9,
    dateType: 'dinner',
    expectedDuration: 90,
    title: 'Soup dumplings in Chinatown',
    description:
      'Soup dumplings, scallion pancakes and a pot of jasmine tea at a family-run spot in Chinatown. Come hungry.',
  },
  {
    creator: 9,
    dateType: 'coffee',
    expectedDuration: 60,
    title: 'Coffee and a stroll through the Public Garden',
    description:
      'Coffee on Charles Street, then a walk through the Public Garden past the swan boats and the duckling statues.',
  },
  {
    creator: 10,
    dateType: 'activity',
    expectedDuration: 150,
    title: 'Songwriters round at a listening room',
    description:
      'An early show where local songwriters trade songs in the round. It is a quiet room, so the talking happens afterwards over sweet tea.',
    paymentNotes: 'Tickets are bought in advance; I can book both.',
  },
  {
    creator: 10,
    dateType: 'dinner',
    expectedDuration: 60,
    title: 'Nashville hot chicken taste test',
    description:
      'Mild, medium or "why did I do this". We try hot chicken at a classic spot and see who taps out first. The milk is on me.',
  },
  {
    creator: 11,
    dateType: 'activity',
    expectedDuration: 150,
    title: 'Tide pooling at Cabrillo National Monument',
    description:
      'Low tide this week is perfect for tide pools. We look for anemones and octopuses (look, no touching) and finish at the lighthouse overlook.',
    paymentNotes: 'Park entry is per car; I can drive us from downtown.',
  },
  {
    creator: 11,
    dateType: 'coffee',
    expectedDuration: 60,
    title: 'Cafe de olla and pan dulce in Barrio Logan',
    description:
      'My favourite Barrio Logan cafe makes cinnamon coffee the traditional way. We pick pan dulce and admire the Chicano Park murals across the street.',
  },
  {
    creator: 11,
    dateType: 'dinner',
    expectedDuration: 90,
    title: 'Fish tacos by the bay on the Embarcadero',
    description:
      'Fish tacos and grilled shrimp at a casual seafood spot on the bay, then a walk along the Embarcadero as the sun goes down.',
  },
];
