"""The dashboard (`moments serve --bff-url`) against an independent GraphQL server that implements
exactly the seed's schema (no `first`/`after`, so no `Int`), with strict validation, with
introspection on and off."""
import re

import pytest
import requests

from conftest import start_moments, stop_moments


@pytest.fixture(params=[True, False], ids=["introspection-on", "introspection-off"])
def dashboard_on_seed(request, seed_bff):
    bff = seed_bff(introspection=request.param)
    process, url, data = start_moments("serve", "--bff-url", bff.url)
    origin = re.match(r"http://[^/]+", url).group(0)
    session = requests.Session()
    answer = session.put(f"{origin}/api/toggles/isLikeButtonForMomentEnabled", json={"isOn": True}, timeout=10)
    assert answer.status_code == 200, answer.text
    yield bff, origin, session, request.param
    stop_moments(process, data)


def walk(origin, session):
    """Every moment id, following the JSON twin's pages."""
    ids, query = [], ""
    for _ in range(100):
        answer = session.get(f"{origin}/api/timeline{query}", timeout=10)
        assert answer.status_code == 200, answer.text
        page = answer.json()
        items = [item for section in page["sections"] for item in section["items"]
                 if item["reuseIdentifier"] == "MomentListItemViewModel"]
        assert len(items) <= 10
        ids += [item["momentID"] for item in items]
        if "nextPageQuery" not in page:
            return ids
        query = "?" + page["nextPageQuery"]
    pytest.fail("the pages never end")


def test_walk_reachesEveryMomentOnce_andEveryDocumentPassedValidationAfterAtMostOneRefusal(dashboard_on_seed):
    bff, origin, session, introspection = dashboard_on_seed
    assert walk(origin, session) == bff.moment_ids()
    probes = [r for r in bff.received() if r.operation_name == "BFFCapabilities"]
    assert len(probes) == 1, "the schema is asked once"
    assert probes[0].valid is introspection
    # The schema's probes aside: the capabilities' and the contract watch's introspection.
    refused = [r for r in bff.received() if r.valid is False and r.operation_name not in ("BFFCapabilities", "ContractIntrospection")]
    assert len(refused) == (0 if introspection else 1), [r.errors for r in refused]
    assert all("$first" not in (r.query or "") for r in bff.received() if r.valid), "no paging document passed"
    menu = session.get(f"{origin}/api/area51", timeout=10).json()
    rows = {item["title"]: item.get("detail") for section in menu["sections"] for item in section["items"]}
    assert rows["BFF paging (first/after)"] == "Off"
    assert rows["BFF introspection"] == ("On" if introspection else "Off")


def test_likeAndUnlike_byJSON_reachTheServersData(dashboard_on_seed):
    bff, origin, session, _ = dashboard_on_seed
    deep = bff.moment_ids()[-1]  # on the last page
    answer = session.put(f"{origin}/api/moments/{deep}/like", json={"isLiked": True}, timeout=10)
    assert answer.status_code == 200, answer.text
    assert answer.json()["isLiked"] is True
    assert bff.likers(deep)[0] == "0"
    answer = session.put(f"{origin}/api/moments/{deep}/like", json={"isLiked": False}, timeout=10)
    assert answer.status_code == 200, answer.text
    assert "0" not in bff.likers(deep)


def test_likeByForm_reachesTheServersData_andGoesBackToThePage(dashboard_on_seed):
    bff, origin, session, _ = dashboard_on_seed
    page = session.get(f"{origin}/", timeout=10)
    assert page.status_code == 200
    token = session.cookies.get("moments_csrf")
    assert token
    moment = bff.moment_ids()[1]
    answer = session.post(f"{origin}/moments/{moment}/like", data={"isLiked": "true", "_csrf": token},
                          allow_redirects=False, timeout=10)
    assert answer.status_code == 303, answer.text
    assert answer.headers["Location"].endswith(f"#moment-{moment}")
    assert bff.likers(moment)[0] == "0"


def test_unknownMoment_is404_andNoMutationIsSent(dashboard_on_seed):
    bff, origin, session, _ = dashboard_on_seed
    answer = session.put(f"{origin}/api/moments/999/like", json={"isLiked": True}, timeout=10)
    assert answer.status_code == 404, answer.text
    assert answer.json()["error"]["code"] == "unknown_moment"
    assert bff.mutations_received() == []


def test_unknownCursor_is404_evenWhenErrorsMentionItsDigits(dashboard_on_seed):
    bff, origin, session, _ = dashboard_on_seed
    walk(origin, session)
    # "1" is a real moment (the oldest): the page after it is empty, not unknown.
    assert session.get(f"{origin}/api/timeline?after=1", timeout=10).status_code == 200
    answer = session.get(f"{origin}/api/timeline?after=12345", timeout=10)
    assert answer.status_code == 404, answer.text
    assert answer.json()["error"]["code"] == "unknown_moment"


def test_like_ofAMomentNoPageShowed_readsTheWholeTimelineOnce_andTheMomentStaysFound(dashboard_on_seed):
    bff, origin, session, _ = dashboard_on_seed
    assert session.get(f"{origin}/api/timeline", timeout=10).status_code == 200
    deep = bff.moment_ids()[-1]  # on the last page, which no page showed
    start = len(bff.received())
    answer = session.put(f"{origin}/api/moments/{deep}/like", json={"isLiked": True}, timeout=10)
    assert answer.status_code == 200, answer.text
    assert answer.json()["isLiked"] is True
    sent = bff.received()[start:]
    assert [r.operation for r in sent] == ["query", "mutation"], [r.query for r in sent]
    assert all(r.valid for r in sent), [r.errors for r in sent]
    assert "from:" not in sent[1].query, "from is never sent to a BFF whose schema lacks it"

    start = len(bff.received())
    answer = session.put(f"{origin}/api/moments/{deep}/like", json={"isLiked": False}, timeout=10)
    assert answer.status_code == 200, answer.text
    assert [r.operation for r in bff.received()[start:]] == ["mutation"], "found once, it stays found"
    assert "0" not in bff.likers(deep)


def test_momentPage_andItsJSONTwin_showEveryPhotoThroughMedia(dashboard_on_seed):
    bff, origin, session, _ = dashboard_on_seed
    details = bff.details("0")
    moment = next(m for m in details["moments"] if m["photos"])
    twin = session.get(f"{origin}/api/moments/{moment['id']}", timeout=10)
    assert twin.status_code == 200, twin.text
    body = twin.json()
    assert len(body["photoURLs"]) == len(moment["photos"])
    assert all(url.startswith("/media?url=") for url in body["photoURLs"]), body["photoURLs"]
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", body["createdAt"]), body["createdAt"]
    page = session.get(f"{origin}/moments/{moment['id']}", timeout=10)
    assert page.status_code == 200
    assert page.text.count('class="moment-detail__photo"') == len(moment["photos"])
    assert session.get(f"{origin}/moments/no-such-moment", timeout=10).status_code == 404
