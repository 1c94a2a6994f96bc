export type StrengthLevel = 'Weak' | 'Medium' | 'Strong';

export interface PasswordStrength {
  /** How many of the five criteria hold (0-5). */
  score: number;
  level: StrengthLevel;
  criteria: { length: boolean; uppercase: boolean; lowercase: boolean; digit: boolean; special: boolean };
}

/** Fewer than 2 criteria is Weak, 2-3 Medium, 4-5 Strong. */
export function passwordStrength(password: string): PasswordStrength {
  const criteria = {
    length: password.length >= 8,
    uppercase: /[A-Z]/.test(password),
    lowercase: /[a-z]/.test(password),
    digit: /\d/.test(password),
    special: /[^A-Za-z0-9]/.test(password),
  };
  const score = Object.values(criteria).filter(Boolean).length;
  const level: StrengthLevel = score < 2 ? 'Weak' : score <= 3 ? 'Medium' : 'Strong';
  return { score, level, criteria };
}
