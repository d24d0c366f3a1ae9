"""The dashboard's BFF contract watch against a BFF this project did not write: the graphql-core
BFF (`seed_bff.py`) has its schema changed while the dashboard runs (a field removed, a type
changed, an argument made required, a field deprecated, an enum value added), and the dashboard's
classification of each change must agree with graphql-core's `find_breaking_changes` and
`find_dangerous_changes` on the same two schemas (the oracle). Prints the table of the five."""
import json
import re

import pytest
import requests
from graphql import build_schema, find_breaking_changes, find_dangerous_changes

from conftest import start_moments, stop_moments
from seed_bff import SEED_SDL
from test_live_likes import wait_for

# The seed's schema with an optional `first`, so that one change can make an argument required.
BASE_SDL = SEED_SDL.replace("getMomentsDetailsByUserID(userID: ID!)", "getMomentsDetailsByUserID(userID: ID!, first: Int)")

# Each change made on top of the ones before, as a BFF deployed five times: (what changed, the
# line replaced, its replacement, the dashboard's expected level, its expected path).
CHANGES = [
    ("field removed", "  title: String\n", "", "breaking", "Moment.title"),
    ("type changed", "  createdDate: String!", "  createdDate: Int!", "breaking", "Moment.createdDate"),
    ("argument made required", "first: Int)", "first: Int!)", "breaking", "Query.getMomentsDetailsByUserID.first"),
    ("field deprecated", "  url: String\n", '  url: String @deprecated(reason: "Use photos.")\n', "safe", "Moment.url"),
    ("enum value added", "enum MomentType { URL PHOTOS }", "enum MomentType { URL PHOTOS VIDEO }", "dangerous", "MomentType.VIDEO"),
]


@pytest.fixture
def watched(seed_bff):
    """A graphql-core BFF serving `BASE_SDL` and a dashboard reading its schema every 0.2 s."""
    bff = seed_bff()
    bff.schema = build_schema(BASE_SDL)
    process, url, data = start_moments("serve", "--bff-url", bff.url, "--contract-interval", "0.2")
    origin = re.match(r"http://[^/]+", url).group(0)
    yield bff, origin
    stop_moments(process, data)


def contract(origin: str) -> dict:
    answer = requests.get(f"{origin}/api/area51/contract", timeout=10)
    assert answer.status_code == 200, answer.text
    return answer.json()


def oracle(old_sdl: str, new_sdl: str) -> dict:
    old, new = build_schema(old_sdl), build_schema(new_sdl)
    return {"breaking": [c.description for c in find_breaking_changes(old, new)],
            "dangerous": [c.description for c in find_dangerous_changes(old, new)]}


def test_eachSchemaChange_isClassifiedAsGraphQLCoreDoes(watched):
    bff, origin = watched
    assert wait_for(lambda: contract(origin)["schemaHash"] is not None, 15), "the schema was never read"
    first = contract(origin)
    valid = {document["operation"] for document in first["documents"] if document["valid"]}
    assert {"getMomentsDetailsByUserID", "updateMomentLike", "BFFCapabilities"} <= valid, first["documents"]
    assert first["skew"] == []
    assert requests.get(f"{origin}/api/timeline", timeout=10).status_code == 200
    sdl, rows, invalid_before = BASE_SDL, [], {d["operation"] for d in first["documents"] if not d["valid"]}
    for what, old_text, new_text, level, path in CHANGES:
        assert old_text in sdl, what
        before = contract(origin)["schemaHash"]
        changed = sdl.replace(old_text, new_text)
        bff.schema = build_schema(changed)
        assert wait_for(lambda: contract(origin)["history"][0]["schemaHash"] != before, 15), f"{what}: no new version seen"
        seen = contract(origin)
        changes = seen["history"][0]["changes"]
        verdict = oracle(sdl, changed)
        ours = {criticality: [c for c in changes if c["criticality"] == criticality] for criticality in ("breaking", "dangerous", "safe")}
        assert [c["path"] for c in changes] == [path], f"{what}: {changes}"
        assert changes[0]["criticality"] == level, f"{what}: {changes}"
        assert len(ours["breaking"]) == len(verdict["breaking"]), f"{what}: ours {changes}, graphql-core {verdict}"
        assert len(ours["dangerous"]) == len(verdict["dangerous"]), f"{what}: ours {changes}, graphql-core {verdict}"
        affected = [f'{o["name"]} (seen {o["seen"]})' for o in changes[0]["affectedOperations"]]
        invalid = {d["operation"] for d in seen["documents"] if not d["valid"]}
        rows.append((what, path, level, ", ".join(affected) or "none", ", ".join(sorted(invalid - invalid_before)) or "none",
                     "; ".join(verdict["breaking"] + verdict["dangerous"]) or "neither breaking nor dangerous"))
        sdl, invalid_before = changed, invalid
    page = contract(origin)
    assert len(page["history"]) == len(CHANGES) + 1
    assert page["skew"] == []
    print("\n| change | path | dashboard | affected operations | documents that stopped validating | graphql-core |")
    print("| --- | --- | --- | --- | --- | --- |")
    for row in rows:
        print("| " + " | ".join(row) + " |")


def test_theTimelinesDocuments_stopValidating_whenAFieldTheyUseIsRemoved(watched):
    bff, origin = watched
    assert wait_for(lambda: contract(origin)["schemaHash"] is not None, 15)
    assert requests.get(f"{origin}/api/timeline", timeout=10).status_code == 200
    bff.schema = build_schema(BASE_SDL.replace("  title: String\n", ""))
    assert wait_for(lambda: len(contract(origin)["history"]) == 2, 15)
    seen = contract(origin)
    timeline = next(d for d in seen["documents"] if d["operation"] == "getMomentsDetailsByUserID")
    assert not timeline["valid"] and timeline["errors"]
    usage = seen["history"][0]["changes"][0]["affectedOperations"]
    reads = next(o for o in usage if o["name"] == "getMomentsDetailsByUserID")
    assert reads["seen"] >= 1 and reads["lastSeenAt"] is not None
    page = requests.get(f"{origin}/area51/contract", timeout=10)
    assert page.status_code == 200 and "Moment.title" in page.text


class AlternatingProxy:
    """One address in front of several BFFs, as a load balancer with round robin: each POST goes
    to the next BFF in turn."""

    def __init__(self, backends: list[str]):
        import itertools
        import threading
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
        import urllib.request

        turns, lock = itertools.cycle(backends), threading.Lock()

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                with lock:
                    backend = next(turns)
                request = urllib.request.Request(backend, data=body, method="POST",
                                                 headers={"Content-Type": "application/json"})
                try:
                    with urllib.request.urlopen(request, timeout=10) as answer:
                        status, payload = answer.status, answer.read()
                except urllib.error.HTTPError as error:
                    status, payload = error.code, error.read()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/graphql"

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


def test_twoBFFsOfDifferentSchemasBehindOneAddress_areShownAsSkew(seed_bff):
    old, new = seed_bff(), seed_bff()
    new.schema = build_schema(SEED_SDL.replace("  title: String\n", ""))
    proxy = AlternatingProxy([old.url, new.url])
    process, url, data = start_moments("serve", "--bff-url", proxy.url, "--contract-interval", "0.2")
    origin = re.match(r"http://[^/]+", url).group(0)
    try:
        assert wait_for(lambda: len(contract(origin)["skew"]) == 2, 15), contract(origin)
        seen = contract(origin)
        assert {read["schemaHash"] for read in seen["skew"]} == {entry["schemaHash"] for entry in seen["history"]}
        assert len(seen["history"]) == 2, json.dumps(seen, indent=1)
        page = requests.get(f"{origin}/area51/contract", timeout=10)
        assert page.status_code == 200 and "data-contract-skew" in page.text
    finally:
        stop_moments(process, data)
        proxy.stop()
