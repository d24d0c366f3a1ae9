// Moments Web: progressive enhancement. Every action works without this file through plain
// forms and links; with it, a like updates its moment in place from the server's answer.
"use strict";

function showToast(message) {
  const toast = document.createElement("p");
  toast.className = "toast";
  toast.setAttribute("role", "alert");
  toast.textContent = message;
  document.body.append(toast);
  setTimeout(() => toast.remove(), 4000);
}

// The page's polite live region (in the layout, outside the part a redraw replaces) says what
// changed, in the page's language: "Liked", "10 more moments", "Page updated".
let lastAnnouncedAt = 0;

function announce(kind, count) {
  const region = document.querySelector("[data-announce]");
  const message = region?.dataset[kind];
  if (!message) return;
  lastAnnouncedAt = Date.now();
  region.textContent = "";
  // Emptied first and filled a moment later, so the same words twice are read twice.
  setTimeout(() => { region.textContent = message.replace("{count}", String(count)); }, 50);
}

// Focus through a redraw: the element that had focus is found again in the new content by its
// id, or by its place among the focusable elements of its nearest ancestor with an id (a
// toggle's row, a moment), and focused again; a keyboard or screen-reader user keeps their place.
const focusable = "a[href], button, input, select, textarea, [tabindex]";

function focusKey() {
  const element = document.activeElement;
  if (!element || element === document.body) return null;
  if (element.id) return { id: element.id };
  const owner = element.parentElement?.closest("[id]");
  return owner ? { id: owner.id, index: [...owner.querySelectorAll(focusable)].indexOf(element) } : null;
}

function restoreFocus(key) {
  if (!key || (document.activeElement && document.activeElement !== document.body)) return;
  const owner = document.getElementById(key.id);
  const target = key.index === undefined ? owner : owner?.querySelectorAll(focusable)[key.index];
  target?.focus({ preventScroll: true });
}

// A like shows at once what it will be, as the seed's heart does, and that it is on its way: the
// button is pressed as it will be and busy (DesignKit's pending style), and the live region says
// so. The server's answer replaces the moment; a failure puts the button back, with a toast.
async function submitLike(form) {
  const button = form.querySelector("button");
  // A second press while one is on its way sends nothing.
  if (button.getAttribute("aria-busy") === "true") return;
  const wasPressed = button.getAttribute("aria-pressed");
  const momentID = form.closest("[data-moment-id]").dataset.momentId;
  button.setAttribute("aria-pressed", wasPressed === "true" ? "false" : "true");
  button.setAttribute("aria-busy", "true");
  announce(wasPressed === "true" ? "unliking" : "liking");
  const putBack = (message) => {
    showToast(message);
    button.setAttribute("aria-pressed", wasPressed);
    button.removeAttribute("aria-busy");
  };
  try {
    const response = await fetch(form.action, {
      method: "POST",
      body: new URLSearchParams(new FormData(form)),
      headers: { "X-Requested-With": "fetch", "Accept": "application/json, text/html;q=0.9" },
    });
    if (!response.ok) {
      const answer = await response.json().catch(() => null);
      putBack(answer?.error?.message ?? `${response.status} ${response.statusText}`);
      return;
    }
    const template = document.createElement("template");
    template.innerHTML = (await response.text()).trim();
    const updated = template.content.firstElementChild;
    // Found again by its id: a live redraw may have replaced the moment while the like was on its way.
    const focus = focusKey();
    document.querySelector(`[data-moment-id="${CSS.escape(momentID)}"]`)?.replaceWith(updated);
    restoreFocus(focus);
    announce(updated.querySelector("[data-like-form] button")?.getAttribute("aria-pressed") === "true" ? "liked" : "unliked");
  } catch (error) {
    putBack(String(error));
  }
}

document.addEventListener("submit", (event) => {
  const form = event.target.closest("[data-like-form]");
  if (!form) return;
  event.preventDefault();
  submitLike(form);
});

// Older moments: the next page's moments are added below, and its link replaces this one.
async function loadMore(link) {
  link.setAttribute("aria-busy", "true");
  try {
    const response = await fetch(link.href, { headers: { "Accept": "text/html", "X-Requested-With": "fetch" } });
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
    const next = new DOMParser().parseFromString(await response.text(), "text/html");
    const moments = [...next.querySelectorAll(".list > [data-moment-id]")];
    const hadFocus = document.activeElement === link;
    link.before(...moments);
    const nextLink = next.querySelector("[data-more]");
    if (nextLink) link.replaceWith(nextLink); else link.remove();
    // Focus stays on Older moments (the new link), or goes to the first new moment at the end.
    if (hadFocus) (nextLink ?? moments[0]?.querySelector(focusable))?.focus({ preventScroll: true });
    announce("newMoments", moments.length);
  } catch (error) {
    showToast(String(error));
    link.removeAttribute("aria-busy");
  }
}

document.addEventListener("click", (event) => {
  const link = event.target.closest("[data-more]");
  if (!link) return;
  event.preventDefault();
  loadMore(link);
});

// The seed's activity indicator: a link to the timeline (Refresh, Retry, Area 51's way back)
// may wait for the BFF, a second or more when it is slow, so the page that was clicked shows
// the indicator until the next page arrives. It shows only after a moment, so a page that is
// there at once does not flash it. Without JavaScript the browser's own progress is all there is.
const loadingDelay = 150;

function isTimelineNavigation(event) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const link = event.target.closest("a[href]");
  if (!link || link.target || link.hasAttribute("download")) return false;
  const url = new URL(link.href, location.href);
  return url.origin === location.origin && url.pathname === "/";
}

document.addEventListener("click", (event) => {
  if (!isTimelineNavigation(event)) return;
  setTimeout(() => document.querySelector("[data-loading]")?.removeAttribute("hidden"), loadingDelay);
});

// A page brought back by the back button is no longer waiting for anything.
window.addEventListener("pageshow", (event) => {
  if (event.persisted) document.querySelector("[data-loading]")?.setAttribute("hidden", "");
});

// Live updates: when a toggle or a like changes anywhere, redraw this page's content from the
// server, keeping the scroll position. Once older moments were added below, only the moments
// the server's page has are swapped, so the added ones stay. Pages without a live region do
// not listen. Fetches of the page's own script say so (`X-Requested-With: fetch`): the server
// then records no screenview, keeps the language choice as it is and never asks the BFF again.
async function redraw() {
  const response = await fetch(location.href, { headers: { "Accept": "text/html", "X-Requested-With": "fetch" } });
  if (!response.ok) return;
  const next = new DOMParser().parseFromString(await response.text(), "text/html");
  const current = document.querySelector(".app");
  const replacement = next.querySelector(".app");
  if (!current || !replacement) return;
  const focus = focusKey();
  const added = current.querySelectorAll(".list > [data-moment-id]").length >
    replacement.querySelectorAll(".list > [data-moment-id]").length;
  if (added) {
    for (const moment of replacement.querySelectorAll(".list > [data-moment-id]")) {
      current.querySelector(`[data-moment-id="${CSS.escape(moment.dataset.momentId)}"]`)?.replaceWith(moment);
    }
  } else {
    const scroll = window.scrollY;
    current.replaceWith(replacement);
    window.scrollTo(0, scroll);
  }
  restoreFocus(focus);
  // A like of this tab is announced by its own answer; a change from elsewhere is said here.
  if (Date.now() - lastAnnouncedAt > 2000) announce("updated");
}

// Area 51 shows a switch flipped elsewhere from the event itself, which carries the toggle's
// state after the change; what it cannot show that way (an override or a remote value, whose
// notes are in the reader's language) redraws the page, drawn without asking the BFF again.
function showToggle(event) {
  const state = event?.state;
  const form = state && !state.isOverridable && document.querySelector(`#toggle-${CSS.escape(state.name)} [data-toggle-form]`);
  if (!form) return false;
  form.querySelector("button").setAttribute("aria-pressed", String(state.isOn));
  form.querySelector("[name=isOn]").value = String(!state.isOn);
  return true;
}

if (document.querySelector("[data-live], .list")) {
  onLiveEvent("toggle", (event) => { if (!(document.querySelector(".menu--area51") && showToggle(event))) redraw(); });
  onLiveEvent("like", redraw);
}

// The BFF's schema changed under a document the timeline sends: said at once, naming the fields.
const contractBanner = document.querySelector("[data-contract-banner]");
if (contractBanner) {
  onLiveEvent("contract", (event) => {
    if (!event?.timelineAffected) return;
    const fields = new Set(event.stoppedValidating.flatMap((document) => document.fields));
    contractBanner.querySelector("[data-contract-fields]").textContent = [...fields].join(", ");
    contractBanner.hidden = false;
  });
}

// Network inspector: a new exchange redraws the list from the server, with the page's filters.
async function refreshExchanges() {
  const list = document.querySelector("[data-network-list]");
  const response = await fetch(location.href, { headers: { "Accept": "text/html", "X-Requested-With": "fetch" } });
  if (!list || !response.ok) return;
  const next = new DOMParser().parseFromString(await response.text(), "text/html").querySelector("[data-network-list]");
  if (!next) return;
  const focus = focusKey();
  list.replaceWith(next);
  sortExchanges();
  markSelectedExchange();
  restoreFocus(focus);
}

if (document.querySelector("[data-network-list]")) {
  onLiveEvent("exchange", refreshExchanges);
}

// Breakpoints: a call held or let go redraws the held calls from the server. A call already
// shown keeps its node, so what a person is typing in its editor stays.
async function refreshHeld() {
  const response = await fetch(location.href, { headers: { "Accept": "text/html", "X-Requested-With": "fetch" } });
  const list = document.querySelector("[data-held-list] ul");
  if (!list || !response.ok) return;
  const next = new DOMParser().parseFromString(await response.text(), "text/html").querySelector("[data-held-list] ul");
  if (!next) return;
  for (const item of next.querySelectorAll("[data-held-id]")) {
    const shown = list.querySelector(`[data-held-id="${item.dataset.heldId}"]`);
    if (shown) item.replaceWith(shown);
  }
  list.replaceWith(next);
  countDown();
}

// A held call's deadline, drawn as the time it continues, becomes the seconds left.
function countDown() {
  for (const line of document.querySelectorAll("[data-countdown]")) {
    const left = Math.max(0, Math.round((Date.parse(line.dataset.deadline) - Date.now()) / 1000));
    line.textContent = line.dataset.countdown.replace("%@", String(left));
  }
}

if (document.querySelector("[data-held-list]")) {
  onLiveEvent("breakpoint", refreshHeld);
  countDown();
  setInterval(countDown, 1000);
}

// From 1024 px the inspector is a table with the selected exchange beside it: a click on a row
// shows it in the pane, the up and down arrows move the selection, Enter opens the exchange's
// own page (the link's own behaviour). The column headings' buttons sort the rows; the sort and
// the selection survive the live redraw of the list. Narrower, the list of links is as it was.
const wideScreen = matchMedia("(min-width: 1024px)");
const exchangeSort = { key: "id", direction: "descending" };
let selectedExchange = null;

const exchangeRows = () => [...document.querySelectorAll("[data-network-table] tbody tr")];

function markSelectedExchange() {
  for (const row of exchangeRows()) {
    const isSelected = row.dataset.exchangeRow === selectedExchange;
    row.classList.toggle("network__row--selected", isSelected);
    const link = row.querySelector("[data-exchange-link]");
    if (isSelected) link?.setAttribute("aria-current", "true"); else link?.removeAttribute("aria-current");
  }
}

async function selectExchange(row) {
  const pane = document.querySelector("[data-network-pane]");
  const link = row?.querySelector("[data-exchange-link]");
  if (!pane || !link) return;
  selectedExchange = row.dataset.exchangeRow;
  markSelectedExchange();
  link.focus();
  row.scrollIntoView({ block: "nearest" });
  const response = await fetch(link.href, { headers: { "Accept": "text/html", "X-Requested-With": "fetch" } });
  if (!response.ok || selectedExchange !== row.dataset.exchangeRow) return;
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  const open = document.createElement("p");
  const openLink = Object.assign(document.createElement("a"), { href: link.href, textContent: `${pane.dataset.openLabel} (#${selectedExchange} ${link.textContent})` });
  open.append(openLink);
  pane.querySelector("[data-network-pane-content]").replaceChildren(open, ...(page.querySelector("main")?.childNodes ?? []));
  pane.scrollTop = 0;
}

function sortExchanges() {
  const body = document.querySelector("[data-network-table] tbody");
  if (!body) return;
  const { key, direction } = exchangeSort;
  const value = (row) => row.dataset[`sort${key[0].toUpperCase()}${key.slice(1)}`] ?? "";
  const rows = exchangeRows().sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    const numeric = x !== "" && y !== "" && !isNaN(x) && !isNaN(y);
    const order = numeric ? Number(x) - Number(y) : x.localeCompare(y);
    return (direction === "ascending" ? order : -order) || Number(b.dataset.sortId) - Number(a.dataset.sortId);
  });
  body.append(...rows);
  for (const heading of document.querySelectorAll("[data-network-table] th[data-sort-key]")) {
    if (heading.dataset.sortKey === key) heading.setAttribute("aria-sort", direction); else heading.removeAttribute("aria-sort");
  }
}

if (document.querySelector("[data-network-table]")) {
  document.querySelector("[data-network-pane]")?.removeAttribute("hidden");
  document.addEventListener("click", (event) => {
    const sortButton = event.target.closest("[data-network-table] [data-sort]");
    if (sortButton) {
      const key = sortButton.closest("th").dataset.sortKey;
      exchangeSort.direction = exchangeSort.key === key && exchangeSort.direction === "ascending" ? "descending" : "ascending";
      exchangeSort.key = key;
      sortExchanges();
      return;
    }
    const row = event.target.closest("[data-network-table] tbody tr");
    // A click of the mouse selects; Enter on a row's link (a click with no detail) opens it.
    if (!row || !wideScreen.matches || event.detail === 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    selectExchange(row);
  });
  document.addEventListener("keydown", (event) => {
    const row = event.target.closest?.("[data-network-table] tbody tr");
    if (!row || (event.key !== "ArrowDown" && event.key !== "ArrowUp")) return;
    event.preventDefault();
    selectExchange(event.key === "ArrowDown" ? row.nextElementSibling : row.previousElementSibling);
  });
}

// The hidden door: Ctrl+Alt+A on the timeline opens Area 51 in debug and internal builds
// (the server marks the page with data-area51 only there), as a shake does on the phone. The
// key is the one where A sits on a US keyboard (`event.code`), whatever character the
// layout and Alt make of it (å on macOS, ą in Polish, nothing in Russian).
document.addEventListener("keydown", (event) => {
  const area51 = document.body.dataset.area51;
  if (area51 && event.ctrlKey && event.altKey && event.code === "KeyA") {
    event.preventDefault();
    location.href = `${area51}?source=shortcut`;
  }
});

// DesignKit demo: the favorite buttons toggle when clicked, as the seed's do.
document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-demo-favorite]");
  if (button) {
    button.setAttribute("aria-pressed", button.getAttribute("aria-pressed") === "true" ? "false" : "true");
  }
});

// The user switch (the timeline's header, Area 51): with JavaScript, an ID the BFF does not
// know is said beside the field, which keeps its text and the focus, instead of a whole error
// page; a known one goes on as the form does (its answer sets the cookie, then the page it names).
document.addEventListener("submit", async (event) => {
  const form = event.target.closest("[data-user-switch]");
  if (!form) return;
  event.preventDefault();
  const field = form.querySelector("[name=userID]");
  let error = form.querySelector("[data-user-switch-error]");
  try {
    const response = await fetch(form.action, {
      method: "POST", redirect: "manual", body: new URLSearchParams(new FormData(form)),
      headers: { "Accept": "application/json", "X-Requested-With": "fetch" },
    });
    if (response.type === "opaqueredirect" || response.ok) {
      location.assign(form.querySelector("[name=back]")?.value || "/area51#acting-user");
      return;
    }
    const answer = await response.json().catch(() => null);
    if (!error) {
      error = Object.assign(document.createElement("span"), { id: `${field.id || "user-switch"}-error`, className: "user-switch__error" });
      error.dataset.userSwitchError = "";
      error.setAttribute("role", "alert");
      form.append(error);
    }
    error.textContent = answer?.error?.message ?? `${response.status} ${response.statusText}`;
    field.setAttribute("aria-invalid", "true");
    field.setAttribute("aria-describedby", error.id);
    field.focus();
  } catch (failure) {
    showToast(String(failure));
  }
});
