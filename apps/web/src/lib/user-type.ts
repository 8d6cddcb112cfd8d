import type { RouterOutputs } from "@parley/api";

export type User = NonNullable<RouterOutputs["auth"]["me"]>;
