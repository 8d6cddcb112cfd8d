import { useEffect, useState } from "react";

const TICK_MS = 15_000;

/** Minutes left of the interview's time limit, counted from when it started; ticks every 15 seconds. */
export function useMinutesLeft(startedAt: number | null, limitMinutes: number): number {
  const [clock, setClock] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setClock(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const elapsed = startedAt ? Math.max(0, Math.floor((Math.max(clock, Date.now()) - startedAt) / 60_000)) : 0;
  return limitMinutes - elapsed;
}
