// Registers commcalc's service worker (sw.js, beside this file) so that the app works offline
// after one visit, and offers a reload when a new build has been deployed, instead of serving
// the old one forever.
(() => {
  // An embedded page registers the worker too, so that a course page opened once online shows
  // its embeds offline: the worker precaches the whole build and answers every address of the
  // deployment with index.html, whatever view or scenario it embeds. Browsers partition it by
  // the embedding site, and may refuse it (a page with an opaque origin, storage blocked): the
  // page works as it is then. An embed never offers the update prompt (the course page is not
  // ours to cover): a new build waits until no page of the old one is open.
  const embedded = new URLSearchParams(location.search).get('embed') === '1' || window.self !== window.top;
  if (!('serviceWorker' in navigator)) return;
  const sw = navigator.serviceWorker;

  // The first visit's worker takes control too (clients.claim): reload only when asked to.
  let reloading = false;
  sw.addEventListener('controllerchange', () => {
    if (reloading) location.reload();
  });

  // A status banner, so that a screen reader announces it without moving the focus.
  function offer(worker) {
    if (document.getElementById('update-banner')) return;
    const banner = document.createElement('div');
    banner.id = 'update-banner';
    banner.className = 'panel';
    banner.setAttribute('role', 'status');
    Object.assign(banner.style, {
      position: 'fixed',
      insetInline: '1rem',
      bottom: '1rem',
      zIndex: '10',
      display: 'flex',
      gap: '1rem',
      alignItems: 'center',
      justifyContent: 'space-between',
      boxShadow: '0 2px 12px rgb(0 0 0 / 0.3)',
    });
    document.body.append(banner);
    // Filled after insertion: live regions announce changes, not their initial content.
    requestAnimationFrame(() => {
      const text = document.createElement('span');
      text.textContent = 'A new version of commcalc is available.';
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Reload';
      button.addEventListener('click', () => {
        // Another tab may have switched to the new build already: then only this page is old.
        if (worker.state !== 'installed') return location.reload();
        reloading = true;
        worker.postMessage('skip-waiting');
      });
      banner.append(text, button);
    });
  }

  // A worker installed while another controls the page is a new build.
  function track(worker) {
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && sw.controller) offer(worker);
    });
  }

  function watch(registration) {
    // The browser may have found the new build on this navigation, before this script ran.
    if (registration.waiting && sw.controller) offer(registration.waiting);
    track(registration.installing);
    registration.addEventListener('updatefound', () => track(registration.installing));
    // The browser checks for a new sw.js on navigation; a tab left open all day (a lecture)
    // checks again whenever it is shown.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') registration.update().catch(() => {});
    });
  }

  // Relative to the page, so that the app works from any sub-path of any host. Offline, or where
  // service workers are not allowed, the page works as it is.
  sw.register('./sw.js').then(embedded ? () => {} : watch, () => {});
})();
