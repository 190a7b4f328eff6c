/**
 * Blanking secrets out of text that came back from somewhere Lookout sent them: a monitored
 * target that echoes its request, a provider that quotes what it was sent, an error that names a
 * URL. A target may give a secret back in another form than it was sent, or only part of it, so
 * each secret is blanked in every form a server commonly writes it in (plain, percent-encoded,
 * form-encoded, JSON-escaped, base64 of the secret and of `user:secret`) and so is any run of
 * `LEAK_RUN` or more consecutive characters of one of those forms: "Bearer SuperSecretP" gives
 * away nearly all of "SuperSecretPassword" without containing it whole.
 */

/** What stands in a text where a secret was. */
export const SECRET_MARK = '[secret]';

/** The shortest piece of a secret that counts as a leak of it. */
export const LEAK_RUN = 8;

/** A secret to blank: the value alone, or a password with the user name it is sent with (HTTP Basic). */
export type SecretToBlank = string | { readonly user: string; readonly secret: string };

export interface SecretBlanker {
  /** The text with every form of every secret, and every leaked run of one, replaced by `SECRET_MARK`. */
  (text: string): string;
  /**
   * The length of the longest form blanked. A text cut short for display should be read this many
   * characters past the cut and blanked before it is cut, so that no cut leaves the start of a
   * secret behind unblanked.
   */
  readonly longestForm: number;
}

/** A blanker for these secrets; empty ones are ignored, and with none it returns the text as it is. */
export function secretBlanker(secrets: readonly SecretToBlank[]): SecretBlanker {
  const forms = new Set<string>();
  for (const entry of secrets) {
    const secret = typeof entry === 'string' ? entry : entry.secret;
    if (secret.length === 0) continue;
    for (const form of formsOf(secret)) forms.add(form);
    if (typeof entry !== 'string') for (const form of base64Forms(`${entry.user}:${secret}`)) forms.add(form);
  }
  const whole = [...forms].filter((form) => form.length > 0);
  const runs = new Set<string>();
  for (const form of whole) for (let start = 0; start + LEAK_RUN <= form.length; start++) runs.add(form.slice(start, start + LEAK_RUN));
  // Forms shorter than a run are found whole; longer ones are covered by their runs.
  const short = whole.filter((form) => form.length < LEAK_RUN);
  const longestForm = whole.reduce((max, form) => Math.max(max, form.length), 0);

  const blank = (text: string): string => {
    if (whole.length === 0 || text.length === 0) return text;
    const covered = new Uint8Array(text.length);
    let any = false;
    for (let start = 0; start + LEAK_RUN <= text.length; start++) {
      if (!runs.has(text.slice(start, start + LEAK_RUN))) continue;
      covered.fill(1, start, start + LEAK_RUN);
      any = true;
    }
    for (const form of short) {
      for (let at = text.indexOf(form); at !== -1; at = text.indexOf(form, at + 1)) {
        covered.fill(1, at, at + form.length);
        any = true;
      }
    }
    if (!any) return text;
    let out = '';
    let index = 0;
    while (index < text.length) {
      const from = index;
      while (index < text.length && covered[index] === 0) index++;
      out += text.slice(from, index);
      if (index === text.length) break;
      out += SECRET_MARK;
      while (index < text.length && covered[index] === 1) index++;
    }
    return out;
  };
  return Object.assign(blank, { longestForm });
}

/** The forms in which a server commonly writes back a value it was sent. */
function formsOf(secret: string): string[] {
  const percent = encodeURIComponent(secret);
  const json = JSON.stringify(secret).slice(1, -1);
  return [
    secret,
    percent,
    lowerHex(percent),
    percent.replaceAll('%20', '+'),
    // Strict percent-encoding (RFC 3986) also encodes !'()*.
    percent.replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
    json,
    // Serializers that escape the solidus, or everything outside ASCII.
    json.replaceAll('/', '\\/'),
    json.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
    ...base64Forms(secret),
  ];
}

function base64Forms(text: string): string[] {
  const base64 = Buffer.from(text, 'utf8').toString('base64');
  return [base64, base64.replace(/=+$/, ''), Buffer.from(text, 'utf8').toString('base64url')];
}

function lowerHex(percentEncoded: string): string {
  return percentEncoded.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());
}
