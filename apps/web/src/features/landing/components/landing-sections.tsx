import { Link } from 'react-router';
import { GraduationCap, ShieldCheck } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { isShipped } from '../../../lib/shipped-features';
import { ContactForm } from './contact-form';
import { FEATURES, SHOWCASE, STORIES } from './landing-content';
import { DashboardIllustration } from './showcase-illustrations';

export function HeroSection() {
  const scrollTo = (hash: string) => document.querySelector(hash)?.scrollIntoView({ behavior: 'smooth' });
  return (
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
          {/* data-scroll-to: the prerendered page's script gives this button its action. */}
          <button
            type="button"
            data-scroll-to="#features"
            onClick={() => scrollTo('#features')}
            className="rounded-lg border border-slate-300 bg-white px-6 py-3 text-base font-semibold text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
          >
            View Demo
          </button>
        </div>
      </div>
    </section>
  );
}

export function FeaturesSection() {
  return (
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
  );
}

export function AboutSection() {
  return (
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
            place real-looking orders on a realistic market, see exactly what each trade would cost, and track
            your progress — without risking a rupee.
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
  );
}

export function ShowcaseSection() {
  return (
    <section aria-labelledby="showcase-title" className="px-4 py-20">
      <div className="mx-auto max-w-6xl">
        <h2 id="showcase-title" className="text-center text-3xl font-bold">
          A look inside the platform
        </h2>
        <ul className={cn('mt-12 grid gap-6', SHOWCASE.length === 3 ? 'md:grid-cols-3' : 'md:grid-cols-2')}>
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
  );
}

export function StoriesSection() {
  return (
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
  );
}

export function ContactSection() {
  return (
    <section id="contact" aria-labelledby="contact-title" className="scroll-mt-16 px-4 py-20">
      <div className="mx-auto max-w-2xl">
        <h2 id="contact-title" className="text-center text-3xl font-bold">
          Contact Us
        </h2>
        <p className="mb-8 mt-2 text-center text-slate-700 dark:text-slate-300">
          Questions or feedback? We read every message.
        </p>
        {/* On the prerendered page the form becomes live React when a visitor first reaches for it. */}
        <div data-contact-island="">
          <ContactForm />
        </div>
      </div>
    </section>
  );
}

export function LandingFooter() {
  return (
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
  );
}
