// DEBUG only (ludus_htmx_script): an htmx request that crashed (500) shows Django's error page
// in place of the document, as a page load would. Refusals (4xx) stay inside the page.
document.addEventListener("htmx:beforeOnLoad", function (event) {
  const xhr = event.detail.xhr;
  if (xhr.status === 500) {
    document.documentElement.innerHTML = xhr.response;
  }
});
