import { isShipped } from '../../../lib/shipped-features';
import { LegalPage, CONTACT_ADDRESSES, type LegalSection } from './legal-page';

const SECTIONS: LegalSection[] = [
  {
    title: 'Acceptance of Terms',
    body: (
      <p>
        By creating an account or using Nivesh you agree to these Terms of Service. If you do not agree, do
        not use the service.
      </p>
    ),
  },
  {
    title: 'Description of Service',
    body: (
      <p>
        Nivesh is a virtual (paper) trading platform. It offers virtual trading on a simulated market built
        from real price history (or on live data where the operator connects a provider), portfolio tracking,
        order history, charts and watchlists
        {isShipped('assistant') ? ', an AI assistant (Saytrix)' : ''}
        {isShipped('news') ? ' and market news' : ''}. It is an educational tool and does not give investment
        advice.
      </p>
    ),
  },
  {
    title: 'User Accounts',
    body: (
      <p>
        You can register with an email address and password or with a third-party sign-in such as Google. You
        are responsible for keeping your credentials secure and for all activity under your account. Tell us
        promptly about any unauthorised use.
      </p>
    ),
  },
  {
    title: 'Virtual Currency',
    body: (
      <p>
        Every account receives virtual money (a starting balance of ₹10,000). Virtual money has no cash value,
        cannot be withdrawn, bought, sold or transferred, and no real securities are ever traded. Gains and
        losses on Nivesh are simulated. There are no prizes: no leaderboard place, class standing or reward is
        ever exchanged for money, goods or anything of value.
      </p>
    ),
  },
  {
    title: 'Market Data',
    body: (
      <p>
        Prices come from a market-data API or from a market simulator based on historical exchange data. Data
        may be delayed, simulated or inaccurate and is provided for learning only; do not rely on it for real
        investment decisions.
      </p>
    ),
  },
  {
    title: 'Prohibited Uses',
    body: (
      <p>
        You may not use Nivesh for unlawful purposes, attempt to gain unauthorised access to the service or
        other accounts, disrupt or overload the service, scrape data in bulk, or automate accounts to
        manipulate leaderboards.
      </p>
    ),
  },
  {
    title: 'Limitation of Liability',
    body: (
      <p>
        Nivesh is provided "as is" without warranties of any kind. To the fullest extent permitted by law we
        are not liable for any loss arising from your use of the service, including decisions you make with
        real money based on what you practised here.
      </p>
    ),
  },
  {
    title: 'Changes to These Terms',
    body: (
      <p>
        We may update these terms. We will give at least 30 days&apos; notice of material changes before they
        take effect. Questions:{' '}
        <a
          className="text-indigo-700 underline dark:text-indigo-300"
          href={`mailto:${CONTACT_ADDRESSES.support}`}
        >
          {CONTACT_ADDRESSES.support}
        </a>
        .
      </p>
    ),
  },
];

export function TermsScreen() {
  return (
    <LegalPage
      title="Terms of Service"
      updated="December 15, 2024"
      sections={SECTIONS}
      other={{ to: '/privacy', label: 'Privacy Policy' }}
    />
  );
}
