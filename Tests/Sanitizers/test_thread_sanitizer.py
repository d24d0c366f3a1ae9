"""The dashboard under a concurrent workload, built with ThreadSanitizer (`scripts/tsan` builds it
in `.build-tsan` with `MOMENTS_SANITIZE=thread`, so `Locked` is a lock TSan sees): many clients
like by JSON and by form, flip toggles and overrides, set and clear faults, clear the cache,
fetch the remote config, page, read the inspector, open and drop live streams, query GraphQL and
write the remote config, all at once. Passes when TSan reported nothing, the process lived and
every request was answered (no 5xx but the 502/503/504 a fault asks for).

Standard library only. `TSAN_SECONDS` sets the workload's length (default 60)."""
import http.client
import json
import os
import pathlib
import random
import re
import shutil
import subprocess
import tempfile
import threading
import time

REPO = pathlib.Path(__file__).resolve().parents[2]
BINARY = pathlib.Path(os.environ.get("MOMENTS_BINARY", ".build-tsan/debug/moments"))
SECONDS = float(os.environ.get("TSAN_SECONDS", "60"))
CSRF = "tsan-workload-token"


class Client:
    """One keep-alive connection, as a browser tab or a script holds one."""

    def __init__(self, port: int):
        self.port = port
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def send(self, method: str, path: str, body: str | None = None, content_type: str | None = None, headers=None):
        fields = {"Host": f"127.0.0.1:{self.port}", "Cookie": f"moments_csrf={CSRF}", **(headers or {})}
        if content_type:
            fields["Content-Type"] = content_type
        try:
            self.connection.request(method, path, body=body, headers=fields)
            response = self.connection.getresponse()
            response.read()
            return response.status
        except (http.client.HTTPException, OSError):
            self.connection.close()
            self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            raise


def json_write(client, method, path, value):
    return client.send(method, path, json.dumps(value), "application/json")


def form(client, path, fields):
    return client.send("POST", path, f"{fields}&_csrf={CSRF}", "application/x-www-form-urlencoded",
                       {"Origin": f"http://127.0.0.1:{client.port}"})


MOMENTS = [str(n) for n in range(1, 31)]
ACTIONS = [
    lambda c: json_write(c, "PUT", f"/api/moments/{random.choice(MOMENTS)}/like?userID={random.randint(0, 5)}",
                         {"isLiked": random.random() < 0.5}),
    lambda c: form(c, f"/moments/{random.choice(MOMENTS)}/like", f"isLiked={random.choice(['true', 'false'])}"),
    lambda c: json_write(c, "PUT", "/api/toggles/isLikeButtonForMomentEnabled", {"isOn": random.random() < 0.7}),
    lambda c: json_write(c, "PUT", "/api/toggles/isNewTimelineLayoutEnabled", {"isOn": random.random() < 0.5}),
    lambda c: json_write(c, "PUT", "/api/toggles/likeButtonStyle", {"override": random.choice(["heart", "star", None])}),
    lambda c: json_write(c, "PUT", "/api/toggles/isRoundedAvatar", {"override": random.choice([True, False, None])}),
    lambda c: json_write(c, "PUT", "/api/area51/faults/getMomentsDetailsByUserID",
                         {"kind": "delay", "delayMs": random.randint(0, 20), "remainingCalls": 2}),
    lambda c: json_write(c, "PUT", "/api/area51/faults/updateMomentLike",
                         {"kind": "httpStatus", "status": 503, "remainingCalls": 1}),
    lambda c: c.send("DELETE", "/api/area51/faults"),
    lambda c: c.send("POST", "/api/area51/actions/clear-cache"),
    lambda c: c.send("POST", "/api/area51/actions/fetch-remote-config"),
    lambda c: c.send("GET", "/"),
    lambda c: c.send("GET", f"/?after={random.choice(MOMENTS)}", headers={"Accept-Encoding": "gzip"}),
    lambda c: c.send("GET", "/?refresh=1"),
    lambda c: c.send("GET", "/api/timeline"),
    lambda c: c.send("GET", f"/api/moments/{random.choice(MOMENTS)}"),
    lambda c: c.send("GET", f"/moments/{random.choice(MOMENTS)}?lang=zh-Hans"),
    lambda c: c.send("GET", "/area51"),
    lambda c: c.send("GET", "/api/area51/network?outcome=failure"),
    lambda c: c.send("GET", "/api/toggles"),
    lambda c: c.send("GET", "/api/tracking/events"),
    lambda c: json_write(c, "POST", "/graphql", {
        "query": "query q($u: ID!) { getMomentsDetailsByUserID(userID: $u) { moments { id isLiked likes { id } } } }",
        "variables": {"u": str(random.randint(0, 5))}}),
    lambda c: json_write(c, "PUT", "/remote-config", {"likeButtonStyle": random.choice(["heart", "star"])}),
]
ALLOWED = {200, 204, 303, 304, 400, 404, 409, 502, 503, 504}


def live_stream(port: int, deadline: float, failures: list):
    """Opens `/events`, reads a little, drops it, again: tabs coming and going."""
    while time.time() < deadline:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            connection.request("GET", "/events", headers={"Host": f"127.0.0.1:{port}", "Accept": "text/event-stream"})
            response = connection.getresponse()
            if response.status != 200:
                failures.append(f"/events answered {response.status}")
            response.fp.read1(256)
            time.sleep(random.uniform(0.05, 0.5))
            connection.close()
        except (http.client.HTTPException, OSError) as error:
            failures.append(f"/events: {error!r}")


def worker(port: int, deadline: float, counts: dict, failures: list):
    client = Client(port)
    while time.time() < deadline:
        action = random.choice(ACTIONS)
        try:
            status = action(client)
        except (http.client.HTTPException, OSError) as error:
            failures.append(f"no answer: {error!r}")
            continue
        counts[status] = counts.get(status, 0) + 1
        if status not in ALLOWED:
            failures.append(f"status {status}")


def test_concurrentWorkload_underThreadSanitizer_reportsNoRace():
    binary = BINARY if BINARY.is_absolute() else REPO / BINARY
    assert binary.exists(), f"{binary} does not exist: run scripts/tsan, which builds it"
    data = tempfile.mkdtemp(prefix="moments-tsan-")
    log_path = pathlib.Path(data) / "stderr.log"
    environment = {**os.environ, "TSAN_OPTIONS": "halt_on_error=0 report_signal_unsafe=0 history_size=4"}
    with open(log_path, "w") as log:
        process = subprocess.Popen([str(binary), "serve", "--port", "0", "--data-dir", data, "--log-level", "warning"],
                                   stdout=subprocess.PIPE, stderr=log, text=True, cwd=REPO, env=environment)
    try:
        line = process.stdout.readline()
        port = int(re.search(r"http://127\.0\.0\.1:(\d+)", line).group(1))
        deadline = time.time() + SECONDS
        counts, failures = {}, []
        threads = [threading.Thread(target=worker, args=(port, deadline, counts, failures)) for _ in range(12)]
        threads += [threading.Thread(target=live_stream, args=(port, deadline, failures)) for _ in range(3)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(SECONDS + 120)
        total = sum(counts.values())
        print(f"\n{total} requests in {SECONDS:.0f} s by 12 clients and 3 live streams; statuses {sorted(counts.items())}")
        assert process.poll() is None, "the dashboard stopped under the workload"
        assert Client(port).send("GET", "/healthz") == 200
        assert total > 100, "the workload hardly ran"
        assert not failures, f"{len(failures)} failures, first {failures[:5]}"
    finally:
        process.terminate()
        process.wait(timeout=30)
        stderr = log_path.read_text(errors="replace")
        shutil.rmtree(data, ignore_errors=True)
    reports = stderr.count("WARNING: ThreadSanitizer")
    assert reports == 0, f"ThreadSanitizer reported {reports} times; the first:\n" + stderr[stderr.find("WARNING: ThreadSanitizer"):][:6000]
    assert "ERROR: ThreadSanitizer" not in stderr, stderr[-4000:]
