import { notifications } from "@mantine/notifications";

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  /** ms; 5000 unless set (spec 1 §9). */
  duration?: number;
}

/**
 * One toast at a time (spec 1 §9), 5000 ms by default. A new toast replaces the one on screen: with
 * Mantine's queue an older toast would otherwise hide a newer error until it timed out.
 */
export function toast({ title, description, variant = "default", duration = 5000 }: ToastOptions) {
  notifications.clean();
  notifications.show({
    title,
    message: description ?? "",
    color: variant === "destructive" ? "red" : "indigo",
    autoClose: duration,
    withBorder: true,
  });
}
