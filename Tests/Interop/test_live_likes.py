"""Live likes from a BFF the dashboard did not write: a graphql-core BFF offering
`momentLikesChanged(userID:)` over server-sent events (graphql-sse, executed by graphql-core's
`subscribe`). A like made directly at that BFF reaches an open dashboard tab within a second; a BFF
without the subscription is read as before, and never sent one."""
import time

import pytest
import requests

from documents import LIKE
from live_events import LiveEvents


@pytest.fixture
def dashboard(seed_bff, dashboards, request):
    bff = seed_bff(subscriptions=request.param)
    origin, session = dashboards(bff.url)
    return bff, origin, session


def moment(session, origin, moment_id) -> dict:
    answer = session.get(f"{origin}/api/moments/{moment_id}", timeout=10)
    assert answer.status_code == 200, answer.text
    return answer.json()


def wait_for(condition, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


@pytest.mark.parametrize("dashboard", [True], indirect=True)
def test_seedBFF_sendsEachLike_toItsSubscribers_overServerSentEvents(dashboard):
    bff, _, _ = dashboard
    query = 'subscription { momentLikesChanged(userID: "0") { id isLiked likes { id } } }'
    with requests.post(bff.url, json={"query": query}, headers={"Accept": "text/event-stream"}, stream=True,
                       timeout=10) as stream:
        assert stream.headers["Content-Type"] == "text/event-stream"
        assert wait_for(lambda: bff.subscribers() >= 1, 5)
        requests.post(bff.url, json={"query": LIKE, "variables": {"momentID": "25", "userID": "3", "isLiked": True}},
                      timeout=10).raise_for_status()
        lines = stream.iter_lines(chunk_size=1, decode_unicode=True)
        data = next(line for line in lines if line.startswith("data: "))
    assert data.startswith('data: {"data": {"momentLikesChanged": {"id": "25", "isLiked": false, "likes": [{"id": "3"}')


@pytest.mark.parametrize("dashboard", [True], indirect=True)
def test_likeMadeAtTheBFF_reachesAnOpenDashboardTab_withinASecond(dashboard):
    bff, origin, session = dashboard
    timeline = session.get(f"{origin}/api/timeline", timeout=10)
    assert timeline.status_code == 200, timeline.text
    # The dashboard subscribes once for its acting user when it reads their timeline.
    assert wait_for(lambda: bff.subscribers() == 1, 5), "the dashboard subscribed"
    target = bff.moment_ids()[0]
    before = moment(session, origin, target)["likes"]  # the likers' avatars, newest first
    reads_before = len([r for r in bff.received() if r.operation == "query"])

    with LiveEvents(origin) as events:
        liked = time.monotonic()
        answer = requests.post(bff.url, json={"query": LIKE, "variables": {"momentID": target, "userID": "3",
                                                                           "isLiked": True}}, timeout=10)
        assert answer.status_code == 200, answer.text
        event = events.next("like", timeout=1)
        assert event is not None, "no like event within 1 s"
        arrived, data = event
        assert data["momentID"] == target and data["userID"] == "0"
        print(f"like at the BFF reached the tab's /events after {arrived - liked:.3f} s")
        assert events.drain("like", quiet=0.5) == [], "one event for one like"

    # The tab redraws from the dashboard's cache, which the event already changed.
    after = moment(session, origin, target)["likes"]
    assert len(after) == len(before) + 1 and after[1:] == before, "user 3's like first, the others as they were"
    assert len([r for r in bff.received() if r.operation == "query"]) == reads_before, "no read of the BFF"
    assert len([r for r in bff.received() if r.operation == "subscription"]) == 1, "one subscription per user"


@pytest.mark.parametrize("dashboard", [False], indirect=True)
def test_BFFWithoutTheSubscription_isReadAsBefore_andNeverSentOne(dashboard):
    bff, origin, session = dashboard
    timeline = session.get(f"{origin}/api/timeline", timeout=10)
    assert timeline.status_code == 200, timeline.text
    like = session.put(f"{origin}/api/moments/{bff.moment_ids()[0]}/like", json={"isLiked": True}, timeout=10)
    assert like.status_code == 200, like.text
    time.sleep(0.5)
    assert [r for r in bff.received() if r.headers.get("accept") == "text/event-stream"] == []
    assert bff.likers(bff.moment_ids()[0])[0] == "0"
