/** A billing refusal with the HTTP status the API answers and a message people read. */
export class BillingError extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 502 | 503,
    message: string,
  ) {
    super(message);
    this.name = "BillingError";
  }
}
