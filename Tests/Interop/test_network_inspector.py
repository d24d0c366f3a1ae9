"""Area 51's network inspector read by software this project did not write: its HAR export
parsed by haralyzer, and its copy-as-cURL line run by curl against the embedded BFF."""
import json
import shlex
import subprocess
import urllib.request

import pytest
from haralyzer import HarParser

from conftest import start_moments, stop_moments


@pytest.fixture
def dashboard():
    process, url, data = start_moments("serve")
    yield url.rstrip("/")
    stop_moments(process, data)


def get_json(url: str):
    with urllib.request.urlopen(urllib.request.Request(url, headers={"Accept": "application/json"}), timeout=10) as answer:
        return json.load(answer)


def timeline_exchange(base: str) -> dict:
    get_json(f"{base}/api/timeline?refresh=1")
    rows = get_json(f"{base}/api/area51/network?operation=getMomentsDetailsByUserID")["exchanges"]
    assert rows, "the timeline's call is recorded"
    return rows[0]


def test_har_export_is_read_back_by_haralyzer(dashboard):
    row = timeline_exchange(dashboard)
    parser = HarParser(get_json(f"{dashboard}/api/area51/network.har"))
    assert parser.version == "1.2"
    assert parser.creator["name"] == "Moments Web"
    entries = [entry for page in parser.pages for entry in page.entries]
    graphql = [entry for entry in entries if entry.request.url.endswith("/graphql")]
    timeline = [entry for entry in graphql if json.loads(entry.request.text).get("operationName") == "getMomentsDetailsByUserID"]
    assert timeline, "the timeline's GraphQL exchange is in the HAR"
    entry = timeline[0]
    assert entry.request.method == "POST"
    assert entry.response.status == 200
    assert entry.startTime is not None, "startedDateTime parses as an ISO 8601 date"
    assert "getMomentsDetailsByUserID" in json.loads(entry.request.text)["query"]
    assert "userDetails" in json.loads(entry.response.text)["data"]["getMomentsDetailsByUserID"]

    one = HarParser(get_json(f"{dashboard}/api/area51/network.har?id={row['id']}"))
    only = [entry for page in one.pages for entry in page.entries]
    assert len(only) == 1
    assert json.loads(only[0].request.text)["operationName"] == "getMomentsDetailsByUserID"


def test_curl_line_replays_against_the_embedded_bff_and_gets_the_same_answer(dashboard):
    row = timeline_exchange(dashboard)
    detail = get_json(f"{dashboard}/api/area51/network/{row['id']}")
    command = shlex.split(detail["curl"])
    assert command[0] == "curl"
    replayed = subprocess.run(command, capture_output=True, text=True, timeout=30, check=True)
    assert json.loads(replayed.stdout) == json.loads(detail["exchange"]["responseBody"]["text"])
