// Moments Web: live events, one connection per browser, for every feature of every tab.
//
//   onLiveEvent("toggle", (data, name) => { ... })
//
// calls the handler with the parsed JSON of each server-sent event of that name (`GET /events`).
// However many tabs are open, the browser holds one stream: a SharedWorker
// (live-events-worker.js) holds it and fans events out to the tabs. Where SharedWorker is
// missing, the tabs elect a leader with the Web Locks API: the leader connects and relays what
// it receives to the others over a BroadcastChannel; when it closes, its lock passes to the next
// tab, which connects in turn. `<html data-live-events="open">` says the stream is up.
"use strict";

const liveEvents = (() => {
  const channelName = "moments-live-events";
  const handlers = new Map();
  let transport = null;

  function deliver(name, raw) {
    let data = raw;
    try { data = JSON.parse(raw); } catch { /* not JSON: handed over as sent */ }
    for (const handler of handlers.get(name) ?? []) handler(data, name);
  }

  function setState(state) {
    document.documentElement.dataset.liveEvents = state;
  }

  function receive(message) {
    if (message.type === "event") deliver(message.name, message.data);
    else if (message.type === "open" || message.type === "closed") setState(message.type);
  }

  // The shared worker holds the stream; this tab's port says which names it wants.
  function sharedWorkerTransport() {
    const port = new SharedWorker("/js/live-events-worker.js", { name: channelName }).port;
    port.addEventListener("message", ({ data }) => receive(data));
    port.start();
    const subscribe = (name) => port.postMessage({ type: "subscribe", name });
    window.addEventListener("pagehide", () => port.postMessage({ type: "bye" }));
    // Back from the back-forward cache: ask again for what this page listens to.
    window.addEventListener("pageshow", (event) => { if (event.persisted) handlers.forEach((_, name) => subscribe(name)); });
    return { subscribe };
  }

  // One tab, the holder of the lock, connects and relays; the others listen to the channel.
  // Messages: "subscribe" (a tab wants a name), "leader" (a new leader asks the others to say
  // their names again), and the events and states the leader relays.
  function leaderTransport() {
    const channel = new BroadcastChannel(channelName);
    const names = new Set();
    let source = null;
    const relay = (message) => { receive(message); channel.postMessage(message); };
    const listen = (name) => source.addEventListener(name, (event) => relay({ type: "event", name, data: event.data }));
    const want = (name) => {
      if (names.has(name)) return;
      names.add(name);
      if (source) listen(name);
    };
    channel.addEventListener("message", ({ data: message }) => {
      if (message.type === "subscribe") {
        if (!source) return;
        want(message.name);
        if (source.readyState === EventSource.OPEN) channel.postMessage({ type: "open" });
      } else if (message.type === "leader") {
        names.forEach((name) => channel.postMessage({ type: "subscribe", name }));
      } else {
        receive(message);
      }
    });
    // Held until this tab goes; the browser then grants it to the next tab waiting.
    navigator.locks.request(channelName, () => new Promise((release) => {
      source = new EventSource("/events");
      source.addEventListener("open", () => relay({ type: "open" }));
      source.addEventListener("error", () => relay({ type: "closed" }));
      names.forEach(listen);
      channel.postMessage({ type: "leader" });
      window.addEventListener("pagehide", () => { source.close(); release(); });
    }));
    return {
      subscribe(name) {
        want(name);
        channel.postMessage({ type: "subscribe", name });
      },
    };
  }

  // Neither: this tab connects on its own, as before.
  function ownTransport() {
    const source = new EventSource("/events");
    source.addEventListener("open", () => setState("open"));
    source.addEventListener("error", () => setState("closed"));
    window.addEventListener("pagehide", () => source.close());
    return { subscribe: (name) => source.addEventListener(name, (event) => deliver(name, event.data)) };
  }

  function makeTransport() {
    if ("SharedWorker" in window) return sharedWorkerTransport();
    if ("locks" in navigator && "BroadcastChannel" in window) return leaderTransport();
    return ownTransport();
  }

  return function onLiveEvent(name, handler) {
    if (!("EventSource" in window)) return;
    transport ??= makeTransport();
    if (!handlers.has(name)) {
      handlers.set(name, []);
      transport.subscribe(name);
    }
    handlers.get(name).push(handler);
  };
})();

/** Calls `handler(data, name)` for every live event `name` the server sends. */
function onLiveEvent(name, handler) {
  liveEvents(name, handler);
}
