/**
 * The UI's one Trusted Types policy (the CSP's `trusted-types email-preview`, app/security-headers.ts): the admin
 * portal's email preview shows the server-rendered email HTML in an iframe with an empty sandbox (no script, an
 * opaque origin), and `srcdoc` is a Trusted Types sink. The policy exists only for that iframe; every other sink
 * of both UIs stays closed, as no other policy may be made.
 */
const POLICY_NAME = 'email-preview';

interface HtmlPolicy {
  createHTML(input: string): unknown;
}

interface TrustedTypesFactory {
  createPolicy(name: string, rules: { createHTML(input: string): string }): HtmlPolicy;
}

let policy: HtmlPolicy | null | undefined;

function previewPolicy(): HtmlPolicy | null {
  if (policy === undefined) {
    const factory = (globalThis as { trustedTypes?: TrustedTypesFactory }).trustedTypes;
    // Browsers without Trusted Types enforce no sink either: the plain string is what they take.
    policy = factory ? factory.createPolicy(POLICY_NAME, { createHTML: (input) => input }) : null;
  }
  return policy;
}

/** Puts the email's HTML into the sandboxed preview iframe. */
export function showEmailHtml(frame: HTMLIFrameElement, html: string): void {
  const policy = previewPolicy();
  frame.srcdoc = (policy ? policy.createHTML(html) : html) as string;
}
