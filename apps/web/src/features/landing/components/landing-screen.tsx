import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { BarChart3, Bot, GraduationCap, Menu, ShieldCheck, TrendingUp, Wallet, X } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { isShipped, type ShippedFeature } from '../../../lib/shipped-features';
import { ContactForm } from './contact-form';
import { AssistantIllustration, ChartIllustration, DashboardIllustration } from './showcase-illustrations';

/** The navigation takes its styled look after 50 px of scroll. */
const SCROLL_STYLE_THRESHOLD = 50;

const NAV = [
  ['#features', 'Features'],
  ['#about', 'About'],
  ['#contact', 'Contact'],
] as const;

interface Feature {
  icon: typeof Bot;
  title: string;
  text: string;
  /** Shown only once this feature has shipped. */
  needs?: ShippedFeature;
}

/** The landing page claims only what the app does: cards for unshipped features stay out. */
const ALL_FEATURES: Feature[] = [
  {
    icon: TrendingUp,
    title: 'NSE & BSE Market',
    text: 'Trade the NIFTY 500 on a market that moves like the real one, built on real NSE price history — or on live data when your server is connected to a provider.',
  },
  {
    icon: Wallet,
    title: 'Virtual ₹10,000 Portfolio',
    text: 'Start with ₹10,000 of virtual money. Every order pays realistic Indian brokerage, STT and GST, itemised on each trade.',
  },
  {
    icon: Bot,
    title: 'Saytrix AI Assistant',
    text: 'Ask Saytrix about your holdings and quotes by chat or by voice, and let it take you to the right screen.',
    needs: 'assistant',
  },
  {
    icon: BarChart3,
    title: 'Detailed Stock Analysis',
    text: isShipped('news')
      ? 'Candlestick charts with indicators, company profiles and market news for the stocks you follow.'
      : 'Candlestick charts with indicators, company profiles and watchlists for the stocks you follow.',
  },
];
const FEATURES = ALL_FEATURES.filter((f) => !f.needs || isShipped(f.needs));

const SHOWCASE = [
  {
    title: 'Your dashboard',
    text: 'Cash, holdings and profit and loss at a glance.',
    Illustration: DashboardIllustration,
  },
  {
    title: 'Interactive charts',
    text: 'Candles, volume and indicators for every stock.',
    Illustration: ChartIllustration,
  },
  ...(isShipped('assistant')
    ? [
        {
          title: 'Saytrix assistant',
          text: 'Answers from your own portfolio and live quotes.',
          Illustration: AssistantIllustration,
        },
      ]
    : []),
];

const STORIES = [
  {
    name: 'A first-time investor',
    text: 'I wanted to understand how a market order and a limit order differ before putting real savings in. Practising with virtual money let me make my mistakes for free.',
  },
  {
    name: 'A college student',
    text: 'Seeing brokerage, STT and GST on every trade showed me why frequent small trades add up. The fees were the lesson I did not expect.',
  },
];

export function LandingScreen() {
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLL_STYLE_THRESHOLD);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const scrollTo = (hash: string) => {
    setMenuOpen(false);
    document.querySelector(hash)?.scrollIntoView({ behavior: 'smooth' });
  };

  return (
    <div className="bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header
        data-scrolled={scrolled}
        className={cn(
          'fixed inset-x-0 top-0 z-40 transition-all',
          scrolled ? 'bg-white/95 shadow-md backdrop-blur dark:bg-slate-900/95' : 'bg-transparent',
        )}
      >
        <nav aria-label="Primary" className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
          <Link to="/" className="flex items-center gap-2 text-xl font-bold">
            <span className="inline-flex size-9 items-center justify-center rounded-lg bg-indigo-600 text-white">
              <TrendingUp aria-hidden="true" className="size-5" />
            </span>
            Nivesh
          </Link>
          <div className="hidden items-center gap-6 md:flex">
            {NAV.map(([href, label]) => (
              <a
                key={href}
                href={href}
                className="text-sm font-medium text-slate-700 hover:text-indigo-700 dark:text-slate-200 dark:hover:text-indigo-300"
              >
                {label}
              </a>
            ))}
            <Link
              to="/login"
              className="text-sm font-medium text-slate-700 hover:text-indigo-700 dark:text-slate-200"
            >
              Sign In
            </Link>
            <Link
              to="/signup"
              className="rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700"
            >
              Get Started
            </Link>
          </div>
          <button
            type="button"
            className="rounded-lg p-2 md:hidden"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls="landing-mobile-menu"
            onClick={() => setMenuOpen((o) => !o)}
          >
            {menuOpen ? (
              <X aria-hidden="true" className="size-6" />
            ) : (
              <Menu aria-hidden="true" className="size-6" />
            )}
          </button>
        </nav>
        {menuOpen ? (
          <div
            id="landing-mobile-menu"
            className="border-t border-slate-200 bg-white px-4 py-3 md:hidden dark:border-slate-800 dark:bg-slate-900"
          >
            <ul className="space-y-1">
              {NAV.map(([href, label]) => (
                <li key={href}>
                  <a
                    href={href}
                    onClick={() => setMenuOpen(false)}
                    className="block rounded px-2 py-2 font-medium"
                  >
                    {label}
                  </a>
                </li>
              ))}
              <li>
                <Link to="/login" className="block rounded px-2 py-2 font-medium">
                  Sign In
                </Link>
              </li>
              <li>
                <Link
                  to="/signup"
                  className="mt-1 block rounded-lg bg-indigo-600 px-2 py-2 text-center font-semibold text-white"
                >
                  Get Started
                </Link>
              </li>
            </ul>
          </div>
        ) : null}
      </header>

      <main>
        <section className="bg-gradient-to-br from-indigo-50 via-white to-emerald-50 px-4 pb-20 pt-32 dark:from-slate-950 dark:via-slate-900 dark:to-slate-950">
          <div className="mx-auto max-w-4xl text-center">
            <p className="mb-4 inline-block rounded-full bg-indigo-100 px-3 py-1 text-sm font-medium text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200">
              Paper trading for Indian markets · no real money
            </p>
            <h1 className="text-4xl font-extrabold tracking-tight sm:text-6xl">
              Master the Markets with Confidence
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-700 dark:text-slate-300">
              Learn to invest in NSE and BSE stocks with ₹10,000 of virtual money, realistic fees
              {isShipped('assistant') ? ' and an AI assistant by your side' : ' and live charts'}.
            </p>
            <div className="mt-10 flex flex-wrap justify-center gap-4">
              <Link
                to="/signup"
                className="rounded-lg bg-indigo-600 px-6 py-3 text-base font-semibold text-white shadow hover:bg-indigo-700"
              >
                Get Started
              </Link>
              <button
                type="button"
                onClick={() => scrollTo('#features')}
                className="rounded-lg border border-slate-300 bg-white px-6 py-3 text-base font-semibold text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
              >
                View Demo
              </button>
            </div>
          </div>
        </section>

        <section id="features" aria-labelledby="features-title" className="scroll-mt-16 px-4 py-20">
          <div className="mx-auto max-w-6xl">
            <h2 id="features-title" className="text-center text-3xl font-bold">
              Everything you need to learn trading
            </h2>
            <ul
              className={cn(
                'mt-12 grid gap-6 sm:grid-cols-2',
                FEATURES.length === 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-3',
              )}
            >
              {FEATURES.map(({ icon: Icon, title, text }) => (
                <li key={title} className="rounded-xl border border-slate-200 p-6 dark:border-slate-800">
                  <Icon aria-hidden="true" className="size-8 text-indigo-600 dark:text-indigo-400" />
                  <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                  <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section
          id="about"
          aria-labelledby="about-title"
          className="scroll-mt-16 bg-slate-50 px-4 py-20 dark:bg-slate-900"
        >
          <div className="mx-auto grid max-w-6xl items-center gap-10 md:grid-cols-2">
            <div>
              <h2 id="about-title" className="text-3xl font-bold">
                About Nivesh
              </h2>
              <p className="mt-4 text-slate-700 dark:text-slate-300">
                Nivesh is a paper-trading platform for learners and experienced retail investors in India. You
                place real-looking orders on a realistic market, see exactly what each trade would cost, and
                track your progress — without risking a rupee.
              </p>
              <ul className="mt-6 space-y-3 text-slate-700 dark:text-slate-300">
                <li className="flex gap-3">
                  <GraduationCap
                    aria-hidden="true"
                    className="size-5 shrink-0 text-emerald-700 dark:text-emerald-400"
                  />{' '}
                  Built for learning: every number comes from the market, never made up.
                </li>
                <li className="flex gap-3">
                  <ShieldCheck
                    aria-hidden="true"
                    className="size-5 shrink-0 text-emerald-700 dark:text-emerald-400"
                  />{' '}
                  Secure accounts with two-factor authentication.
                </li>
              </ul>
            </div>
            <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-800">
              <DashboardIllustration />
            </div>
          </div>
        </section>

        <section aria-labelledby="showcase-title" className="px-4 py-20">
          <div className="mx-auto max-w-6xl">
            <h2 id="showcase-title" className="text-center text-3xl font-bold">
              A look inside the platform
            </h2>
            <ul
              className={cn('mt-12 grid gap-6', SHOWCASE.length === 3 ? 'md:grid-cols-3' : 'md:grid-cols-2')}
            >
              {SHOWCASE.map(({ title, text, Illustration }) => (
                <li key={title} className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
                  <Illustration />
                  <h3 className="mt-4 font-semibold">{title}</h3>
                  <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section aria-labelledby="stories-title" className="bg-slate-50 px-4 py-20 dark:bg-slate-900">
          <div className="mx-auto max-w-4xl">
            <h2 id="stories-title" className="text-center text-3xl font-bold">
              Why learners practise here
            </h2>
            <p className="mt-2 text-center text-sm text-slate-600 dark:text-slate-300">
              Illustrative learner stories, not quotes from real customers.
            </p>
            <ul className="mt-10 grid gap-6 md:grid-cols-2">
              {STORIES.map((s) => (
                <li key={s.name}>
                  <figure className="h-full rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-700 dark:bg-slate-800">
                    <blockquote className="text-slate-800 dark:text-slate-200">“{s.text}”</blockquote>
                    <figcaption className="mt-4 text-sm font-semibold text-slate-700 dark:text-slate-300">
                      — {s.name}
                    </figcaption>
                  </figure>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section id="contact" aria-labelledby="contact-title" className="scroll-mt-16 px-4 py-20">
          <div className="mx-auto max-w-2xl">
            <h2 id="contact-title" className="text-center text-3xl font-bold">
              Contact Us
            </h2>
            <p className="mb-8 mt-2 text-center text-slate-700 dark:text-slate-300">
              Questions or feedback? We read every message.
            </p>
            <ContactForm />
          </div>
        </section>
      </main>

      <footer className="border-t border-slate-200 bg-slate-900 px-4 py-10 text-slate-300 dark:border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 sm:flex-row">
          <p className="text-sm">
            © {new Date().getFullYear()} Nivesh · Virtual trading for learning. No real money is involved.
          </p>
          <nav aria-label="Footer" className="flex gap-4 text-sm">
            <Link to="/terms" className="hover:text-white hover:underline">
              Terms of Service
            </Link>
            <Link to="/privacy" className="hover:text-white hover:underline">
              Privacy Policy
            </Link>
            <a href="#contact" className="hover:text-white hover:underline">
              Contact
            </a>
          </nav>
        </div>
      </footer>
    </div>
  );
}
