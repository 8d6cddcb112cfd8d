import { useEffect } from "react";

/** The CSS variable that holds the height of what is visible of the page, in CSS pixels. */
export const VISIBLE_HEIGHT_VAR = "--parley-visible-height";

/**
 * While `active`, keeps VISIBLE_HEIGHT_VAR at the visual viewport's height. iOS Safari keeps the
 * layout viewport (and 100dvh) when the on-screen keyboard opens and only the visual viewport
 * shrinks; a layout sized by this variable keeps the answer box above the keyboard there too (Chrome
 * and Firefox on Android shrink 100dvh themselves, with `interactive-widget=resizes-content`). The
 * height is taken at the page's own scale, so pinch-zooming does not shrink the layout.
 */
export function useVisibleHeight(active: boolean) {
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!active || !viewport) return;
    const root = document.documentElement;
    const update = () =>
      root.style.setProperty(VISIBLE_HEIGHT_VAR, `${Math.round(viewport.height * viewport.scale)}px`);
    update();
    viewport.addEventListener("resize", update);
    return () => {
      viewport.removeEventListener("resize", update);
      root.style.removeProperty(VISIBLE_HEIGHT_VAR);
    };
  }, [active]);
}
