/**
 * Illustrative completed auctions for the landing page (docs/product.md §2 "Landing page"). They are
 * static examples, labelled as such on the page, not real members or real auctions.
 */
export interface SampleDate {
  kind: 'activity' | 'dinner' | 'coffee';
  kindLabel: string;
  title: string;
  hostName: string;
  hostInitials: string;
  winningBid: number;
  bidCount: number;
  quote: string;
}

export const SAMPLE_DATES: readonly SampleDate[] = [
  {
    kind: 'activity',
    kindLabel: 'Activity date',
    title: 'Bouldering and tacos',
    hostName: 'Maya',
    hostInitials: 'MR',
    winningBid: 110,
    bidCount: 15,
    quote: 'Two hours on the climbing wall, then the best tacos in town. Great company!',
  },
  {
    kind: 'dinner',
    kindLabel: 'Dinner date',
    title: 'Tapas night downtown',
    hostName: 'Jordan',
    hostInitials: 'JK',
    winningBid: 65,
    bidCount: 12,
    quote: 'We shared six plates and talked the whole evening. Would bid again.',
  },
  {
    kind: 'coffee',
    kindLabel: 'Coffee date',
    title: 'Coffee and a crossword',
    hostName: 'Priya',
    hostInitials: 'PS',
    winningBid: 35,
    bidCount: 18,
    quote: 'A relaxed coffee and a crossword finished together. The perfect Sunday.',
  },
];
