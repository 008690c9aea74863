import type { ScreeningCategory } from '@bid/contract';

/**
 * The word and pattern rules of screening (docs/trust-and-safety.md "Screening": how to add a word
 * or a rule). Each rule has a `kind`; what a kind does on each surface (refuse, hold, warn, allow)
 * is the table in `verdicts.ts`. Patterns run on the normalised text (`normalise.ts`): lower case,
 * accents and look-alikes folded, so write them in plain lower-case ASCII.
 *
 * `form: 'folded'` rules see digits and punctuation as typed (phone numbers, e-mail, links);
 * `form: 'words'` rules see digits inside words turned into letters and spread-out letters joined.
 */

export type FindingKind =
  // sexual
  | 'solicitation' // paid companionship or sex for money: the worst of the category
  | 'explicit' // sexual acts, body parts, pornography
  | 'suggestive' // sexual, but with innocent uses too ("sex", "sexy", "spend the night")
  | 'rate' // a price per hour or night: counts only next to another sexual finding (then solicitation)
  | 'coded' // a paid-companionship code word in a context that makes it one ("generous gentleman")
  // contact
  | 'phone'
  | 'email'
  | 'link'
  | 'handle'
  | 'payment' // off-platform payment
  // harassment
  | 'threat'
  | 'slur'
  | 'insult' // an insult or profanity aimed at a person
  | 'profanity'; // swearing not aimed at anyone

export const KIND_CATEGORY: Record<FindingKind, ScreeningCategory> = {
  solicitation: 'sexual',
  explicit: 'sexual',
  suggestive: 'sexual',
  rate: 'sexual',
  coded: 'sexual',
  phone: 'contact',
  email: 'contact',
  link: 'contact',
  handle: 'contact',
  payment: 'contact',
  threat: 'harassment',
  slur: 'harassment',
  insult: 'harassment',
  profanity: 'harassment',
};

export interface PatternRule {
  kind: FindingKind;
  form: 'folded' | 'words';
  pattern: RegExp;
}

const B = '(?<![\\p{L}\\p{N}])'; // word start
const E = '(?![\\p{L}\\p{N}])'; // word end
const words = (alternatives: string) => new RegExp(`${B}(?:${alternatives})${E}`, 'gu');

const PERSON =
  '(?:gentleman|gentlemen|gent|man|men|guy|guys|woman|women|lady|ladies|girl|host|daddy|benefactor|sponsor|partner|mentor|provider|patron|soul)s?';
const MONEY = '(?:\\$\\s?\\d[\\d,.]*|\\d[\\d,.]*\\s?(?:\\$|usd|dollars?|bucks|k\\b))';
const PER_TIME =
  '(?:/\\s?(?:hr|hour|h|night|nite|visit|meet|date)|(?:per|an|a|each|every)\\s+(?:hour|hr|night|visit|meet|date|session)|hourly|p/?h)';

export const PATTERN_RULES: PatternRule[] = [
  // --- sexual: paid companionship (solicitation) ---
  {
    kind: 'solicitation',
    form: 'words',
    pattern: words(
      'gfe|pse|girlfriend experience|porn ?star experience|escorts?|escorting|escort service|call ?girls?|rent ?boys?|sugar ?(?:daddy|daddies|baby|babies|babe|mommy|mommies|mama|momma|dating|relationship|arrangement)|sd/sb|pay ?pigs?|findom|in-?calls?|out-?calls?|happy endings?|full service|pay per meet|pay-per-meet|ppm|hourly rates?|my rates?|rates? (?:is|are|start)|for my (?:time|company|companionship)|pay for (?:my|your) (?:time|company|companionship)|paid (?:companion|companionship|dates?)|companionship (?:for|fee|rate)|allowance|monthly allowance|compensat(?:ed|ion) (?:for|date|dates)|mutually beneficial|\\d+\\s?roses|roses (?:per|an|a|/)\\s?(?:hour|hr|night)|donations? (?:for|required|expected|upfront|up front|first|only|welcome|per)|tributes?|tribute (?:required|first)|(?:seeking|looking for|want|offer|offering) (?:an? )?(?:discreet |generous |ongoing |financial |no strings )?arrangements?|(?:discreet|generous|ongoing|financial|monthly|no strings) arrangements?|nsa (?:fun|arrangement|meet)|spoil me|be spoiled|spoiled by a|generous (?:' +
        PERSON +
        ')',
    ),
  },
  // A price per hour is innocent alone ("kayaks $20/hr"); next to any other sexual finding it is a rate for a person.
  { kind: 'rate', form: 'folded', pattern: new RegExp(`${MONEY}\\s*${PER_TIME}`, 'gu') },
  {
    kind: 'coded',
    form: 'words',
    pattern: words(
      'no strings attached|nsa|open[- ]minded (?:gentleman|gentlemen|man|men|woman|women|lady|ladies)|(?:seeking|looking for|wants?|need) (?:a )?generous|generous and discreet|discreet and generous|companionship|(?:treat|spoil|pamper) (?:me|you) (?:right|well)|gifts? (?:expected|welcome|appreciated|required)|roses (?:welcome|appreciated|expected)',
    ),
  },
  // --- sexual: explicit ---
  {
    kind: 'explicit',
    form: 'words',
    pattern: words(
      'hook ?ups?|hooking up|hook up|one night stands?|fwb|friends with benefits|nudes?|naked|nudity|erotic|erotica|kinky|kink|bdsm|fetish(?:es)?|netflix and chill|have sex|having sex|sexual(?:ly)?|horny|xxx|threesomes?|blow ?jobs?|hand ?jobs?|oral sex|sexting|sext|nsfw|lingerie|onlyfans|strip ?club|strippers?|lap ?dance|make ?out|making out|sleep with (?:me|you)|come back to my (?:place|room|hotel)|back to my (?:place|hotel room)|spend the night|stay the night|hotel room|booty call|send pics|dick pics?|cum|cumming|orgasms?|boobs?|tits|titties|penis|vagina',
    ),
  },
  {
    kind: 'suggestive',
    form: 'words',
    pattern: words(
      'sexy|sensual|seductive|seduce|naughty|steamy|intimate massage|body rub|massage with a happy|cuddl(?:e|ing) (?:session|buddy)|(?:girlfriend|boyfriend|companion|wife) for (?:the|a|one) (?:night|evening|weekend)|discreet (?:encounters?|meets?|fun|fling|affair|only|gentleman|man|woman|lady)|must be discreet|discretion (?:is )?(?:a must|assured|required|guaranteed)|no strings(?: attached)? fun|affairs?|fling',
    ),
  },
  // --- contact ---
  {
    kind: 'email',
    form: 'folded',
    pattern:
      /[a-z0-9._%+-]+\s?(?:@|\(at\)|\[at\]|\s+at\s+)\s?[a-z0-9-]+(?:\s?(?:\.|\(dot\)|\[dot\]|\s+dot\s+)\s?[a-z0-9-]+)*\s?(?:\.|\(dot\)|\[dot\]|\s+dot\s+)\s?(?:com|net|org|edu|io|me|co|us|uk|ca|de|fr|info|biz|app|xyz|ru)(?![a-z])/gu,
  },
  {
    kind: 'link',
    form: 'folded',
    pattern:
      /(?:https?:\/\/|www\.)[^\s]+|(?<![@\w.])[a-z0-9][a-z0-9-]{1,62}\s?(?:\.|\(dot\)|\[dot\])\s?(?:com|net|org|io|me|co|ly|gg|app|link|xyz|tv|to|bio|page|site|online)(?:\/[^\s]*)?(?![a-z0-9])/gu,
  },
  { kind: 'handle', form: 'folded', pattern: /(?<![\w.])@[a-z0-9_.]{3,30}(?![\w@])/gu },
  {
    kind: 'handle',
    form: 'words',
    pattern: words(
      '(?:text|call|txt|ring|phone|whatsapp|wa|telegram|signal|kik|snap|sms|facetime|dm|message|msg|hmu|hit) me (?:at|on|@)\\s?\\S+|text me|txt me|call me (?:at|on)|(?:my|add me on|follow me on|find me on|dm me on|message me on|hit me up on|reach me on|contact me on|talk on|chat on|move to|switch to|continue on) (?:insta|instagram|ig|snap|snapchat|sc|twitter|tiktok|facebook|fb|whatsapp|telegram|discord|kik|signal|wechat|line|onlyfans|number|cell|phone|email|e-mail|mail|digits)|(?:insta|instagram|ig|snap|snapchat|sc|twitter|tiktok|fb|kik|telegram|discord|whatsapp|wechat|skype|line id) ?(?:is|:|=|@|handle)\\s?\\S+|(?:facebook|fb|insta|ig|snap|snapchat|whatsapp|telegram) me|link in (?:my )?bio|whatsapp|telegram|wechat|kik',
    ),
  },
  {
    kind: 'payment',
    form: 'words',
    pattern: words(
      'venmo|cash ?app|cashapp|zelle|paypal|pay ?pal|apple pay me|revolut|wise transfer|western union|moneygram|bitcoin|btc|crypto|usdt|ethereum|gift ?cards?|cash only|cash in hand|cash upfront|cash up front|cash first|pay(?: me)? in cash|(?:not|never) (?:through|via|on|in) (?:the|this) (?:app|site|platform)|outside (?:of )?(?:the|this) (?:app|site|platform)|off (?:the )?(?:app|platform|site)|pay me directly|send (?:me )?(?:the )?money (?:directly|first)|skip the (?:app|fees?)|avoid the (?:app|fees?)',
    ),
  },
  // --- harassment ---
  {
    kind: 'threat',
    form: 'words',
    pattern: words(
      "(?:i|we|ima|imma)(?:'ll|'re|'m| will| am| are)?(?: going to| gonna| wanna| want to| would| could| should)? (?:fucking |really )?(?:kill|hurt|stab|shoot|rape|strangle|choke|murder|punch|slap|smash|burn|ruin|destroy|beat the shit out of|beat the crap out of) (?:you|u|ya|ur|your family|your face|whoever|anyone|everyone)|(?:beat|smash) (?:you|u|ya) up|(?:find|track) (?:you|u) (?:and|down)|i know where (?:you|u) (?:live|work|sleep)|watch (?:your|ur) back|(?:you|u)(?:'re| are| r|re)? (?:dead|so dead|gonna die|going to die|gonna regret|going to regret|gonna pay|going to pay)|kill (?:yourself|urself|yaself)|kys|(?:hope|wish) (?:you|u) (?:die|get raped|get hurt|get killed|rot)|(?:you|u) deserve to (?:die|be raped|get hurt)|rape (?:you|u)|make (?:you|u) (?:pay|suffer|regret)",
    ),
  },
  {
    kind: 'insult',
    form: 'words',
    pattern: words(
      "(?:fuck|f\\*+k|screw) (?:you|u|ya|off|yourself|urself)|go (?:fuck|screw|kill) (?:yourself|urself)|stfu|shut the fuck up|shut (?:up|your mouth) and|piss off|eat shit|(?:you|u|ur|you're|youre|your|yo) (?:(?!not |never |no )\\S+ ){0,2}(?:idiot|stupid|moron|loser|ugly|fat|dumb|pathetic|worthless|disgusting|bitch|slut|whore|cunt|asshole|arsehole|dickhead|prick|bastard|twat|skank|freak|creep|psycho|retard|pig|cow|trash|garbage|scum)s?|(?:dumb|stupid|fat|ugly|crazy|psycho|cheap|worthless|pathetic|filthy|disgusting) (?:bitch|cow|pig|whore|slut|cunt|loser|idiot|scum|trash|creep|moron)(?:e?s)?",
    ),
  },
  // Plurals and forms the obscenity data set misses.
  { kind: 'slur', form: 'words', pattern: words('trannies|trannys|faggots?|niggas?|retards') },
];

/**
 * Words of the `obscenity` library's English data set, by what they are here. Words it lists
 * that are not below count as profanity. Its matcher already handles repeated letters and many
 * look-alike spellings.
 */
export const OBSCENITY_SLURS = new Set([
  'abeed',
  'abo',
  'africoon',
  'arabush',
  'boonga',
  'chingchong',
  'chink',
  'kike',
  'negro',
  'nigger',
  'fag',
  'dyke',
  'tranny',
  'retard',
  'spastic',
]);
export const OBSCENITY_SEXUAL = new Set([
  'anal',
  'anus',
  'bestiality',
  'blowjob',
  'boob',
  'buttplug',
  'cock',
  'cum',
  'deepthroat',
  'dick',
  'dildo',
  'doggystyle',
  'double penetration',
  'ejaculate',
  'felch',
  'fellatio',
  'finger bang',
  'fisting',
  'gangbang',
  'handjob',
  'hentai',
  'hooker',
  'incest',
  'jerk off',
  'jizz',
  'lubejob',
  'masturbate',
  'orgasm',
  'orgy',
  'penis',
  'porn',
  'pussy',
  'semen',
  'tit',
  'vagina',
  'wank',
  'scat',
]);
/** "sex" alone is suggestive, not explicit: "Sex and the City trivia" is a fine night out. */
export const OBSCENITY_SUGGESTIVE = new Set(['sex']);
/** Used as insults at women and as names for paid sex; here they count as insults. */
export const OBSCENITY_INSULTS = new Set(['slut', 'whore', 'cunt', 'twat', 'bitch', 'bastard', 'prick']);
/** A threat in itself. */
export const OBSCENITY_THREATS = new Set(['rape']);

/**
 * Innocent phrases that contain a matched word. A finding inside one of these is dropped. Add a
 * phrase here when the corpus shows a false alarm that no rule change can fix.
 */
export const ALLOWED_PHRASES: RegExp[] = [
  words('sex[ -]?ed|sex education|sexual health|sex and the city|sex pistols|sexual harassment training'),
  words(
    "moby dick|dick(?:'s)? sporting goods|philip k\\.? dick|dick van dyke|dick tracy|van dyke|dykes? (?:march|on bikes)",
  ),
  words(
    'cock and bull|cockpit|cocktails?|cockatoos?|cockroach(?:es)?|peacocks?|hancock|woodcock|shuttlecocks?|cocker spaniels?|cock-a-leekie',
  ),
  words('blue tits?|great tits?|coal tits?|long-tailed tits?|titmouse|titmice|tit for tat'),
  words(
    'pussy ?willows?|pussycat dolls|penistone|scunthorpe|cumberland|cumin|cum laude|magna cum laude|summa cum laude',
  ),
  words('naked (?:eye|juice|lunch|truth|ape)|the naked chef|escort (?:carrier|ship|mission|quest)|ford escort'),
  words(
    'kill (?:time|it)|killing it|killer (?:views?|karaoke|cocktails?|deal|playlist)|make (?:a|the) donation|donations? to (?:a |the )?(?:charity|shelter|food bank)',
  ),
];
