/**
 * Which top-level domains have a registry that answers over RDAP (IANA's bootstrap file): a domain
 * monitor whose TLD has none is refused at creation, since no run could ever tell its expiry.
 */
export interface RdapDirectory {
  /** Whether a registry serves the domain; null when the directory cannot be read now (nothing to judge on). */
  serves(domain: string, now: number): Promise<boolean | null>;
}
