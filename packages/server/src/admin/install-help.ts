/** `tessera install --help`: apart from the command, so that printing it loads nothing else (main.ts). */
export const INSTALL_HELP = `Usage: tessera install --admin-email EMAIL [options] < password-file

Installs the service headlessly: creates the first (write) admin, whose password is read from
standard input (first line; the OPAQUE client runs in this process, the password is never stored),
and records the install choices. Fails if the service is already installed. While a server runs on
the embedded database, the install is done through that server.

Options:
  --admin-email EMAIL     The first admin's email (required)
  --admin-name NAME       The first admin's name
  --base-url URL          Public base URL (issuer); applies from the next start unless TESSERA_BASE_URL is set
  --product-name NAME     Product name shown in the UI (default: Tessera)
  --self-registration     Let anyone create an account from the sign-in page
  --help                  Show this help`;
