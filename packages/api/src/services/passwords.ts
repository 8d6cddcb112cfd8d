import { type Algorithm, hash, verify } from "@node-rs/argon2";

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane.
// Algorithm.Argon2id is an ambient const enum (2), unusable under verbatimModuleSyntax.
const OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

const COMMON_PASSWORDS = new Set([
  "password",
  "password1",
  "password12",
  "password123",
  "password1234",
  "passw0rd",
  "p@ssw0rd",
  "12345678",
  "123456789",
  "1234567890",
  "87654321",
  "11111111",
  "00000000",
  "12341234",
  "qwertyui",
  "qwerty123",
  "qwerty12",
  "1q2w3e4r",
  "1qaz2wsx",
  "zaq12wsx",
  "qwertyuiop",
  "iloveyou",
  "iloveyou1",
  "sunshine",
  "princess",
  "football",
  "baseball",
  "welcome1",
  "welcome123",
  "abc12345",
  "abcd1234",
  "admin123",
  "administrator",
  "letmein1",
  "trustno1",
  "monkey123",
  "dragon123",
  "superman",
  "starwars",
  "whatever",
  "computer",
  "internet",
  "changeme",
  "default1",
  "test1234",
  "testtest",
  "asdfghjk",
  "asdf1234",
  "michelle",
  "jennifer",
  "1234qwer",
  "q1w2e3r4",
  "aa123456",
  "123123123",
  "987654321",
  "88888888",
]);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against this when the email is unknown keeps login time the same either way.
let dummyHash: Promise<string> | undefined;
export function dummyVerify(password: string): Promise<boolean> {
  dummyHash ??= hashPassword("parley-timing-equaliser");
  return dummyHash.then((h) => verifyPassword(h, password));
}
