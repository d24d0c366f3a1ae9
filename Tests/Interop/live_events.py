"""An open dashboard tab's live events: `GET /events` read on a thread, each event kept with the
time it arrived, as a browser's EventSource would hand it to the page."""
from __future__ import annotations

import http.client
import json
import queue
import socket
import threading
import time
import urllib.parse


class LiveEvents:
    """`with LiveEvents(origin) as events: … events.next("like", timeout=1)`."""

    def __init__(self, origin: str):
        address = urllib.parse.urlsplit(origin)
        self._connection = http.client.HTTPConnection(address.hostname, address.port, timeout=5)
        self._connection.request("GET", "/events", headers={"Accept": "text/event-stream"})
        self._answer = self._connection.getresponse()
        assert self._answer.status == 200, self._answer.read()
        self._connection.sock.settimeout(None)
        self._events: queue.SimpleQueue = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        name, data = None, []
        try:
            while raw := self._answer.readline():
                line = raw.decode().rstrip("\r\n")
                if line.startswith("event:"):
                    name = line[6:].strip()
                elif line.startswith("data:"):
                    data.append(line[5:].strip())
                elif line == "" and data:
                    self._events.put((time.monotonic(), name or "message", json.loads("\n".join(data))))
                    name, data = None, []
        except (OSError, ValueError, AttributeError, http.client.HTTPException):
            pass  # closed by the test

    def next(self, name: str, timeout: float) -> tuple[float, dict] | None:
        """The next event called `name` (others are skipped) and when it came, or None after `timeout` s."""
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            try:
                arrived, event, data = self._events.get(timeout=left)
            except queue.Empty:
                return None
            if event == name:
                return arrived, data
        return None

    def drain(self, name: str, quiet: float) -> list[dict]:
        """Every `name` event that comes until none has for `quiet` s."""
        events = []
        while (event := self.next(name, quiet)) is not None:
            events.append(event[1])
        return events

    def close(self) -> None:
        # Shut down first: a plain close would wait for the read under way, up to the next keep-alive.
        self._connection.sock.shutdown(socket.SHUT_RDWR)
        self._connection.close()

    def __enter__(self) -> "LiveEvents":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
