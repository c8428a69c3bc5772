import { Field } from './Field';

/** A password a person chooses: the server's rule (password-policy.ts), checked by the browser first. */
const MIN_NEW_PASSWORD_LENGTH = 12;

/** The field labelled "Email" of the sign-in forms (with a password, or for single sign-on). */
export function EmailField({
  email,
  onEmail,
  hint,
}: {
  email: string;
  onEmail: (email: string) => void;
  hint?: string;
}) {
  return (
    <Field
      label="Email"
      type="email"
      name="email"
      autoComplete="username"
      required
      hint={hint}
      value={email}
      onChange={(event) => onEmail(event.target.value)}
    />
  );
}

/**
 * The fields labelled "Email" and "Password" (decisions section 9) of the sign-in and sign-up
 * forms; `choosing`: a new password, with its rule, for password managers to fill in.
 */
export function CredentialFields({
  email,
  password,
  onEmail,
  onPassword,
  choosing = false,
}: {
  email: string;
  password: string;
  onEmail: (email: string) => void;
  onPassword: (password: string) => void;
  choosing?: boolean;
}) {
  return (
    <>
      <EmailField email={email} onEmail={onEmail} />
      <PasswordField password={password} onPassword={onPassword} choosing={choosing} />
    </>
  );
}

/** The field labelled "Password"; `choosing`: a new password, with its rule. */
export function PasswordField({
  password,
  onPassword,
  choosing = false,
}: {
  password: string;
  onPassword: (password: string) => void;
  choosing?: boolean;
}) {
  return (
    <Field
      label="Password"
      type="password"
      name="password"
      autoComplete={choosing ? 'new-password' : 'current-password'}
      required
      minLength={choosing ? MIN_NEW_PASSWORD_LENGTH : undefined}
      hint={choosing ? `At least ${MIN_NEW_PASSWORD_LENGTH} characters.` : undefined}
      value={password}
      onChange={(event) => onPassword(event.target.value)}
    />
  );
}
