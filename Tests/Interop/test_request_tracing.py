"""Every request traceable, every log line true, checked from outside the process: the real
binary's standard error read back after hostile requests (log forging, CWE-117), in both log
formats; `X-Request-Id` on every answer, in the request's log lines and on its exchanges; and the
W3C `traceparent` as an independent BFF on graphql-core receives it."""
import http.client
import json
import re
import shutil
import subprocess
import tempfile
import urllib.parse

import pytest

from conftest import moments_binary, REPO
from seed_bff import SeedBFF

FORGED = "2026-11-25T00:00:00+0000 critical moments.http: FORGED admin login"
TEXT_LINE = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4} (trace|debug|info|notice|warning|error|critical) [\w.]+:")
HOSTILE_BFF_MESSAGE = f"likes down\r\n{FORGED}\x1b[2J\x1b[31m\x00\u0085"


class HostileBFF(SeedBFF):
    """A graphql-core BFF whose every answer is a GraphQL error with control characters in its message."""

    def answer(self, path, headers, body):
        status, payload, extra = super().answer(path, headers, body)
        return 200, json.dumps({"errors": [{"message": HOSTILE_BFF_MESSAGE}]}).encode(), extra


class Dashboard:
    """`moments serve` at info level with its standard error kept, read back once stopped."""

    def __init__(self, *arguments: str):
        self.data = tempfile.mkdtemp(prefix="moments-tracing-")
        self.process = subprocess.Popen(
            [moments_binary(), "serve", *arguments, "--port", "0", "--data-dir", self.data, "--log-level", "info"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=REPO)
        line = self.process.stdout.readline().decode()
        match = re.search(r"http://([^/\s]+)", line)
        assert match, f"moments serve did not announce its URL: {line!r}"
        self.host, self.port = match.group(1).rsplit(":", 1)
        self.log = b""

    def request(self, method: str, target: str, headers: dict | None = None, body: bytes | None = None):
        connection = http.client.HTTPConnection(self.host, int(self.port), timeout=15)
        connection.putrequest(method, target, skip_accept_encoding=True)
        for name, value in (headers or {}).items():
            connection.putheader(name, value)
        if body is not None:
            connection.putheader("Content-Length", str(len(body)))
        connection.endheaders(body)
        answer = connection.getresponse()
        content = answer.read()
        connection.close()
        return answer.status, answer, content

    def stop(self) -> bytes:
        if self.process.poll() is None:
            self.process.terminate()
            _, self.log = self.process.communicate(timeout=15)
        shutil.rmtree(self.data, ignore_errors=True)
        return self.log


@pytest.fixture
def dashboards():
    started = []

    def start(*arguments: str) -> Dashboard:
        dashboard = Dashboard(*arguments)
        started.append(dashboard)
        return dashboard

    yield start
    for dashboard in started:
        dashboard.stop()


def assert_one_event_per_line(log: bytes, log_format: str) -> list:
    """Every line of the log is one whole event: a text line starts as the handler starts it, a
    JSON line is one object; no raw control character is left anywhere."""
    text = log.decode("utf-8")
    assert text.endswith("\n")
    assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]", text), "a raw control character reached the log"
    events = []
    for line in text.splitlines():
        if log_format == "text":
            assert TEXT_LINE.match(line), f"not a line of the handler's: {line!r}"
            assert not line.startswith(FORGED[:30])
            events.append(line)
        else:
            event = json.loads(line)
            assert set(event) == {"time", "level", "label", "message", "metadata", "source"}, line
            events.append(event)
    return events


@pytest.mark.parametrize("log_format", ["text", "json"])
def test_outsideText_inPathQueryHeaderAndBFFError_neverForgesALogLine(dashboards, log_format):
    with HostileBFF() as bff:
        dashboard = dashboards("--bff-url", bff.url, "--log-format", log_format)
        forged_query = "/?after=" + urllib.parse.quote(f"x\n{FORGED}", safe="")
        for target in [forged_query,
                       "/api/moments/" + urllib.parse.quote(f"5\r\n{FORGED}", safe=""),
                       "/" + urllib.parse.quote("\x1b[2J\x1b[31mred\x00", safe="") + "?lang=%00%1B%5B31m"]:
            status, answer, _ = dashboard.request("GET", target, {"Accept": "application/json", "X-Request-Id": "\x1b[31mred"})
            assert status < 500 or status in (502, 503, 504), (target, status)
            assert re.fullmatch(r"[0-9a-f]{16}", answer.getheader("X-Request-Id")), "an invalid id is replaced"
        # The BFF's error message, with CR/LF, ANSI and NUL, logged by the GraphQL client.
        dashboard.request("GET", "/api/timeline?refresh=1", {"Accept": "application/json"})
        log = dashboard.stop()
    events = assert_one_event_per_line(log, log_format)
    rendered = [line if log_format == "text" else json.dumps(line) for line in events]
    forged = [line for line in rendered if "FORGED admin login" in line]
    assert len(forged) >= 2, "the forging requests were logged, escaped, inside real lines"
    bff_errors = [line for line in rendered if "likes down" in line]
    assert bff_errors, "the BFF's message was logged"
    assert all("\\r\\n" in line or "\\\\r\\\\n" in line for line in bff_errors), bff_errors


def test_theForgingRequest_ofTheIssue_isOneLine(dashboards):
    dashboard = dashboards()
    target = "/?after=x%0A2026-11-25T00:00:00%2B0000%20critical%20moments.http:%20FORGED%20admin%20login"
    status, answer, _ = dashboard.request("GET", target)
    request_id = answer.getheader("X-Request-Id")
    log = dashboard.stop().decode()
    lines = [line for line in log.splitlines() if "FORGED" in line]
    assert len(lines) == 1, lines
    assert f"request_id={request_id}" in lines[0]
    # The id reaches the log in the BFF's error message about it, escaped inside that line.
    assert "x\\n2026-11-25T00:00:00+0000 critical moments.http: FORGED admin login" in lines[0], lines[0]
    assert not any(line.startswith("2026-11-25T00:00:00+0000 critical") for line in log.splitlines())


def test_requestID_isOnTheAnswer_itsLogLines_andItsExchanges_andTheBFFGetsItsTrace(dashboards, seed_bff):
    bff = seed_bff()
    dashboard = dashboards("--bff-url", bff.url)
    status, answer, _ = dashboard.request("GET", "/api/timeline?refresh=1",
                                          {"Accept": "application/json", "X-Request-Id": "qa-bug-4711"})
    assert status == 200
    assert answer.getheader("X-Request-Id") == "qa-bug-4711"
    _, _, body = dashboard.request("GET", "/api/area51/network", {"Accept": "application/json"})
    exchanges = [row for row in json.loads(body)["exchanges"] if row.get("requestID") == "qa-bug-4711"]
    assert exchanges, "the exchanges the request made carry its id"
    trace_ids = {row["traceID"] for row in exchanges}
    assert len(trace_ids) == 1 and re.fullmatch(r"[0-9a-f]{32}", next(iter(trace_ids)))
    trace_id = next(iter(trace_ids))
    received = [r.headers.get("traceparent") for r in bff.received()]
    assert received and all(received), "every call to the BFF carries a traceparent"
    ours = [value for value in received if value.split("-")[1] == trace_id]
    assert ours, (received, trace_id)
    assert all(re.fullmatch(r"00-[0-9a-f]{32}-[0-9a-f]{16}-01", value) for value in ours)
    assert len({value.split("-")[2] for value in ours}) == len(ours), "each call is a span of its own"
    detail_status, _, detail = dashboard.request("GET", f"/api/area51/network/{exchanges[0]['id']}", {"Accept": "application/json"})
    assert detail_status == 200
    assert "traceparent" in detail.decode()
    log = dashboard.stop().decode()
    ours_logged = [line for line in log.splitlines() if "request_id=qa-bug-4711" in line]
    assert ours_logged and all(f"trace_id={trace_id}" in line for line in ours_logged if "trace_id=" in line)


def test_anIncomingTraceparent_keepsItsTraceID_allTheWayToTheBFF(dashboards, seed_bff):
    bff = seed_bff()
    dashboard = dashboards("--bff-url", bff.url)
    incoming = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
    status, answer, _ = dashboard.request("GET", "/api/timeline?refresh=1", {"Accept": "application/json", "traceparent": incoming})
    assert status == 200
    request_id = answer.getheader("X-Request-Id")
    received = [r.headers.get("traceparent", "") for r in bff.received()]
    continued = [value for value in received if value.split("-")[1:2] == ["4bf92f3577b34da6a3ce929d0e0e4736"]]
    assert continued, received
    assert all(value.split("-")[2] != "00f067aa0ba902b7" for value in continued), "the call is a new span in that trace"
    _, _, body = dashboard.request("GET", "/api/area51/network", {"Accept": "application/json"})
    rows = [row for row in json.loads(body)["exchanges"] if row.get("requestID") == request_id]
    assert rows and {row["traceID"] for row in rows} == {"4bf92f3577b34da6a3ce929d0e0e4736"}


def test_everyAnswer_refusalsIncluded_hasAnXRequestId(dashboards):
    dashboard = dashboards()
    answers = [dashboard.request("GET", "/healthz"),
               dashboard.request("GET", "/nowhere"),
               dashboard.request("PUT", "/api/toggles/isLikeButtonForMomentEnabled", {"Content-Type": "text/plain"}, b"x"),
               dashboard.request("PUT", "/api/toggles/x", {"Content-Type": "application/json", "Content-Length": "999999"})]
    for status, answer, _ in answers:
        assert re.fullmatch(r"[0-9a-f]{16}", answer.getheader("X-Request-Id") or ""), (status, answer.getheaders())
    assert len({answer.getheader("X-Request-Id") for _, answer, _ in answers}) == len(answers)
