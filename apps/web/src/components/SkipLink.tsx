/** The first stop in the tab order: moves focus past the header to the page's `<main>` (WCAG 2.4.1). */
export function SkipLink() {
  return (
    // biome-ignore lint/a11y/useValidAnchor: a skip link is a link to #main-content (it works without JS); the click handler only keeps the hash out of the router's URL.
    <a
      className="skip-link"
      href="#main-content"
      onClick={(event) => {
        const main = document.getElementById("main-content");
        if (!main) return;
        // Focus without a hash in the URL: the router owns the URL, and Back should not stop at "#main-content".
        event.preventDefault();
        main.focus();
        main.scrollIntoView();
      }}
    >
      Skip to main content
    </a>
  );
}
