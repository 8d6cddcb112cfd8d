import { createTheme } from "@mantine/core";

export const theme = createTheme({
  primaryColor: "indigo",
  defaultRadius: "md",
  fontFamily:
    "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: { fontWeight: "700" },
  components: {
    // Spec 1 §9: open delay 700 ms; the 300 ms skip delay is Tooltip.Group's closeDelay where tooltips sit together.
    Tooltip: { defaultProps: { openDelay: 700 } },
  },
});
