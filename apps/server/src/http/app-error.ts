import { serverTexts } from '@stashblog/contract/server-texts';

// The one error type. `status` is the HTTP status; `message` is what the user sees.
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Sent as Retry-After (429, 503): when a client that waits may try again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  static badRequest(message: string) {
    return new AppError(400, message);
  }
  static unauthorised(message: string = serverTexts.unauthorised) {
    return new AppError(401, message);
  }
  static forbidden(message: string) {
    return new AppError(403, message);
  }
  static notFound(message: string = serverTexts.notFound) {
    return new AppError(404, message);
  }
  static conflict(message: string) {
    return new AppError(409, message);
  }
  static tooLarge(message: string) {
    return new AppError(413, message);
  }
  static tooMany(message: string, retryAfterSeconds?: number) {
    return new AppError(429, message, retryAfterSeconds);
  }
  static unavailable(message: string, retryAfterSeconds?: number) {
    return new AppError(503, message, retryAfterSeconds);
  }
}
