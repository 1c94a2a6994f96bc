import { LegalPage, CONTACT_ADDRESSES, type LegalSection } from './legal-page';

const mail = (address: string) => (
  <a className="text-indigo-700 underline dark:text-indigo-300" href={`mailto:${address}`}>
    {address}
  </a>
);

const SECTIONS: LegalSection[] = [
  {
    title: 'Information We Collect',
    body: (
      <p>
        Account details you give us (name, email, and optionally phone number, location and bio); your virtual
        trading activity (orders, holdings, watchlists); settings and preferences; and technical data such as
        your browser, IP address and session times.
      </p>
    ),
  },
  {
    title: 'How We Use Your Information',
    body: (
      <p>
        To run your account and virtual portfolio, secure sign-in, send the notifications you choose, answer
        your questions and improve the service.
      </p>
    ),
  },
  {
    title: 'Information Sharing',
    body: (
      <p>
        We do not sell your personal information. We share it only with service providers that help us run
        Nivesh, or when the law requires it.
      </p>
    ),
  },
  {
    title: 'Data Security',
    body: (
      <p>
        Passwords are stored only as strong one-way hashes, sessions can be revoked from Settings, and
        two-factor authentication is available.
      </p>
    ),
  },
  {
    title: 'Data Retention',
    body: (
      <p>
        We keep your data while your account is active and delete it within a reasonable period after you ask
        us to close the account.
      </p>
    ),
  },
  {
    title: 'Your Rights',
    body: (
      <p>
        You can access, update, delete and export your data, and opt out of non-essential communications at
        any time.
      </p>
    ),
  },
  {
    title: 'Third-Party Services',
    body: (
      <p>
        Google sign-in (if you choose it) and market-data providers have their own privacy policies, which
        apply to the data they process.
      </p>
    ),
  },
  {
    title: "Children's Privacy",
    body: (
      <p>
        Nivesh is not intended for children under 13. Users between 13 and 18 need the consent of a parent or
        guardian.
      </p>
    ),
  },
  {
    title: 'Contact Us',
    body: (
      <p>
        Privacy questions: {mail(CONTACT_ADDRESSES.privacy)}. Other questions:{' '}
        {mail(CONTACT_ADDRESSES.support)}, or the contact form on our home page.
      </p>
    ),
  },
];

export function PrivacyScreen() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated="July 22, 2025"
      sections={SECTIONS}
      other={{ to: '/terms', label: 'Terms of Service' }}
    />
  );
}
