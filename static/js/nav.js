// The campaign's navigation scrolls sideways on a narrow screen (ludus.css, .campaign-nav).
// Show where it scrolls: the page's own entry is brought into view, and each edge that hides
// more links fades (campaign-nav--more-before / --more-after), updated as it scrolls.
document.addEventListener("DOMContentLoaded", function () {
  const nav = document.querySelector(".campaign-nav");
  if (!nav) return;
  const current = nav.querySelector("[aria-current=page]");
  if (current) {
    const left = current.offsetLeft - (nav.clientWidth - current.offsetWidth) / 2;
    nav.scrollLeft = Math.max(0, left);
  }
  function mark() {
    const end = nav.scrollWidth - nav.clientWidth;
    nav.classList.toggle("campaign-nav--more-before", nav.scrollLeft > 1);
    nav.classList.toggle("campaign-nav--more-after", nav.scrollLeft < end - 1);
  }
  mark();
  nav.addEventListener("scroll", mark, { passive: true });
  window.addEventListener("resize", mark);
});
