"""OpenFeature's own Python SDK, with its OFREP provider, reads the dashboard's toggles over the
OpenFeature Remote Evaluation Protocol: every toggle's value and reason, an override as a
targeting match, the SDK's error for an unknown flag, and a 304 for an unchanged bulk read."""
import re
import time

import pytest
import requests
from openfeature import api
from openfeature.contrib.provider.ofrep import OFREPProvider
from openfeature.exception import ErrorCode
from openfeature.flag_evaluation import Reason

from conftest import start_moments, stop_moments


@pytest.fixture
def dashboard():
    """`moments serve` with the embedded BFF, and an OpenFeature client on its OFREP endpoints."""
    process, url, data = start_moments("serve")
    origin = re.match(r"http://[^/]+", url).group(0)
    api.set_provider(OFREPProvider(origin), domain=origin)
    yield origin, api.get_client(domain=origin)
    api.clear_providers()
    stop_moments(process, data)


def toggles(origin):
    return {toggle["name"]: toggle for toggle in requests.get(f"{origin}/api/toggles", timeout=5).json()["toggles"]}


def details(client, toggle):
    """The SDK's evaluation of `toggle` with a default of the other type's opposite, so a value
    the server did not send cannot pass."""
    if isinstance(toggle["effectiveValue"], bool):
        return client.get_boolean_details(toggle["name"], not toggle["effectiveValue"])
    return client.get_string_details(toggle["name"], "not-a-variant")


def test_sdk_reads_every_toggle_with_its_value_and_reason(dashboard):
    origin, client = dashboard
    listed = toggles(origin)
    assert set(listed) >= {"isLikeButtonForMomentEnabled", "isNewTimelineLayoutEnabled", "isRoundedAvatar", "likeButtonStyle"}
    expected_reasons = {"isLikeButtonForMomentEnabled": Reason.DEFAULT, "isNewTimelineLayoutEnabled": Reason.DEFAULT,
                        "isRoundedAvatar": Reason.STATIC, "likeButtonStyle": Reason.STATIC,
                        "debug": Reason.STATIC, "internal": Reason.STATIC, "production": Reason.STATIC}
    for name, toggle in listed.items():
        evaluated = details(client, toggle)
        assert evaluated.error_code is None, (name, evaluated)
        assert evaluated.value == toggle["effectiveValue"], name
        assert evaluated.reason == expected_reasons[name], name
        assert evaluated.variant == (toggle["effectiveValue"] if isinstance(toggle["effectiveValue"], str)
                                     else ("on" if toggle["effectiveValue"] else "off")), name


def test_sdk_sees_an_internal_change_as_static_and_an_override_as_a_targeting_match(dashboard):
    origin, client = dashboard
    assert requests.put(f"{origin}/api/toggles/isLikeButtonForMomentEnabled", json={"isOn": True}, timeout=5).status_code == 200
    assert requests.put(f"{origin}/api/toggles/likeButtonStyle", json={"override": "star"}, timeout=5).status_code == 200
    assert requests.put(f"{origin}/api/toggles/isRoundedAvatar", json={"override": True}, timeout=5).status_code == 200

    liked = client.get_boolean_details("isLikeButtonForMomentEnabled", False)
    assert (liked.value, liked.reason) == (True, Reason.STATIC)
    style = client.get_string_details("likeButtonStyle", "heart")
    assert (style.value, style.reason, style.variant) == ("star", Reason.TARGETING_MATCH, "star")
    rounded = client.get_boolean_details("isRoundedAvatar", False)
    assert (rounded.value, rounded.reason, rounded.variant) == (True, Reason.TARGETING_MATCH, "on")


def test_sdk_reports_flag_not_found_for_an_unknown_flag(dashboard):
    origin, client = dashboard
    evaluated = client.get_boolean_details("noSuchFlag", True)
    assert evaluated.value is True, "the SDK falls back to the caller's default"
    assert evaluated.error_code == ErrorCode.FLAG_NOT_FOUND
    assert evaluated.reason == Reason.ERROR
    answer = requests.post(f"{origin}/ofrep/v1/evaluate/flags/noSuchFlag", json={"context": {}}, timeout=5)
    assert answer.status_code == 404
    assert answer.json() == {"key": "noSuchFlag", "errorCode": "FLAG_NOT_FOUND", "errorDetails": "There is no flag named noSuchFlag."}


@pytest.mark.parametrize("body, code", [
    ("{not json", "PARSE_ERROR"),
    ('{"context": 3}', "INVALID_CONTEXT"),
    ("[1, 2]", "INVALID_CONTEXT"),
])
def test_bad_bodies_get_ofreps_error_shapes(dashboard, body, code):
    origin, _ = dashboard
    headers = {"Content-Type": "application/json"}
    single = requests.post(f"{origin}/ofrep/v1/evaluate/flags/isRoundedAvatar", data=body, headers=headers, timeout=5)
    assert single.status_code == 400
    assert single.json()["key"] == "isRoundedAvatar"
    assert single.json()["errorCode"] == code
    bulk = requests.post(f"{origin}/ofrep/v1/evaluate/flags", data=body, headers=headers, timeout=5)
    assert bulk.status_code == 400
    assert bulk.json()["errorCode"] == code


def test_unchanged_bulk_read_is_a_304_and_a_change_is_not(dashboard):
    origin, _ = dashboard
    first = requests.post(f"{origin}/ofrep/v1/evaluate/flags", json={"context": {"targetingKey": "qa"}}, timeout=5)
    assert first.status_code == 200
    etag = first.headers["ETag"]
    flags = {flag["key"]: flag for flag in first.json()["flags"]}
    assert flags["likeButtonStyle"] == {"key": "likeButtonStyle", "value": "heart", "reason": "STATIC", "variant": "heart",
                                        "metadata": {"kind": "abTest", "defaultValue": "heart", "remoteValue": "heart"}}

    again = requests.post(f"{origin}/ofrep/v1/evaluate/flags", json={"context": {"targetingKey": "qa"}},
                          headers={"If-None-Match": etag}, timeout=5)
    assert again.status_code == 304
    assert again.content == b""

    assert requests.put(f"{origin}/remote-config", json={"likeButtonStyle": "star"}, timeout=5).status_code == 200
    # The embedded BFF tells the dashboard at once; the dashboard reads the config in the background.
    deadline = time.monotonic() + 2
    while True:
        changed = requests.post(f"{origin}/ofrep/v1/evaluate/flags", json={}, headers={"If-None-Match": etag}, timeout=5)
        if changed.status_code != 304 or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    assert changed.status_code == 200
    assert changed.headers["ETag"] != etag
    assert {flag["key"]: flag["value"] for flag in changed.json()["flags"]}["likeButtonStyle"] == "star"
