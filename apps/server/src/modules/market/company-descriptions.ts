/**
 * Short, plain descriptions of what each NIFTY 50 company does, written for this app (no source
 * text copied). Facts only: line of business, main segments; no figures that go stale.
 */
export const COMPANY_DESCRIPTIONS: Record<string, string> = {
  ADANIENT:
    'Adani Enterprises is the Adani Group’s flagship incubator, with businesses in airports, roads, mining services, coal trading, data centres and new-energy manufacturing.',
  ADANIPORTS:
    'Adani Ports and Special Economic Zone is India’s largest private port operator, running ports and terminals along the Indian coast and abroad, with logistics and SEZ businesses.',
  APOLLOHOSP:
    'Apollo Hospitals Enterprise runs a chain of multi-speciality hospitals in India, along with pharmacies, diagnostics, clinics and a digital health platform.',
  ASIANPAINT:
    'Asian Paints makes and sells decorative and industrial paints and coatings, and home décor products such as kitchens, bath fittings and furnishings.',
  AXISBANK:
    'Axis Bank is a private-sector bank offering retail, corporate and SME banking, cards, loans and treasury services across India.',
  'BAJAJ-AUTO':
    'Bajaj Auto makes motorcycles, scooters and three-wheelers, sold in India and exported to many countries, and has a growing electric-vehicle range.',
  BAJFINANCE:
    'Bajaj Finance is a non-banking finance company lending to consumers, small businesses and for property, and taking deposits.',
  BAJAJFINSV:
    'Bajaj Finserv is the holding company for the Bajaj group’s financial services: lending through Bajaj Finance and general and life insurance.',
  BEL: 'Bharat Electronics is a state-owned defence electronics maker producing radars, communication systems, electronic warfare equipment and avionics.',
  BHARTIARTL:
    'Bharti Airtel is a telecom operator providing mobile, broadband, enterprise and digital TV services in India and mobile services in Africa.',
  CIPLA:
    'Cipla is a pharmaceutical company making generic medicines, notably respiratory and anti-infective drugs, for India, the US and emerging markets.',
  COALINDIA:
    'Coal India is the state-owned coal miner and the largest coal producer in India, supplying mainly power plants.',
  DRREDDY:
    'Dr. Reddy’s Laboratories makes generic medicines, active pharmaceutical ingredients and branded drugs sold in the US, India, Europe and Russia.',
  EICHERMOT:
    'Eicher Motors makes Royal Enfield motorcycles and, through its joint venture with Volvo, commercial trucks and buses.',
  ETERNAL:
    'Eternal (formerly Zomato) runs the Zomato food-delivery app, the Blinkit quick-commerce service and dining-out and events businesses.',
  GRASIM:
    'Grasim Industries, an Aditya Birla Group company, makes viscose fibre and chemicals, paints, and holds UltraTech Cement and financial-services businesses.',
  HCLTECH:
    'HCL Technologies provides IT services, engineering and R&D services and software products to enterprises worldwide.',
  HDFCBANK:
    'HDFC Bank is India’s largest private-sector bank, offering retail and wholesale banking, loans, cards and treasury services; it merged with its parent HDFC Ltd in 2023.',
  HDFCLIFE:
    'HDFC Life Insurance sells life insurance, pension and savings products through bank partners, agents and online.',
  HINDALCO:
    'Hindalco Industries, an Aditya Birla Group company, produces aluminium and copper in India and owns Novelis, a maker of rolled aluminium products.',
  HINDUNILVR:
    'Hindustan Unilever, the Indian subsidiary of Unilever, sells home care, personal care, food and beverage brands.',
  ICICIBANK:
    'ICICI Bank is a private-sector bank providing retail, business and corporate banking, with subsidiaries in insurance, securities and asset management.',
  ITC: 'ITC makes cigarettes, packaged foods and personal care products, and has paperboard, packaging and agri-business operations.',
  INFY: 'Infosys provides IT consulting, software development, cloud and digital services and business process outsourcing to clients worldwide.',
  INDIGO:
    'InterGlobe Aviation operates IndiGo, India’s largest airline by passengers, flying a low-cost network of domestic and international routes.',
  JSWSTEEL:
    'JSW Steel produces flat and long steel products at integrated plants in India and is part of the JSW Group.',
  JIOFIN:
    'Jio Financial Services, demerged from Reliance Industries in 2023, offers lending, payments, insurance broking and asset-management services.',
  KOTAKBANK:
    'Kotak Mahindra Bank is a private-sector bank with retail and corporate banking, and subsidiaries in securities, insurance and asset management.',
  LT: 'Larsen & Toubro is an engineering and construction conglomerate building infrastructure, industrial plants and defence equipment, with IT services subsidiaries.',
  'M&M':
    'Mahindra & Mahindra makes utility vehicles, tractors and light commercial vehicles, and has interests in finance, IT services and holidays.',
  MARUTI:
    'Maruti Suzuki India, controlled by Suzuki Motor Corporation, is India’s largest passenger-car maker.',
  MAXHEALTH:
    'Max Healthcare Institute runs a network of hospitals, mainly in north India, with home-care and pathology services.',
  NTPC: 'NTPC is the state-owned power producer and India’s largest electricity generator, mostly from coal, with growing renewable capacity.',
  NESTLEIND:
    'Nestlé India, the Indian subsidiary of Nestlé, makes packaged foods and drinks such as noodles, dairy products, coffee and chocolates.',
  ONGC: 'Oil and Natural Gas Corporation is the state-owned explorer and producer of crude oil and natural gas in India, with refining through subsidiaries.',
  POWERGRID:
    'Power Grid Corporation of India is the state-owned company that builds and runs most of India’s inter-state electricity transmission network.',
  RELIANCE:
    'Reliance Industries is a conglomerate with businesses in oil refining and petrochemicals, retail, telecom and digital services (Jio), and new energy.',
  SBILIFE:
    'SBI Life Insurance, a State Bank of India subsidiary, sells life insurance and savings products, largely through SBI’s branches.',
  SHRIRAMFIN:
    'Shriram Finance is a non-banking finance company lending mainly for commercial vehicles, passenger vehicles, small businesses and gold.',
  SBIN: 'State Bank of India is the country’s largest bank, state-owned, offering retail, corporate and international banking through a nationwide network.',
  SUNPHARMA:
    'Sun Pharmaceutical Industries makes generic and speciality medicines and is India’s largest drug maker, selling in India, the US and other markets.',
  TCS: 'Tata Consultancy Services, part of the Tata Group, provides IT services, consulting and business solutions to clients worldwide.',
  TATACONSUM:
    'Tata Consumer Products sells tea, coffee, salt, pulses, packaged foods and beverages under Tata brands in India and abroad.',
  TMPV: 'Tata Motors Passenger Vehicles makes Tata passenger cars and electric vehicles and owns Jaguar Land Rover; it was formed when Tata Motors split off its commercial-vehicle business.',
  TATASTEEL:
    'Tata Steel is an integrated steel producer with plants in India and Europe, part of the Tata Group.',
  TECHM:
    'Tech Mahindra provides IT services, consulting and network services, with a large telecom-industry practice; it is part of the Mahindra Group.',
  TITAN:
    'Titan Company, a Tata Group company, makes and retails jewellery (Tanishq), watches, eyewear and fragrances.',
  TRENT:
    'Trent, a Tata Group company, runs fashion and lifestyle retail chains including Westside and Zudio, and Star hypermarkets.',
  ULTRACEMCO:
    'UltraTech Cement, an Aditya Birla Group company, is India’s largest maker of grey cement, ready-mix concrete and white cement.',
  WIPRO: 'Wipro provides IT services, consulting, cloud and engineering services to enterprises worldwide.',
  AAPL: 'Apple designs and sells iPhone, Mac, iPad, wearables and services such as the App Store, iCloud and Apple Music.',
  MSFT: 'Microsoft makes software and cloud services, including Windows, Office, Azure and LinkedIn, and the Xbox gaming business.',
  GOOGL:
    'Alphabet is the parent of Google (search, advertising, YouTube, Android, Google Cloud) and other ventures such as Waymo.',
  AMZN: 'Amazon runs online retail marketplaces, Amazon Web Services cloud computing, Prime subscriptions and advertising.',
  NVDA: 'NVIDIA designs graphics processors and accelerated-computing chips used in gaming, data centres and artificial intelligence.',
  TSLA: 'Tesla makes electric cars, battery energy-storage systems and solar products.',
  META: 'Meta Platforms runs Facebook, Instagram, WhatsApp and Messenger, earning mostly from advertising, and builds virtual and augmented reality devices.',
};

export const INDEX_DESCRIPTIONS: Record<string, string> = {
  NIFTY50: 'The NIFTY 50 tracks 50 large, liquid companies listed on the National Stock Exchange of India.',
  SENSEX: 'The BSE SENSEX tracks 30 large, well-established companies listed on BSE.',
  NIFTYBANK: 'The NIFTY BANK index tracks the most liquid and large Indian banking stocks listed on the NSE.',
  NIFTYIT: 'The NIFTY IT index tracks Indian information-technology companies listed on the NSE.',
};
