// Moments Web: the one live connection of a browser. Every tab of the dashboard connects to
// this shared worker through a port; the worker holds the only EventSource('/events') and
// hands each event to the tabs that asked for its name. Browsers allow six HTTP/1.1
// connections per host: one stream per tab would leave the seventh tab waiting forever.
"use strict";

const ports = new Set();
const names = new Set();
let source = null;

function broadcast(message) {
  for (const port of ports) port.postMessage(message);
}

function listen(name) {
  if (names.has(name)) return;
  names.add(name);
  source?.addEventListener(name, (event) => broadcast({ type: "event", name, data: event.data }));
}

function connect() {
  if (source) return;
  source = new EventSource("/events");
  source.addEventListener("open", () => broadcast({ type: "open" }));
  source.addEventListener("error", () => broadcast({ type: "closed" }));
  const known = [...names];
  names.clear();
  known.forEach(listen);
}

// The last tab gone: the stream ends, so the server does not write to nobody.
function disconnectWhenAlone() {
  if (ports.size > 0 || !source) return;
  source.close();
  source = null;
}

onconnect = (connection) => {
  const port = connection.ports[0];
  port.addEventListener("message", ({ data: message }) => {
    if (message.type === "subscribe") {
      ports.add(port);
      connect();
      listen(message.name);
      if (source.readyState === EventSource.OPEN) port.postMessage({ type: "open" });
    } else if (message.type === "bye") {
      ports.delete(port);
      disconnectWhenAlone();
    }
  });
  port.start();
};
