import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from "@mantine/core";

/**
 * Mantine's palettes with shades 7–9 darkened just enough for WCAG AA: shade 7 (and red 6, Mantine's colour for red menu items) as text on white,
 * shade 8 under white text (filled buttons, badges, alerts) and shade 9 as text on shade 1 (light
 * badges). Mantine's own green 8 is 3.4:1 under white text and its yellow 8 is 2.5:1.
 */
const AA_COLORS: Record<string, MantineColorsTuple> = {
  green: [
    "#ebfbee",
    "#d3f9d8",
    "#b2f2bb",
    "#8ce99a",
    "#69db7c",
    "#51cf66",
    "#40c057",
    "#298439",
    "#257b35",
    "#237133",
  ],
  teal: [
    "#e6fcf5",
    "#c3fae8",
    "#96f2d7",
    "#63e6be",
    "#38d9a9",
    "#20c997",
    "#12b886",
    "#0a8560",
    "#087b57",
    "#077252",
  ],
  orange: [
    "#fff4e6",
    "#ffe8cc",
    "#ffd8a8",
    "#ffc078",
    "#ffa94d",
    "#ff922b",
    "#fd7e14",
    "#c15005",
    "#ba470a",
    "#b23b0c",
  ],
  yellow: [
    "#fff9db",
    "#fff3bf",
    "#ffec99",
    "#ffe066",
    "#ffd43b",
    "#fcc419",
    "#fab005",
    "#a26900",
    "#9e5c00",
    "#9c5100",
  ],
  cyan: [
    "#e3fafc",
    "#c5f6fa",
    "#99e9f2",
    "#66d9e8",
    "#3bc9db",
    "#22b8cf",
    "#15aabf",
    "#0d8091",
    "#0b7587",
    "#0b6d80",
  ],
  lime: [
    "#f4fce3",
    "#e9fac8",
    "#d8f5a2",
    "#c0eb75",
    "#a9e34b",
    "#94d82d",
    "#82c91e",
    "#51810f",
    "#49790b",
    "#46700a",
  ],
  red: [
    "#fff5f5",
    "#ffe3e3",
    "#ffc9c9",
    "#ffa8a8",
    "#ff8787",
    "#ff6b6b",
    "#d83838",
    "#ce2d2d",
    "#c02a2a",
    "#b92727",
  ],
  blue: [
    "#e7f5ff",
    "#d0ebff",
    "#a5d8ff",
    "#74c0fc",
    "#4dabf7",
    "#339af0",
    "#228be6",
    "#1a76c9",
    "#186cba",
    "#1862a8",
  ],
};

/** Inter is self-hosted (@fontsource-variable/inter, imported in main.tsx): no request leaves the app. */
const FONT =
  "'Inter Variable', Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/** Mantine's colour scheme: the visitor's saved choice, else the system's (also ColorSchemeScript's). */
export const DEFAULT_COLOR_SCHEME = "auto";

export const theme = createTheme({
  colors: AA_COLORS,
  primaryColor: "indigo",
  // Shade 8 keeps white text on filled buttons and indigo text on light backgrounds above 4.5:1
  // (shade 6 gave 4.3:1 on white and 3.7:1 on its own light variant).
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: "md",
  fontFamily: FONT,
  fontFamilyMonospace: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
  headings: { fontFamily: FONT, fontWeight: "700" },
  components: {
    // Spec 1 §9: open delay 700 ms; the 300 ms skip delay is Tooltip.Group's closeDelay where tooltips sit together.
    Tooltip: { defaultProps: { openDelay: 700 } },
    // Mantine's close buttons are icons without a name; screen readers announced "button".
    Modal: { defaultProps: { closeButtonProps: { "aria-label": "Close dialog" } } },
    Drawer: { defaultProps: { closeButtonProps: { "aria-label": "Close" } } },
    // Mantine fades the cite to 60%: 2.9:1. Dimmed at full opacity passes.
    // The focus placeholder Mantine puts first in a menu is a focusable role="presentation" div,
    // which a role="menu" may not hold (axe: critical). Arrow keys still reach the first item.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    Blockquote: { styles: { cite: { color: "var(--mantine-color-dimmed)", opacity: 1 } } },
    Notification: {
      defaultProps: { closeButtonProps: { "aria-label": "Close notification" } },
      // Mantine greys a titled toast's text with gray.6 (3.3:1); the dimmed colour passes.
      styles: { description: { color: "var(--mantine-color-dimmed)" } },
    },
  },
});

/**
 * Colours both schemes share by name. Mantine's dimmed grey (#868e96) is 3.3:1 on white, under
 * WCAG AA's 4.5:1; these pass on white, gray.0 and the light indigo surfaces (and on dark.7/dark.8).
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "#5c636a",
    "--mantine-color-error": t.colors.red[8],
    "--parley-page-bg": t.colors.gray[0],
    "--parley-surface": t.white,
    "--parley-border": t.colors.gray[3],
    "--parley-subtle-surface": t.colors.gray[0],
  },
  dark: {
    "--mantine-color-dimmed": t.colors.dark[1],
    "--parley-page-bg": t.colors.dark[8],
    "--parley-surface": t.colors.dark[7],
    "--parley-border": t.colors.dark[4],
    "--parley-subtle-surface": t.colors.dark[6],
  },
});
