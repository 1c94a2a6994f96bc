import type { Period } from '@nivesh/shared';
import type { ConceptId } from '../saytrix.parsed.js';

// The grammar's word lists: one regular expression per cue, read by the rules in order.

/** Every screen of apps/web/src/app/router.tsx; the first pattern that matches wins (specific first). */
export const ROUTES: Array<[RegExp, string]> = [
  [/\b(dashboard|home|home page|main page|main screen)\b/, '/dashboard'],
  [/\b(leaderboard|leader board|rankings?|ranks?)\b/, '/leaderboard'],
  [/\b(tax reports?|reports?|tax statements?|capital gains report|p&l report|pnl report)\b/, '/reports'],
  [/\b(insights?|habits?|trading habits)\b/, '/insights'],
  [
    /\b(journal|trade journal|trades journal|my trades|trades page|trades|trade list|trades list)\b/,
    '/trades',
  ],
  [/\b(price alerts?|alerts?)\b/, '/alerts'],
  [/\bnotifications?\b/, '/notifications'],
  [/\bcharts?\b|\bcharting\b|\bgraphs?\b/, '/charts'],
  [/\b(options? lab|option chains?|options? (page|screen|trading)|f&o (page|screen))\b/, '/options'],
  [/\bportfolio\b|\bholdings\b/, '/portfolio'],
  [/\bwatchlists?\b/, '/watchlist'],
  [/\border(s| book)?\b(?! history)/, '/orders'],
  [/\b(history|transactions?|trade history|transaction history|fills)\b/, '/history'],
  [/\bnews\b/, '/news'],
  [/\b(saytrix|chat|assistant|chatbot)\b/, '/saytrix'],
  [/\b(profile|my account)\b/, '/profile'],
  [/\bsettings?\b|\bpreferences\b/, '/settings'],
  [
    /\b(trading|trade page|trade screen|terminal|trading screen|(buy|sell) and (buy|sell)|where i can (buy|sell|trade)|(want|like|need) to (buy|sell|trade)\b.*\btake me|to trade)\b/,
    '/trading',
  ],
];

export const CONCEPTS: Array<[RegExp, ConceptId]> = [
  [/\b(order types?|types of orders?|kinds of orders?)\b/, 'order-types'],
  [/\bmarket orders?\b/, 'market-order'],
  [/\blimit (orders?|price)\b/, 'limit-order'],
  [/\b(stop ?loss|stop orders?|stop-loss|sl orders?|trigger price|stop limit)\b/, 'stop-order'],
  [/\b(stt|securities transaction tax)\b/, 'stt'],
  [/\bgst\b/, 'gst'],
  [/\bexchange (transaction )?(charges?|fees?)\b/, 'exchange-charge'],
  [/\bsebi (fees?|charges?|turnover)\b/, 'sebi-fee'],
  [/\bstamp duty\b/, 'stamp-duty'],
  [/\b(brokerage|commission)\b/, 'brokerage'],
  [/\b(charges|fees|taxes|fee structure)\b/, 'charges'],
  [/\btick( size)?\b/, 'tick-size'],
  [/\b(price band|circuit|circuits|upper circuit|lower circuit|circuit limit)\b/, 'price-band'],
  [/\b(gtc|good till cancel(led)?|good til cancel(led)?|day orders?|order validity|validity)\b/, 'gtc-day'],
  [/\b(pe|p\/e|pe ratio|p e ratio|price to earnings|price earnings)\b/, 'pe'],
  [
    /\b(paper trading|virtual money|virtual trading|real money|simulated market|simulation)\b/,
    'paper-trading',
  ],
  [
    /\b(market hours|market timings?|trading hours|is the market open|market open|market closed?|when does the market (open|close))\b/,
    'market-hours',
  ],
  [/\b(pnl|profit and loss|unrealised|unrealized|realised|realized)\b/, 'pnl'],
  [/\b(average price|avg price|average cost)\b/, 'average-price'],
  [/\b(reserved|blocked|locked|tied up) (cash|amount|money|funds|shares)?\b/, 'reserved'],
  [/\b(52|fifty two)[ -]?(week|wk|weeks) (high|low)s?\b/, 'week52'],
  [/\b(moving averages?|dma|sma|ema)\b/, 'moving-average'],
  [/\b(market cap|market capitali[sz]ation|mcap)\b/, 'market-cap'],
  [/\b(cnc|mis|intraday trading|delivery trading|intraday and delivery|delivery and intraday)\b/, 'product'],
];

export const PERIODS: Array<[RegExp, Period]> = [
  [/\b(5|five) ?(y|yr|yrs|years?)\b/, '5Y'],
  [/\b(1|one) ?(y|yr|year)\b|\b(12|twelve) months?\b|\byearly\b|\b(a|this|past|last) year\b|\byear\b/, '1Y'],
  [/\b(6|six) ?(m|months?)\b|\bhalf (a )?year\b/, '6M'],
  [/\b(3|three) ?(m|months?)\b|\bquarter\b/, '3M'],
  [/\b(1|one) ?(m|month)\b|\b(a|this|past|last) month\b|\bmonthly\b|\bmonth\b/, '1M'],
  [/\b(5|five) ?(d|days?)\b|\b(a|this|past|last|1) week\b|\bweekly\b|\bweek\b/, '5D'],
  [/\b(1|one) ?(d|day)\b|\btoday\b|\bintraday\b|\bday\b/, '1D'],
];

export const GREETING =
  /^(hi+|hello+|hey+|hii+|helo|namaste|namaskar|hola|yo|good (morning|afternoon|evening|night)|thanks?|thank you|thank u|thanx|thnx|thx|ty|tysm|shukriya|shukria|dhanyavaad|dhanyavad|dhanyawad|dhanyawaad|thanks a lot|ok|okay|cool|great|bye|goodbye|see you|how are you|how r you|how are you doing|kaise ho|kaisa hai|kya haal hai)( (there|saytrix|again|buddy|friend|so much|a lot|very much|you|ji|thanks|thank you))*$/;
export const HELP =
  /\b(help|what can you( do)?|what can i ask|what do you do|how (do|can) i use (you|this|saytrix)|who are you|what are you|your (features|commands)|commands|capabilities|how does this work|what all can you|how can you help|what are you capable of|kya (kya )?(kar|karte|karti) (sakte|sakta|sakti|ho)|(tum|aap) kya (kya )?(kar|karte|karti))\b/;
export const TIP =
  /\b(should i (buy|sell|invest|hold|exit|book)|good (buy|investment|stock|share|time to (buy|sell|invest))|worth (buying|investing|it)|will (it|the|this|that|[a-z&-]+) (go|rise|fall|crash|drop|grow|increase|decrease|reach|hit|double|recover)|(go|going) (up|down) tomorrow|predict|prediction|forecast|target price|price target|recommend|recommendation|suggest( me)?( a| some| any)? (stock|share)s?|which (stock|share)s? (should|to|can)|best (\w+ ){0,2}(stocks?|shares|funds|mutual funds|sips?) (to|for)|multibagger|tips?|hot stocks?|sure shot|kya lena|what to buy|where (should|to) i invest|future of|will (double|triple|multiply|rise|fall|crash|go up|go down|moon)|double (next|in|by)|next multibagger|(smart|wise|good idea|right time|safe) to (buy|sell|invest|exit|put|park|keep)|(put|invest|park|keep) (all )?(my|our) (savings|life savings|salary|pf|provident fund|retirement|money)|(group|psu) (shares|stocks|companies)\b.*\b(should|good|safe|worth)|\bshould i\b.*\b(group|psu) (shares|stocks|companies))\b/;
export const ALERT =
  /\b(alert|alerts|notify|remind|ping me|tell me when|let me know when|let me know if|inform me|tell me if)\b/;
export const BUY =
  /\b(buy|purchase|acquire|invest|go long|add (\d+ )?shares|pick up|get me)\b|\badd \d+ (more )?\w+( \w+)?( \w+)? to (my )?(portfolio|holdings?|position|stake)\b/;
export const SELL =
  /\b(sell|dump|exit|offload|square off|get rid of|liquidate|book profits?|short|close out|close (my |the |this )?(STOCK )?(position|holding|stake))\b/;
export const PAST_TRADE =
  /\b(did i (buy|sell|trade)|have i (bought|sold|traded)|i (bought|sold)|bought|sold|my (recent |last |past )?(trades|transactions|purchases|sales|buys|sells|fills|executed trades))\b/;
export const NAV_VERB =
  /\b(go to|goto|go back to|go(?= (back )?home\b)|open|take me to|take me|navigate to|switch to|visit|launch|jump to|bring up|show me the|load|head to)\b/;
export const FEES_PAID =
  /\b(fees?|charges|brokerage|taxes|stt) (did|have) i (pay|paid)|(fees?|charges|brokerage) (i )?paid|paid (in|as) (fees|charges|brokerage)|spent on (fees|charges)|total (fees|charges) (paid|so far)|my (total |overall )?(fees|charges|brokerage)\b|(did|have) i (pay|paid|spend|spent) (in |on )?(fees|charges|brokerage)\b/;
export const FEES =
  /\b(fees?|charges?|brokerage|commission|costs?|stt|gst|stamp duty|taxes|how much (will|would|does|do|is) it cost|cost me|total cost|would it cost|will it cost|kitna lagega|lagega|(tax|taxes) (will|would|do|does) i pay|pay (any )?(tax|taxes)|tax (on|for|if|when) (selling|buying|i sell|i buy|sale|sales|profits?|gains?|shares|stocks|delivery|intraday))\b/;
/** "how much", "kitna": the question asks for an amount, not a definition. */
export const HOW_MUCH =
  /\b(how much|how many rupees|kitna|kitni|kitne|what will i pay|what do i pay|vs|versus|compared to)\b/;
export const EXPLAIN =
  /\b(what is|what's|what are|explain|meaning|means|define|definition|how does|how do|tell me about|difference between|what does|kya hota|matlab|understand)\b/;
export const COMPARE = /\b(compare|comparison|vs|versus|against|difference between|better)\b/;
export const NEWS =
  /\b(news|headlines?|happening (with|at|in)|updates? (on|about|for)|latest (on|about|for)|announcements?|what's new|anything new)\b/;
/**
 * A company's consumer service, not its stock ("recharge my airtel number", "order a biryani from
 * swiggy", "fd interest rate at sbi"): out of the app's domain unless a stock word is there too.
 */
export const CONSUMER_SERVICE =
  /\b(recharge|biryani|pizza|burger|food|meal|groceries|ticket|tickets|flight|flights|cab|taxi|ride|driver|uber|ola|auto rickshaw|recipe|cook|cooking|glasses|spectacles|watch for my|gift for|fd|fixed deposit|interest rates?|loan|emi|credit card|debit card|savings account|sim|data pack|mobile number|phone number|customer care|atm(?! (straddle|strikes?|options?|calls?|puts?|ce|pe|iv)))\b/;
/** Commodities and coins: not instruments of this app. */
export const NOT_AN_INSTRUMENT =
  /\b(gold|silver|platinum|crude|crude oil|petrol|diesel|copper|bitcoin|btc|ethereum|crypto|dogecoin)\b/;
export const MOVERS =
  /\b(gainers?|losers?|top (performers?|stocks|shares|movers|gaining|losing)|most active|most traded|biggest (movers|gainers|losers|fallers|winners)|movers|top (gain|loss)|(stocks|shares) (going|that are|which are|are) (up|down)|what's (up|hot|trending) today|(what's|whats|what is|which stocks are|what are) (rallying|surging|soaring|flying|crashing|tanking|sinking|falling|rising)|(went|gone|going|moved|rose|fell|jumped|dropped) (up |down )?(the )?most|up the most|down the most|trending stocks|top fallers|laggards|highest volume|worst performers|best performers|most volume|(best|worst|top) performing (stocks|shares)|gainrs|gainerz|loosers|losrs|(sabse|sab se) (zyada|jyada|zyaada|jada)\b.*\b(chad\w*|gir\w*|toot\w*|tut\w*)|(which|kaun ?se|kaunsa|kaun sa) (stocks|shares)\b.*\b(chad\w*|gir\w*|toot\w*|tute|tuta)|top \d+ (stocks|shares|gainers|losers|movers|companies)|(stocks?|shares|companies|names) (that|which) (have |are |were )?(rose|risen|fell|fallen|gained|lost|crashed|jumped|dropped|surged|tanked|rallied|soared|plunged|went up|went down|are up|are down|moved)|(any|which|what) (stocks?|shares|companies) (rose|fell|gained|lost|crashed|jumped|dropped|surged|tanked|rallied|soared|plunged|went up|went down|moved))\b/;
export const ORDERS =
  /\b(orders?|order status|pending orders?|open orders?|did my order|executed|unfilled|order book)\b/;
export const TRANSACTIONS =
  /\b(transactions?|trades?|trade history|fees paid|charges paid|paid in (fees|charges)|spent on (fees|charges)|history|bought|sold|purchases|fills)\b/;
export const CASH =
  /\b(cash|balance|funds?|buying power|money|margin|wallet|purchasing power|how much can i (invest|spend|buy)|available to (trade|invest)|rupees|rupay|rupaye)\b/;
export const HOLDING_WORDS =
  /\b(my|i own|i have|i hold|do i (have|own|hold)|am i (losing|making|gaining|in (profit|loss))|position|holding|holdings|shares do i|am i (up|down)|profit|loss|pnl|invested in|bought at|average|avg)\b/;
export const PORTFOLIO =
  /\b(portfolio|holdings|my stocks|my shares|my investments?|net worth|pnl|profit|loss|how am i doing|my returns?|returns|invested|best performing|worst performing|top holding|biggest holding|my positions|positions|overall|(made|earned|lost|gained)|(stocks|shares) (do i|i) (own|have|hold)|did i (make|lose|earn|gain)|what do i (own|hold)|my (best|worst|top|biggest) (stock|share|holding|position|performer)s?|(best|worst) (holding|performer|position)s?|holding)\b/;
export const MARKET_WORDS = /\b(market|markets|index|indices|indexes|share bazaar|bazaar|dalal street)\b/;
export const FOLLOW_UP = /^(and|what about|how about|also|same for|then|aur|or) /;

/**
 * Terms a learner asks the meaning of. Unlike CONCEPTS they are explained only when the sentence
 * asks what the term is ("what is a dividend", "ipo kya hai", "define sip", "how do options work"):
 * "highest volume stocks" is a screen and "my gtts" a list, not a definition.
 */
export const LEARNER_TERMS: Array<[RegExp, ConceptId]> = [
  [/\b(dividends?|ex[- ]?dividend|record date|dividend yield)\b/, 'dividend'],
  [/\b(ipos?|initial public offerings?|public issues?)\b/, 'ipo'],
  [/\b(sips?|systematic investment plans?)\b/, 'sip'],
  [
    /\b(short[- ]?sell(ing)?|shorting|going short|short positions?|short a (stock|shares))\b/,
    'short-selling',
  ],
  [/\b(settlements?|t ?\+? ?[12]|t ?plus ?(one|1|two|2))\b/, 'settlement'],
  [/\b(bull(s|ish)?|bear(s|ish)?|bull market|bear market)\b/, 'bull-bear'],
  [/\b(volumes?|trading volume)\b/, 'volume'],
  [
    /\b(f ?& ?o|f and o|fno|futures?|options?|derivatives?|calls? and puts?|(call|put) options?)\b/,
    'derivatives',
  ],
  [/\b(gtts?|good till triggered|good til triggered)\b/, 'gtt'],
  [/\b((stock|share) splits?|splits?|bonus (issues?|shares))\b/, 'split-bonus'],
  [/\b(demat( accounts?)?|dematerial\w*)\b/, 'demat'],
  [/\b(mutual funds?|nav)\b/, 'mutual-fund'],
  [/\b(diversif\w*)\b/, 'diversification'],
  [/\b(bid price|ask price|bid and ask|bid ask|bid-ask|spread|offer price)\b/, 'bid-ask'],
  [/\b(volatil\w*)\b/, 'volatility'],
  [/\b(intraday|delivery|cnc|mis)\b/, 'product'],
];
/** "what is a share", "what are stocks": the whole question is the word. */
export const SHARE_TERM = /^(a |an |the )?(shares|stocks?|equity|equities|share market|stock market)$/;

/**
 * Subjects no part of the app answers: tax filing, entertainment, health, personal chit-chat, a
 * telecom plan. Out of domain unless a stock word says a listed company is meant.
 */
export const OFF_TOPIC =
  /\b(itr|income tax returns?|tax returns?|file (my |an? )?(income )?tax(es)?|(filing|file) (of )?(my )?(income )?tax(es)?|tax filing|form 16|pan card|aadhaa?r|passport|movies?|films?|web series|netflix|hotstar|songs?|bollywood|lose weight|losing weight|weight loss|belly fat|lose fat|diet|workout|gym|calories|yoga|weather|raining|mausam|garmi|sardi|thand|baarish|barish|temperature outside|cricket score|ipl|are you (married|single|human|a human|a real person|a boy|a girl|male|female)|will you marry|marry me|girlfriend|boyfriend|how old are you|your age|where do you live|tell me a joke|capital (city )?of|what time is it|(what's|what is) the time|time (in|at) (london|new york|dubai|tokyo|singapore|[a-z]+ right now)|who is the (prime minister|president|pm|chief minister|cm)|sing a song|write a poem)\b/;
/** A telecom plan or recharge: out of domain even though the operator is also a listed company. */
export const TELECOM_PLAN =
  /\b(jio|airtel|vodafone|idea|vi|bsnl)\b.*\b(plans?|recharge|data pack|sim|network|5g|prepaid|postpaid)\b/;
/** Opening a real account or using another broker: Nivesh is paper trading and cannot. */
export const REAL_ACCOUNT =
  /\b(open|opening|create|start|get) (a |an |my |new )?(real |new |actual |live )?(demat|trading|brokerage|broking)( and trading)? accounts?\b|\b(zerodha|upstox|groww|angel one|angel broking|5paisa|dhan app|kite app)\b/;
