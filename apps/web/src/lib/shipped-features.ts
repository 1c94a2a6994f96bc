/**
 * Which features this build actually has. A feature that does not exist gets no working switch,
 * link or claim: Settings disables its switch with `comingWith`, the landing page leaves it out.
 * Flip a flag to true in the change that ships the feature.
 */
export const SHIPPED_FEATURES = {
  priceAlerts: true,
  newsAlerts: true,
  sms: false,
  /** Saytrix, the assistant. */
  assistant: true,
  /** The /news screen. */
  news: true,
} as const;

export type ShippedFeature = keyof typeof SHIPPED_FEATURES;

/** Why a switch for an unshipped feature is disabled, in the user's words. */
export const COMING_WITH: Record<ShippedFeature, string> = {
  priceAlerts: 'Coming with price alerts',
  newsAlerts: 'Coming with market news',
  sms: 'Coming with SMS delivery',
  assistant: 'Coming with Saytrix',
  news: 'Coming with market news',
};

export const isShipped = (feature: ShippedFeature): boolean => SHIPPED_FEATURES[feature];
