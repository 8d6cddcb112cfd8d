export {
  type AppConfig,
  type Context,
  type CookieOptions,
  createContext,
  type Logger,
  type RequestInfo,
  type Services,
} from "./context";
export { AppError, isDatabaseDataError, toHttpError } from "./errors";
export {
  type AppRouter,
  appRouter,
  type Caller,
  createCaller,
  type RouterInputs,
  type RouterOutputs,
} from "./root";
export { ensureAdmin, startSession } from "./services/auth";
export { createMailer } from "./services/mail";
export {
  DEFAULT_PARTICIPANT_AI_RATE,
  MemoryRateLimitStore,
  RateLimiter,
  RedisRateLimitStore,
} from "./services/rate-limit";
