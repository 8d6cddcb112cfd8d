/**
 * What an answer does, beyond its grammar: the interviewer's dialogue acts. The text kit knows
 * parts of speech, lemmas and negation; it cannot know that "we just use a whiteboard" is a
 * workaround or that "next question" declines. These are the small named vocabularies for that,
 * each read by `vocabulary.test.ts` over real-sounding sentences.
 */

/** Something recurring: how often it happens. */
export const FREQUENCY =
  /\b(every (single )?(day|morning|evening|night|week|weekend|month|time|shift|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|each (day|week|month|time)|daily|weekly|monthly|always|often|usually|regularly|constantly|all the time|whenever|most (days|weeks|mornings)|times? a (day|week|month)|per (day|week|month)|twice|again and again)\b/i;

/** How they manage today without the product: paper, spreadsheets, phone rounds, hacks. */
export const WORKAROUND =
  /\b(workaround|work around|spreadsheet|excel|by hand|manually|on paper|paper|whiteboard|sticky notes?|post-its?|phone (call|them|around)|call (them|around|each)|(?:ring|call)(?:ing)? (?:them|round|around|patients|customers|clients|people|everyone)|text (them|each)|email (them|each)|copy(ing)? and past|we just|i just|instead|double[- ]book\w*|hack|manual(?: system| process)?|diar(?:y|ies)|notebooks?|cashbooks?|logbooks?)\b/i;

/**
 * What something would change, said as its effect: "this will help us plan staff", "to reduce
 * no-shows", "it would save hours". A question about what it would change is then answered.
 */
export const BENEFIT =
  /\b(would help|will help|could help|helps (?:me|him|her)|helps? (?:us|them|to|ensure|reduce|keep|make|improve|save|avoid)|so that|in order to|to (?:reduce|save|avoid|improve|prevent|cut|streamline|speed up|keep track)|reduc(?:e|es|ed|ing)|sav(?:e|es|ing) (?:time|money|hours|us)|improv\w+|more efficient\w*|efficiency|easier|faster|streamlin\w+|(?:would|will|could) (?:allow|let|enable|make|give|mean))\b/i;

/**
 * How it is done today, said as such: "currently we use a diary", "by pen and paper", "right now
 * I write it down". A question about how they manage today is then answered.
 */
export const TODAY =
  /\b(currently|right now|at the moment|at present|today|these days|nowadays|so far|manually|by hand|pen and paper|on paper|(?:we|i) (?:use|keep|write|note|do it|still|manage|handle)|not digitali[sz]ed)\b/i;

/** A feeling about the work, good or bad. */
export const FEELING =
  /\b(frustrat\w*|annoy\w*|stress\w*|hate|hated|love|loved|worr\w*|nightmare|painful|pain|scar\w*|confus\w*|anxious|angry|upset|happy|relieved|embarrass\w*|exhaust\w*|overwhelm\w*|tired of|fed up|awful|terrible|chaos|chaotic|mess)\b/i;

/**
 * Something that costs them or goes wrong, said without a feeling word: time lost, a wait, a slip,
 * a line that is always busy. A follow-up asks about it.
 */
export const TROUBLE =
  /\b(hard|difficult|complicated|problems?|lack(?:s|ing)?|struggl\w*|time[- ]consuming|tedious|slow|(?:do not|don't|does not|doesn't) (?:use|have) (?:any|a) (?:software|system|app|program|tool|computer)|(?:is|are|was|were|always|usually|often) busy|wast\w*|lose|loses|losing|lost|miss|misses|missed|forget\w*|waiting|on hold|chas\w*|mistakes?|errors?|double[- ]book\w*|takes? (?:me|us|them|hours|ages|forever)|not (?:always |very |that |so )?easy|(?:short|under|over)[- ]?staffed|tiring|exhausting|fail(?:s|ed|ing|ures?)?|crash(?:es|ed|ing)?|gave up|give up|giving up)\b/i;

/**
 * Offline only: a problem said in words `TROUBLE` does not read ("the main challenge", "it's often
 * inaccurate", "the data is out of date", "that doesn't work", "nobody trusts it", "cumbersome", "spends half of every morning on the phone");
 * how it is done today is not one.
 */
export const PROBLEM =
  /\b(?:challeng(?:e|es|ing)|headaches?|difficult(?:y|ies)|inaccura\w*|delay(?:s|ed)?|out of date|not up to date|(?:does not|doesn't|do not|don't|did not|didn't) work|annoy\w*|gets? lost|frustrat\w*|cumbersome|unreliable|(?:nobody|no one) trusts|(?:does not|doesn't|do not|don't|can't|cannot) trust|spends? (?:half|most|all|much) of (?:every|each|the|my|our|their) \w+|spends? (?:hours|ages|all day|all morning))\b/i;

/** The participant cannot answer (not someone else not knowing: "Patients don't know which slots are free"). */
export const UNSURE =
  /\b(not sure|unsure|(?<!\b(?:they|customers?|clients?|patients?|people|staff|users?|parents?|students?|he|she|nobody|no one)\s+(?:\w+\s+)?)(?:don'?t|do not) know|dunno|no idea|can't say|cannot say|hard to say|no clue|not certain|couldn't say)\b/i;

/**
 * The participant will not answer: "I'd rather not say", "Skip." (not a want said the other way
 * round: "I'd prefer not to get texts at night").
 */
export const DECLINE =
  /\b((?:rather|prefer) not(?: to)? (?:say|answer|share|comment|talk|discuss|go into|get into)|skip (this|that|it)|pass on (this|that)|no comment|not comfortable (?:answering|sharing|saying|talking|discussing)|can't share|cannot share|not my area|next question)\b|\b(?:rather|prefer) not\W*$|^\s*(skip|pass)[.!]?\s*$/i;

/** Hedges and fillers that say little. */
export const VAGUE =
  /\b(it depends|kind of|sort of|whatever|fine|ok|okay|so-so|things|stuff|various|some issues|somehow|i guess)\b/i;

/** An attempt to give the interviewer instructions. */
export const INJECTION =
  /\b(ignore (all |any |the |your )?(previous|prior|above|earlier)\b|system prompt|your (instructions|prompt|rules)|you are now|pretend (to be|you)|developer mode|jailbreak)\b|(?:^|[.!?]\s*|\b(?:and|then|now|please)\s+)(?:reveal|act as|disregard)\b/i;

/** Small talk that is not about the work. */
export const OFF_TOPIC =
  /\b(football|soccer|match|league|cricket|basketball|baseball|tennis|golf|weather|rain|sunny|holiday|vacation|weekend plans|movie|film|netflix|tv show|series|music|concert|lunch|dinner|recipe|favou?rite (team|colou?r|food|movie))\b/i;

/** Agreement with the read-back, in English and a few other languages it may be answered in. */
export const AFFIRM =
  /(?<!\p{L})(yes|yeah|yep|correct|right|exactly|spot on|that's it|sounds good|accurate|all good|sí|si|correcto|exacto|oui|exact|ja|genau|richtig)(?!\p{L})/iu;

/** A correction of the read-back. */
export const CORRECT =
  /\b(but|actually|except|not quite|wrong|missing|forgot|also|one more|correction|rather|instead|only)\b|^\s*no\b/i;

/** What kind of constraint a project states, by its words: who can speak to it follows from the kind. */
export const CONSTRAINT_KINDS = {
  technical:
    /\b(api|apis|integrat\w*|hosting|cloud|server|security|secure|encrypt\w*|data|database|performance|scale|latency|legacy|system|systems|stack|platform|offline|sync|backup|uptime|ios|android)\b/i,
  business:
    /\b(budget|cost|costs|price|pricing|deadline|launch|revenue|regulat\w*|legal|law|compliance|gdpr|hipaa|contract|licen[cs]\w*|staff|q[1-4]|months?|weeks?|quarter)\b/i,
  experience:
    /\b(accessib\w*|wcag|mobile|phones?|android|iphones?|devices?|screens?|language|languages|brand|font|elderly|older|children|simple|easy|clicks?|minutes?|offline|rural|signal)\b/i,
};
// ---- The participant asks the interviewer something (issue 27): answered, never taken as an answer ----

/** A request to hear the question again. */
export const REPEAT_REQUEST =
  /\b(repeat (that|the question|it|yourself)|say (that|it) again|come again|one more time|didn't (catch|hear) (that|it|you))\b|^\s*(sorry|pardon|huh|what)\s*\?\s*$/i;

/** A request to explain what was meant. */
export const MEANING_REQUEST =
  /\b(what do you mean|what did you mean|what does (that|this|it|the question) mean|what('s| is) meant by|i don'?t understand|i do not understand|not sure what you mean|don'?t get (the|your) question|what are you asking)\b/i;

/** A request for help with the answer. */
export const HELP_REQUEST =
  /\b((could|can|would|will) you help|help me (with|decide|choose|out)|any (ideas|suggestions))\b/i;

/**
 * A request for the interviewer's own view or judgement: "what would you recommend", "would that
 * be a solution for you?". The second half reads as one only in a question.
 */
export const OPINION_REQUEST =
  /\b(what would you (suggest|recommend|prefer|advise|do)|what do you (suggest|recommend|think)|do you think|your (own )?(opinion|view|take|preference))\b|\b(would (that|this|it) be (a |an )?(good|better|best|ok|okay|fine|enough|solution|idea|right)|is (that|this) (a |an )?(good|better|solution|idea|right)|(would|do) you (prefer|recommend|suggest|choose))\b.*\?\s*$/i;

/**
 * A guess at what the interviewer meant, put as a question: "So, you mean the bookings?", "Do you
 * mean the paper diary?", "Are you asking about prices?".
 */
export const CHECK_REQUEST =
  /\b((?<!what )(so|do|did) you mean|are you asking|you'?re asking|is that what you mean(t)?)\b.*\?\s*$|^\W*(so,?\s+)?you mean\b.*\?\s*$/i;

/**
 * Whether the interviewer needs anything more from them: "Do you need any other information from
 * me?", "Is there anything else you need?", "Brauchen Sie noch etwas von mir?".
 */
export const MORE_FROM_ME =
  /\b(?:(?:do|would) you need|is there anything (?:else|more) (?:you need|i can)|anything else (?:you need|from me)|(?:brauchen|benötigen) sie)\b|\bdie sie von mir (?:brauchen|benötigen)\b/i;

/** A request for a summary of what was said. */
export const SUMMARY_REQUEST = /\b(summary|summari[sz]e|recap|sum (it|that|this) up)\b/i;

/** A question about the language of the interview: "Can we talk in German?" */
export const LANGUAGE_REQUEST =
  /\b((talk|speak|answer|continue|write|do this) in (\p{Lu}\p{Ll}+|another language)|do you (speak|understand) \p{Lu}\p{Ll}+)/u;

/**
 * The participant says they are done: nothing more to add, or no more time. "That's all" counts at
 * the end of what they say (a thanks may follow), not inside a sentence ("that's all done by hand").
 */
export const DONE =
  /\b(?:that'?s|that is|that was) (?:all|everything|it)(?: (?:from me|i need|i have|for now|really))?(?:,? (?:thanks|thank you)\b[^.!?]*)?[.!]?\s*$|\bthat covers (?:it|everything|all|what i)\b|\bwe(?:'ve| have) covered (?:it all|everything|all of it|most of it|the main (?:points|things))\b|\b(nothing (else|more)( to add)?|no more (to add|questions)|i (have|need|'ve got) to go|(come|bring this|get) to an end|(let'?s|we can) (stop|finish|wrap up)|i'?m done|we'?re done|(?:we'?re|i'?m|we are|i am|we'?ve|i'?ve) (?:run |running )?out of time|time is running out|(?:can'?t|cannot|can not) think of (?:anything|something|more)|nothing (?:else )?comes to mind)\b/i;

/** A greeting and nothing else: the question it answers is still open. */
export const GREETING = /^\W*(?:hi|hello|hey|hiya|good (?:morning|afternoon|evening))(?: there)?\W*$/i;

/** Thanks for the conversation itself: the participant is taking their leave, though they may add more. */
export const FAREWELL =
  /\bthank(?:s| you)(?: \w+){0,2} for (?:this|the|your) (?:\w+ ){0,4}(?:discussion|conversation|interview|chat|talk|time)\b/i;

/** An answer that only agrees, and says nothing else: "Yes, that's right.", "Exactly." */
export const CONFIRM =
  /^\W*(?:(?:yes|yeah|yep|yup|sure|right|exactly|correct|indeed|absolutely|definitely|totally|true|agreed|of course|that'?s (?:right|correct|true)|that is (?:right|correct|true)|(?:no\W+)?that(?:'?s| is) (?:exactly |just )?what (?:i|we) (?:need|want)(?:ed)?|it is|i do|we do|i would|we would)\W*)+$/i;

/** An answer that only says no, and nothing else: "No.", "No, not really." */
export const DENY =
  /^\W*(?:(?:no|nope|nah|not really|not at all|none|not that i know of|i don'?t think so)\W*)+$/i;

/**
 * How the participant would judge success: "Success for me is …", "It would be a win if …", "For me
 * it works if …". The read-back says it, and a plan topic about success is then not asked.
 */
export const SUCCESS =
  /\b(success(?!ful)|(?<!\bif\b[^.!?]{0,40})(?:successful|succeed\w*)|(?:a|the) (?:clear |real |big )?win|worth it|(?:it|that) (?:works|would work|'d work) (?:for (?:me|us) )?if|we'?d know (?:it|this) (?:worked|works))\b/i;

/**
 * The words that state a need in a part of a sentence ("so it must sync with Cliniko"): which part
 * of "We use Cliniko for everything, so it must sync with it" the read-back says.
 */
export const NEED_CUE =
  /\b(?:want|wants|need|needs|would like|'d like|would love|'d love|prefer|wish|must|ha(?:s|ve) to|should|important|priority|would be (?:great|perfect|nice|ideal|good|helpful|best))\b/i;

/** A sentence about the speaker themselves (their role, their business), not about what they need. */
export const SELF_INTRO =
  /^\W*(?:(?:hi|hello|well|so|yes|yeah|ok|okay)\W+)*(?:(?:i'?m|i am) (?:a|an|the|working|responsible|in charge)|i own|i run|i work|i manage|i lead|i maintain|i handle|i look after|my (?:role|job|name) is|we are|we'?re a|our (?:business|company|salon|shop|practice|clinic) is)\b/i;

/**
 * Spoken fillers that carry nothing when a sentence is said back as a quote: at the start of a
 * sentence ("Yeah, so …", "I mean, …") or set off by commas inside it (", like, ").
 */
export const FILLER =
  /^(yeah|yep|so|well|okay|ok|um+|uh+|er+|ah+|oh|hmm+|and|but|also|like|i mean|you know|basically|actually|alright)$/i;

/** Answers that carry nothing at the start of a quote when a comma follows them ("No, I think …"). */
export const ANSWER_WORD = /^(yes|no|right|sure|exactly|true)$/i;

/** Names written with a capital though WordNet knows them as words. */
export const CALENDAR_NAMES =
  /^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December|Christmas|Easter)s?$/;

/** Nouns used without an article though they are singular ("What would software change?"). */
export const MASS_NOUNS = new Set([
  "software",
  "hardware",
  "equipment",
  "furniture",
  "stock",
  "inventory",
  "paper",
  "paperwork",
  "mail",
  "email",
  "data",
  "information",
  "feedback",
  "staff",
  "payroll",
  "access",
  "support",
  "advice",
  "help",
  "money",
  "time",
  "work",
  "training",
  "traffic",
  "storage",
  "insurance",
  "parking",
  "transport",
  "availability",
  "pricing",
  "revenue",
]);

export const VOCABULARIES = {
  frequency: FREQUENCY,
  workaround: WORKAROUND,
  benefit: BENEFIT,
  today: TODAY,
  feeling: FEELING,
  trouble: TROUBLE,
  unsure: UNSURE,
  decline: DECLINE,
  vague: VAGUE,
  injection: INJECTION,
  offTopic: OFF_TOPIC,
  affirm: AFFIRM,
  correct: CORRECT,
  repeat: REPEAT_REQUEST,
  meaning: MEANING_REQUEST,
  help: HELP_REQUEST,
  opinion: OPINION_REQUEST,
  check: CHECK_REQUEST,
  summary: SUMMARY_REQUEST,
  moreFromMe: MORE_FROM_ME,
  language: LANGUAGE_REQUEST,
  done: DONE,
  greeting: GREETING,
  farewell: FAREWELL,
  confirm: CONFIRM,
  deny: DENY,
  success: SUCCESS,
  selfIntro: SELF_INTRO,
  needCue: NEED_CUE,
} as const;

export type Reading = keyof typeof VOCABULARIES;

/** Every vocabulary a text matches, in the order above. */
export const readingsOf = (text: string): Reading[] =>
  (Object.keys(VOCABULARIES) as Reading[]).filter((name) => VOCABULARIES[name].test(text));

/** The speaker's pronouns as said to them: "I" → "you", "our" → "your". */
export const FIRST_TO_SECOND: Readonly<Record<string, string>> = {
  i: "you",
  me: "you",
  my: "your",
  mine: "yours",
  myself: "yourself",
  we: "you",
  us: "you",
  our: "your",
  ours: "yours",
  ourselves: "yourselves",
};

/** Nothing more to add, said another way: "I can't think of anything.", "No, that's all.". */
export const NO_MORE =
  /\b(?:can'?t|cannot) think of (?:any|some)thing\b|^\W*no\b[^.!?]*\b(?:that'?s (?:all|it|everything)|nothing)\b|\bnothing (?:else|more)\b/i;

/** They say they are adding something: "One more thing: …", "Another thing is …". */
export const ONE_MORE = /\b(?:one more thing|another thing|one other thing|something else)\b/i;

/**
 * A timeline or a budget for the project itself ("implement the new system within the next three
 * months", "ideally under $10,000"): worth noting, but nothing the system should do.
 */
export const PLANNING =
  /\b(?:budget|investment|under [$€£]\s?\d|(?:implement|launch|roll out|go live|switch over|(?:have|get) (?:it|the (?:new )?system) (?:up|running|ready|in place|live))\b.*\b(?:within|by|in the next|before)\b)/i;

/**
 * An order among several things they asked for: "… is the highest priority, followed by …",
 * "… can follow", "waitlists being the lowest priority".
 */
export const RANKING =
  /\b(?:followed by|(?:second|third|lowest|least) priorit\w*|can follow|comes? (?:second|next|after|last))\b/i;

/** A risk to the work said as one: "which could block us", "the main timeline risk". */
export const RISK =
  /\b(?:could|might|may|would) (?:block|delay|hold up|derail|stall) (?:us|the (?:launch|release|project|work))\b|\b(?:main|biggest|real|timeline) risk\b/i;

/** A rule others set: "Union rules say …", "only managers have access", "not allowed". */
export const RULE_SAID =
  /\b(?:rules?|polic(?:y|ies)|law|regulations?|contracts?)\b[^.!?]*\b(?:says?|requires?|forbids?|means?|cannot|can'?t|must|only)\b|\bonly (?:\w+ )?(?:have|has|get|gets) access\b|\bnot allowed\b/i;

/** A sign-off the work needs: "The regional director signs off anything above 50k". */
export const SIGN_OFF = /\bsigns? off\b|\b(?:has|have|needs?) to be approved\b|\bneeds? (?:\w+ )?approval\b/i;

/** Where a release is drawn: "First release is reminders only", "… is out of scope". */
export const SCOPE_SAID =
  /\b(?:first|initial) (?:release|version|phase)\b[^.!?]*\b(?:only|is out|are out|excluded|not (?:in|part of))\b|\bout of scope\b/i;

/** How long a step the work waits on takes: "GDPR review takes six weeks here". */
export const LEAD_TIME =
  /\b(?:review|approval|procurement|audit|sign-off|onboarding)\b[^.!?]*\btakes? (?:about |around )?\w+ (?:days|weeks|months)\b/i;

/**
 * A limit on what it may cost ("it shouldn't be too expensive", "no more than the phone system
 * costs"): a bound, not a want or a trouble: "What would that change for you?" does not fit it.
 */
export const COST_LIMIT =
  /\b(?:(?:should(?:n'?t| not)|must(?:n'?t| not)|not)\W+(?:be\W+)?(?:too|to)\W+(?:expensive|costly|pricey)|(?:no|not) more than\b[^.!?]*\b(?:costs?|pay|spend|budget)|(?:don'?t|do not|can'?t|cannot) (?:want to )?(?:spend|pay|afford) (?:more|much|a lot))\b/i;

/** Words that weigh what the other side said: "what you said", "your idea", "like you said". */
export const ABOUT_YOURS =
  /\b(?:what you said|like you said|as you said|your (?:idea|suggestion|proposal|point))\b/i;

/** What a participant puts first: "the must-have", "the most important", "our top priority". */
/** Why, said with it: "… is first, as it ensures …", "because …". */
export const REASON_GIVEN =
  /\b(?:because|since|as (?:it|they|this|that)|so that|to (?:make|keep|ensure|avoid))\b/i;

export const PRIORITY =
  /\b(?:must-have|must have|most important|(?:highest|top|first|main) priorit(?:y|ies))\b/i;
