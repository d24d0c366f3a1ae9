"""QA sessions across two dashboards: A, with overrides, a fault, a mock and user 3, exports its
session; B, on a fresh data folder, opens it and is then in the same state. The session's
exchanges and B's own are read back by haralyzer, software this project did not write. Files B
cannot apply whole are refused with a 4xx that names the cause, and B's toggles stay as they were."""
import copy
import json
import re
import socket

import jsonschema
import pytest
import requests
from haralyzer import HarParser

from conftest import start_moments, stop_moments

SECRET = "Bearer s3cret-session-token"
MOCKED_TITLE = "Mocked by QA for the bug report"


@pytest.fixture(scope="module")
def bff_url():
    process, url, data = start_moments("bff")
    yield re.match(r"http://[^/]+", url).group(0) + "/graphql"
    stop_moments(process, data)


@pytest.fixture
def dashboards(bff_url):
    """A (which sends a credential to the BFF) and B, each on its own fresh data folder."""
    a_process, a_url, a_data = start_moments("serve", "--bff-url", bff_url, "--bff-header", f"Authorization: {SECRET}")
    b_process, b_url, b_data = start_moments("serve", "--bff-url", bff_url)
    yield a_url.rstrip("/"), b_url.rstrip("/")
    stop_moments(a_process, a_data)
    stop_moments(b_process, b_data)


def ok(answer: requests.Response) -> dict:
    assert answer.status_code == 200, answer.text
    return answer.json()


def toggle_layers(session: requests.Session, base: str) -> list:
    """What must be the same on both dashboards: each toggle's value in force and its override."""
    return [(t["name"], t["kind"], t.get("isOn"), t.get("value"), t["effectiveValue"], (t.get("override") or {}).get("value"))
            for t in ok(session.get(f"{base}/api/toggles"))["toggles"]]


def timeline(session: requests.Session, base: str) -> list:
    return ok(session.get(f"{base}/api/timeline?refresh=1"))["sections"]


def prepare_a(a: str) -> requests.Session:
    """A in the state of a bug: a toggle, two overrides, a fault, user 3 and a mock of user 3's
    timeline made from a recorded exchange and edited."""
    session = requests.Session()
    session.cookies.set("moments_user", "3")
    ok(session.put(f"{a}/api/toggles/isLikeButtonForMomentEnabled", json={"isOn": True}))
    ok(session.put(f"{a}/api/toggles/likeButtonStyle", json={"override": "star"}))
    ok(session.put(f"{a}/api/toggles/isRoundedAvatar", json={"override": True}))
    ok(session.put(f"{a}/api/area51/faults/updateMomentLike", json={"kind": "httpStatus", "status": 503, "remainingCalls": 2}))
    timeline(session, a)
    row = ok(session.get(f"{a}/api/area51/network?operation=getMomentsDetailsByUserID"))["exchanges"][0]
    recorded = json.loads(ok(session.get(f"{a}/api/area51/network/{row['id']}"))["exchange"]["responseBody"]["text"])
    recorded["data"]["getMomentsDetailsByUserID"]["moments"][0]["title"] = MOCKED_TITLE
    ok(session.put(f"{a}/api/area51/mocks/getMomentsDetailsByUserID", json={"body": recorded, "variables": {"userID": "3"}}))
    return session


def export(session: requests.Session, base: str, note: str) -> dict:
    answer = session.post(f"{base}/api/area51/sessions/export", json={"note": note})
    assert answer.status_code == 200, answer.text
    assert "attachment" in answer.headers["Content-Disposition"]
    return answer.json()


def test_a_session_exported_by_a_is_opened_by_b_in_the_same_state(dashboards):
    a, b = dashboards
    a_session = prepare_a(a)
    a_timeline = timeline(a_session, a)
    titles = [item.get("title") for section in a_timeline for item in section["items"]]
    assert MOCKED_TITLE in titles, "A's timeline is answered by the mock"
    exported = export(a_session, a, "The like button fails with 503 after two likes.")
    text = json.dumps(exported)
    schema = ok(a_session.get(f"{a}/api/openapi.json"))["components"]["schemas"]["QASession"]
    jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker()).validate(exported)
    assert exported["version"] == 1
    assert exported["note"] == "The like button fails with 503 after two likes."
    assert exported["actingUser"] == {"userID": "3"}
    assert exported["bff"]["url"].endswith("/graphql")
    assert "s3cret-session-token" not in text, "credentials never leave the dashboard"
    assert [f["operation"] for f in exported["faults"]] == ["updateMomentLike"]
    assert [m["operation"] for m in exported["mocks"]] == ["getMomentsDetailsByUserID"]

    har = HarParser(exported["exchanges"])
    entries = [entry for page in har.pages for entry in page.entries]
    assert har.version == "1.2" and entries, "the session's exchanges are a HAR 1.2 log"
    assert all(entry.request.method == "POST" for entry in entries if entry.request.url.endswith("/graphql"))
    assert any(json.loads(entry.request.text).get("operationName") == "getMomentsDetailsByUserID"
               for entry in entries if entry.request.url.endswith("/graphql"))

    b_session = requests.Session()
    before = toggle_layers(b_session, b)
    preview = ok(b_session.post(f"{b}/api/area51/sessions/import/preview", json=exported))
    kinds = {change["kind"] for change in preview["changes"]}
    assert {"toggle", "override", "fault", "mock", "actingUser"} <= kinds
    assert not preview["isApplied"]
    assert toggle_layers(b_session, b) == before, "the preview changes nothing"

    applied = ok(b_session.post(f"{b}/api/area51/sessions/import", json=exported))
    assert applied["isApplied"] and applied["changes"] == preview["changes"]
    assert b_session.cookies.get("moments_user") == "3"

    assert toggle_layers(b_session, b) == toggle_layers(a_session, a)
    faults = lambda s, base: [(f["operation"], f["fault"]) for f in ok(s.get(f"{base}/api/area51/faults"))["faults"]]
    assert faults(b_session, b) == faults(a_session, a)
    mocks = lambda s, base: ok(s.get(f"{base}/api/area51/mocks"))["mocks"]
    assert mocks(b_session, b) == mocks(a_session, a)
    assert timeline(b_session, b) == timeline(a_session, a)

    audit = ok(b_session.get(f"{b}/api/toggles"))["audit"]
    assert {change["source"] for change in audit} == {"session"}, "the import is audited as such"
    assert {c["source"] for c in ok(b_session.get(f"{b}/api/area51/mocks"))["audit"]} == {"session"}

    b_har = HarParser(ok(b_session.get(f"{b}/api/area51/network.har")))
    b_entries = [entry for page in b_har.pages for entry in page.entries]
    mocked = [entry for entry in b_entries if "mocked" in entry.raw_entry["comment"]]
    assert mocked, "B's mocked exchanges are in its HAR, marked"
    assert json.loads(mocked[0].response.text)["data"]["getMomentsDetailsByUserID"]["moments"][0]["title"] == MOCKED_TITLE


def refused(session: requests.Session, base: str, body: bytes) -> requests.Response:
    return session.post(f"{base}/api/area51/sessions/import", data=body, headers={"Content-Type": "application/json"})


def test_files_b_cannot_apply_whole_are_refused_naming_the_cause_and_change_nothing(dashboards):
    a, b = dashboards
    exported = export(prepare_a(a), a, "refusals")
    b_session = requests.Session()
    before = toggle_layers(b_session, b)

    future = dict(exported, version=2)
    answer = refused(b_session, b, json.dumps(future).encode())
    assert answer.status_code == 422 and answer.json()["error"]["code"] == "unsupported_session_version"
    assert "version 2" in answer.json()["error"]["message"]

    unknown = copy.deepcopy(exported)
    unknown["toggles"].append({"name": "isTeleportEnabled", "kind": "internal", "isOn": True})
    answer = refused(b_session, b, json.dumps(unknown).encode())
    assert answer.status_code == 422 and answer.json()["error"]["code"] == "unknown_toggles"
    assert "isTeleportEnabled" in answer.json()["error"]["message"]

    text = json.dumps(exported).encode()
    answer = refused(b_session, b, text[: len(text) // 2])
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "invalid_json"
    assert "not valid JSON" in answer.json()["error"]["message"]

    wrong = copy.deepcopy(exported)
    wrong["faults"][0]["fault"]["status"] = 200
    answer = refused(b_session, b, json.dumps(wrong).encode())
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "invalid_session"
    assert "faults[0]" in answer.json()["error"]["message"]

    twice = copy.deepcopy(exported)
    twice["mocks"].append(twice["mocks"][0])
    answer = refused(b_session, b, json.dumps(twice).encode())
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "invalid_session"
    assert "mocks" in answer.json()["error"]["message"]

    status, error = post_declaring_length(b, "/api/area51/sessions/import", 50 * 1024 * 1024)
    assert status == 413 and error["code"] == "payload_too_large"
    assert "limited to" in error["message"]

    assert toggle_layers(b_session, b) == before, "nothing changed on B"
    assert ok(b_session.get(f"{b}/api/area51/faults"))["faults"] == []
    assert ok(b_session.get(f"{b}/api/area51/mocks"))["mocks"] == []


def post_declaring_length(base: str, path: str, length: int) -> tuple:
    """POSTs a 50 MB file as curl does (`Expect: 100-continue`), sending its body only if the
    server asks for it; answers the status and the error."""
    host, port = re.match(r"http://([^:/]+):(\d+)", base).groups()
    with socket.create_connection((host, int(port)), timeout=10) as connection:
        connection.sendall((f"POST {path} HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Type: application/json\r\n"
                            f"Content-Length: {length}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n").encode())
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split()[1]), json.loads(body)["error"]
