// Small page behaviours, here and not in on* attributes so the Content-Security-Policy
// (config/settings.py) can refuse every inline script.
//   data-select-on-click  a read-only field whose text is selected when clicked (a link to copy)
//   data-print            a button that prints the page
document.addEventListener("click", function (event) {
  const target = event.target;
  if (!(target instanceof Element)) return;
  if (target.matches("[data-select-on-click]")) target.select();
  if (target.closest("[data-print]")) window.print();
});
