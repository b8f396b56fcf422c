// The bench's floor: the least a content script can do to show a button on a page. Handoff's
// "time to button" is compared with this one, measured in the same browser on the same pages.
(() => {
  const host = document.createElement('span');
  host.setAttribute('data-bare-root', '');
  const shadow = host.attachShadow({ mode: 'open' });
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Bare button';
  shadow.append(button);
  const anchor =
    document.querySelector('[data-component="PH_Actions"]') ||
    document.querySelector('.gh-header-actions') ||
    document.body;
  anchor.append(host);
})();
