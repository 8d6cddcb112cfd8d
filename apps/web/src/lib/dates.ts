/** The one way the web app reads an ISO date from the API and shows it (the reader's locale). */
export function formatDate(iso: string | null | undefined, missing = "N/A"): string {
  return iso ? new Date(iso).toLocaleDateString() : missing;
}

export function formatDateTime(iso: string | null | undefined, missing = "N/A"): string {
  return iso ? new Date(iso).toLocaleString() : missing;
}

/** Now, as the ISO text the API stores. */
export const nowIso = (): string => new Date().toISOString();
