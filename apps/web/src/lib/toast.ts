import { notifications } from "@mantine/notifications";

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  /** ms; 5000 unless set (spec 1 §9). */
  duration?: number;
}

/** One toast at a time (the Notifications provider is limited to 1), 5000 ms by default. */
export function toast({ title, description, variant = "default", duration = 5000 }: ToastOptions) {
  notifications.show({
    title,
    message: description ?? "",
    color: variant === "destructive" ? "red" : "indigo",
    autoClose: duration,
    withBorder: true,
  });
}
