"""Partial data is data: a graphql-core BFF whose `likes` resolver fails for one moment answers
`data` with `likes: null` there and an `errors` entry with its `path`. The dashboard shows every
moment, that one without likes and marked, and its JSON twin carries the error by path and code."""
import html
import re

import pytest
import requests

from seed_bff import LIKES_ERROR_CODE

FAILING = "22"  # the fourth moment, on the first page, liked by two friends in the demo data
PATH = ["getMomentsDetailsByUserID", "moments", 3, "likes"]  # where graphql-core puts its error
NOT_LOADED = "Likes could not be loaded"


@pytest.fixture
def dashboard(seed_bff, dashboards):
    bff = seed_bff()
    origin, session = dashboards(bff.url)
    return bff, origin, session


def moment_items(page: dict) -> list[dict]:
    return [item for section in page["sections"] for item in section["items"]
            if item["reuseIdentifier"] == "MomentListItemViewModel"]


def article(page_html: str, moment_id: str) -> str:
    match = re.search(rf'<article[^>]*id="moment-{moment_id}".*?</article>', page_html, re.S)
    assert match, f"moment {moment_id} is not on the page"
    return match.group(0)


def test_seedBFF_answersDataWithNullLikes_andAnErrorWithItsPath(seed_bff):
    bff = seed_bff(failing_likes=FAILING)
    query = "query t { getMomentsDetailsByUserID(userID: \"0\") { moments { id likes { id } } } }"
    answer = requests.post(bff.url, json={"query": query}, timeout=10).json()
    moments = answer["data"]["getMomentsDetailsByUserID"]["moments"]
    assert moments[3] == {"id": FAILING, "likes": None}
    assert [e["path"] for e in answer["errors"]] == [PATH]
    assert answer["errors"][0]["extensions"]["code"] == LIKES_ERROR_CODE


def test_timelineJSON_showsEveryMoment_theFailedOneWithoutLikes_andCarriesTheErrorsPath(dashboard):
    bff, origin, session = dashboard
    bff.failing_likes = FAILING
    answer = session.get(f"{origin}/api/timeline", timeout=10)
    assert answer.status_code == 200, answer.text
    page = answer.json()
    items = moment_items(page)
    assert [item["momentID"] for item in items] == bff.moment_ids()[:10]
    assert page["partial"] == [{"path": PATH, "code": LIKES_ERROR_CODE, "momentID": FAILING}]
    failed = next(item for item in items if item["momentID"] == FAILING)
    assert failed["partial"] == [{"path": PATH, "code": LIKES_ERROR_CODE}]
    assert failed["likes"] == []
    assert failed["likesNotice"] == NOT_LOADED
    others = [item for item in items if item["momentID"] != FAILING]
    assert all("partial" not in item and "likesNotice" not in item for item in others)
    assert len(next(item for item in others if item["momentID"] == "25")["likes"]) == 2


def test_timelinePage_drawsTheFailedMomentWithoutLikes_andMarksIt(dashboard):
    bff, origin, session = dashboard
    bff.failing_likes = FAILING
    answer = session.get(f"{origin}/", timeout=10)
    assert answer.status_code == 200, answer.text
    for moment_id in bff.moment_ids()[:10]:
        drawn = article(answer.text, moment_id)
        if moment_id == FAILING:
            assert NOT_LOADED in html.unescape(drawn)
            assert "moment__liker" not in drawn
        else:
            assert NOT_LOADED not in html.unescape(drawn)
    assert article(answer.text, "25").count("moment__liker") == 2


def test_momentPage_andItsJSONTwin_markTheFailedLikes(dashboard):
    bff, origin, session = dashboard
    bff.failing_likes = FAILING
    answer = session.get(f"{origin}/api/moments/{FAILING}", timeout=10)
    assert answer.status_code == 200, answer.text
    assert answer.json()["partial"] == [{"path": PATH, "code": LIKES_ERROR_CODE}]
    page = session.get(f"{origin}/moments/{FAILING}", timeout=10)
    assert page.status_code == 200, page.text
    assert NOT_LOADED in html.unescape(page.text)


def test_refreshWhileLikesFail_keepsTheLikesSeenBefore_andSaysSo(dashboard):
    bff, origin, session = dashboard
    before = next(item for item in moment_items(session.get(f"{origin}/api/timeline", timeout=10).json())
                  if item["momentID"] == FAILING)
    assert len(before["likes"]) == 2
    bff.failing_likes = FAILING
    answer = session.get(f"{origin}/api/timeline?refresh=1", timeout=10)
    assert answer.status_code == 200, answer.text
    failed = next(item for item in moment_items(answer.json()) if item["momentID"] == FAILING)
    assert failed["likes"] == before["likes"]
    assert failed["likesNotice"] != NOT_LOADED and failed["likesNotice"].startswith(NOT_LOADED)
    assert failed["partial"] == [{"path": PATH, "code": LIKES_ERROR_CODE}]


def test_like_whileItsLikesFail_isALike(dashboard):
    bff, origin, session = dashboard
    bff.failing_likes = FAILING
    answer = session.put(f"{origin}/api/moments/{FAILING}/like", json={"isLiked": True}, timeout=10)
    assert answer.status_code == 200, answer.text
    assert answer.json()["isLiked"] is True
    assert bff.likers(FAILING)[0] == "0"
