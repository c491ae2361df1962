/** The links in account emails point at hosted-UI pages, under the issuer. */
export function hostedUiLink(baseUrl: string, page: string, token: string): string {
  return `${baseUrl}/ui/${page}?token=${encodeURIComponent(token)}`;
}
