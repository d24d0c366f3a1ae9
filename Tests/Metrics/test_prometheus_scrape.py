"""`/metrics` read by the real Prometheus (Debian's `prometheus` package): `promtool check metrics`
accepts what `serve` and `bff` expose, and a Prometheus server with a scrape config of two
dashboards and one `moments bff` scrapes every target `up == 1` and sees the request counter
rise by exactly the requests this test made."""
import json
import os
import pathlib
import re
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.parse
import urllib.request

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
BINARY = pathlib.Path(os.environ.get("MOMENTS_BIN", ".build/debug/moments"))
BINARY = BINARY if BINARY.is_absolute() else REPO / BINARY


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start(*arguments: str):
    data = tempfile.mkdtemp(prefix="moments-metrics-")
    process = subprocess.Popen([str(BINARY), *arguments, "--port", "0", "--data-dir", data, "--log-level", "warning"],
                               stdout=subprocess.PIPE, text=True, cwd=REPO)
    line = process.stdout.readline()
    match = re.search(r"http://([^/\s]+)", line)
    assert match, f"moments {arguments} did not announce its URL: {line!r}"
    return process, match.group(1), data


@pytest.fixture
def targets():
    if not BINARY.exists():
        pytest.fail(f"{BINARY} does not exist: build it first (swift build --product moments)")
    started = [start("serve"), start("serve"), start("bff")]
    yield [address for _, address, _ in started]
    for process, _, data in started:
        process.terminate()
        process.wait(timeout=15)
        shutil.rmtree(data, ignore_errors=True)


def get(url: str, headers: dict | None = None) -> tuple[int, bytes, dict]:
    request = urllib.request.Request(url, headers=headers or {})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return answer.status, answer.read(), dict(answer.headers)


def test_promtool_acceptsTheExposition_ofServeAndBFF(targets):
    dashboard, _, bff = targets
    get(f"http://{dashboard}/healthz")
    get(f"http://{dashboard}/api/timeline", {"Accept": "application/json"})
    for address in (dashboard, bff):
        status, body, headers = get(f"http://{address}/metrics")
        assert status == 200
        assert headers["Content-Type"].startswith("text/plain; version=0.0.4")
        checked = subprocess.run(["promtool", "check", "metrics"], input=body, capture_output=True)
        assert checked.returncode == 0, checked.stdout.decode() + checked.stderr.decode()
    _, body, _ = get(f"http://{dashboard}/metrics")
    text = body.decode()
    assert re.search(r'^http_requests_total\{.*route="/healthz".*status="2xx".*\} 1$', text, re.M), text
    assert 'route="/api/timeline"' in text
    assert re.search(r'^moments_bff_calls_total\{.*operation="getMomentsDetailsByUserID".*outcome="ok".*\} \d+$', text, re.M), text
    assert "http_request_duration_seconds_bucket{" in text
    # The contract watch reads the embedded BFF's schema at start: none of the dashboard's
    # documents has stopped validating.
    deadline = time.monotonic() + 10
    while "moments_contract_invalid_documents " not in text and time.monotonic() < deadline:
        text = get(f"http://{dashboard}/metrics")[1].decode()
    assert re.search(r'^moments_contract_invalid_documents 0(\.0)?$', text, re.M), text
    # Labels are route templates, never raw paths: a GET no route matched went to the static
    # files, and counts under "static".
    try:
        get(f"http://{dashboard}/no/such/path/12345")
    except urllib.error.HTTPError as error:
        assert error.code == 404
    _, body, _ = get(f"http://{dashboard}/metrics")
    assert "/no/such/path" not in body.decode()
    assert re.search(r'^http_requests_total\{.*route="static".*status="4xx".*\} 1$', body.decode(), re.M)


def test_prometheus_scrapesTwoDashboardsAndABFF_andTheCounterRisesByTheRequestsMade(targets):
    folder = pathlib.Path(tempfile.mkdtemp(prefix="moments-prometheus-"))
    port = free_port()
    (folder / "prometheus.yml").write_text(
        "global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\n"
        "scrape_configs:\n"
        "  - job_name: moments-dashboards\n    static_configs:\n"
        f"      - targets: ['{targets[0]}', '{targets[1]}']\n"
        "  - job_name: moments-bff\n    static_configs:\n"
        f"      - targets: ['{targets[2]}']\n")
    server = subprocess.Popen(["prometheus", f"--config.file={folder / 'prometheus.yml'}", f"--storage.tsdb.path={folder / 'data'}",
                               f"--web.listen-address=127.0.0.1:{port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        def query(promql: str) -> list:
            url = f"http://127.0.0.1:{port}/api/v1/query?" + urllib.parse.urlencode({"query": promql})
            try:
                _, body, _ = get(url)
            except OSError:
                return []
            answer = json.loads(body)
            assert answer["status"] == "success", answer
            return answer["data"]["result"]

        def wait_for(promql: str, predicate, what: str):
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                result = query(promql)
                if predicate(result):
                    return result
                time.sleep(0.5)
            pytest.fail(f"{what}: {promql} gave {query(promql)}")

        wait_for("up", lambda r: len(r) == 3 and all(s["value"][1] == "1" for s in r), "every target up")
        counter = f'sum(http_requests_total{{instance="{targets[0]}",route="/healthz"}})'
        before_result = query(counter)
        before = float(before_result[0]["value"][1]) if before_result else 0.0
        made = 17
        for _ in range(made):
            get(f"http://{targets[0]}/healthz")
        wait_for(counter, lambda r: bool(r) and float(r[0]["value"][1]) == before + made, f"the counter rises by {made}")
        bff_up = query('up{job="moments-bff"}')
        assert bff_up and bff_up[0]["value"][1] == "1"
    finally:
        server.terminate()
        server.wait(timeout=15)
        shutil.rmtree(folder, ignore_errors=True)
