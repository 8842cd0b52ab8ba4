/** A refused back-office request: its status and pt-PT answer, and whether the refusal is audited as denied. */
export class GestaoError extends Error {
  constructor(
    readonly statusCode: 400 | 403 | 404 | 409,
    readonly body: { message: string } & Record<string, unknown>,
  ) {
    super(body.message);
  }
}
