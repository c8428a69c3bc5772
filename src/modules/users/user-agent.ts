/** What a session keeps of the User-Agent it signed in with: enough to tell browsers apart. */
export const SESSION_USER_AGENT_MAX_LENGTH = 256;

export function storedUserAgent(header: string | undefined): string | null {
  const trimmed = header?.trim();
  return trimmed ? trimmed.slice(0, SESSION_USER_AGENT_MAX_LENGTH) : null;
}

/** First match wins: Edge and Opera also say Chrome, Chrome also says Safari. */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bcurl\//, 'curl'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const nameIn = (table: [RegExp, string][], userAgent: string) =>
  table.find(([pattern]) => pattern.test(userAgent))?.[1];

/**
 * A short description of a browser ("Firefox on Linux") for the sessions list: the common
 * browsers and systems by name; anything else by the start of its User-Agent.
 */
export function describeUserAgent(userAgent: string | null): string {
  if (userAgent === null) return 'Unknown browser';
  const browser = nameIn(BROWSERS, userAgent);
  const system = nameIn(SYSTEMS, userAgent);
  if (browser && system) return `${browser} on ${system}`;
  const named = browser ?? system;
  if (named) return named;
  return userAgent.length > 60 ? `${userAgent.slice(0, 59)}…` : userAgent;
}
