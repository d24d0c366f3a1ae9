"""Mocks on a live dashboard: an operation answered from a body QA writes, for N calls and only
for the variables named, marked in the inspector and the banner; refusals change nothing."""
import json

import pytest
import requests

from conftest import start_moments, stop_moments

MOCKED_TITLE = "Answered by a mock"


@pytest.fixture
def dashboard():
    process, url, data = start_moments("serve")
    yield url.rstrip("/")
    stop_moments(process, data)


def ok(answer: requests.Response) -> dict:
    assert answer.status_code == 200, answer.text
    return answer.json()


def titles(base: str, user: str) -> list:
    sections = ok(requests.get(f"{base}/api/timeline?refresh=1&userID={user}"))["sections"]
    return [item.get("title") for section in sections for item in section["items"]]


def mocked_answer(base: str) -> dict:
    """User 3's timeline as the BFF answered it, its first moment retitled."""
    titles(base, "3")
    row = ok(requests.get(f"{base}/api/area51/network?operation=getMomentsDetailsByUserID"))["exchanges"][0]
    answer = json.loads(ok(requests.get(f"{base}/api/area51/network/{row['id']}"))["exchange"]["responseBody"]["text"])
    answer["data"]["getMomentsDetailsByUserID"]["moments"][0]["title"] = MOCKED_TITLE
    return answer


def test_a_mock_answers_only_matching_calls_for_its_count_and_is_marked(dashboard):
    body = mocked_answer(dashboard)
    listed = ok(requests.put(f"{dashboard}/api/area51/mocks/getMomentsDetailsByUserID",
                             json={"body": body, "variables": {"userID": "3"}, "remainingCalls": 2}))
    assert [m["operation"] for m in listed["mocks"]] == ["getMomentsDetailsByUserID"]
    assert "data-mock-banner" in requests.get(f"{dashboard}/area51").text, "every page names the mock in force"

    assert MOCKED_TITLE not in titles(dashboard, "0"), "other variables reach the BFF"
    assert MOCKED_TITLE in titles(dashboard, "3")
    rows = ok(requests.get(f"{dashboard}/api/area51/network?operation=getMomentsDetailsByUserID"))["exchanges"]
    assert rows[0]["isMocked"] and not rows[1]["isMocked"]
    assert "data-mocked" in requests.get(f"{dashboard}/area51/network").text

    assert MOCKED_TITLE in titles(dashboard, "3"), "the second of two calls"
    assert ok(requests.get(f"{dashboard}/api/area51/mocks"))["mocks"] == [], "used up"
    assert MOCKED_TITLE not in titles(dashboard, "3")
    sources = [change["source"] for change in ok(requests.get(f"{dashboard}/api/area51/mocks"))["audit"]]
    assert sources == ["expired", "api"]


def test_a_mock_until_cleared_and_its_refusals(dashboard):
    body = mocked_answer(dashboard)
    ok(requests.put(f"{dashboard}/api/area51/mocks/getMomentsDetailsByUserID", json={"body": body}))
    assert MOCKED_TITLE in titles(dashboard, "0") and MOCKED_TITLE in titles(dashboard, "3")

    unknown = requests.put(f"{dashboard}/api/area51/mocks/remoteConfig", json={"body": body})
    assert unknown.status_code == 404 and unknown.json()["error"]["code"] == "unknown_operation"
    not_graphql = requests.put(f"{dashboard}/api/area51/mocks/updateMomentLike", json={"body": {"moments": []}})
    assert not_graphql.status_code == 400 and not_graphql.json()["error"]["code"] == "invalid_mock"
    assert "body" in not_graphql.json()["error"]["message"]
    # Neither a body nor a failure in its place.
    no_body = requests.put(f"{dashboard}/api/area51/mocks/updateMomentLike", json={"variables": {}})
    assert no_body.status_code == 400 and no_body.json()["error"]["code"] == "invalid_mock"
    assert [m["operation"] for m in ok(requests.get(f"{dashboard}/api/area51/mocks"))["mocks"]] == ["getMomentsDetailsByUserID"]

    ok(requests.delete(f"{dashboard}/api/area51/mocks/getMomentsDetailsByUserID"))
    assert MOCKED_TITLE not in titles(dashboard, "3")
    assert "data-mock-banner" not in requests.get(f"{dashboard}/area51").text
