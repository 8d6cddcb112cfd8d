import { Notifications } from "@mantine/notifications";

/** The toasts' region as main.tsx mounts it (its own chunk: see ToastRegion there). */
export default function ToastRegionView() {
  return <Notifications limit={1} autoClose={5000} position="top-right" />;
}
