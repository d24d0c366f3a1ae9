"""Live likes across a team: two BFF processes on one PostgreSQL database, a dashboard on each,
acting as two users. A like on dashboard A reaches dashboard B's open tab (its `/events`) within a
second, through A's BFF, the database's NOTIFY, B's BFF's subscription and B's cache; and B's
subscription outlives a restart of its BFF."""
import statistics
import time

from live_events import LiveEvents
from shared_postgres import LIKE, bffs, new_database  # noqa: F401

ALICE, BOB = "1", "2"  # demo users: A acts as one, B as the other


def page(origin, session, user) -> dict[str, bool]:
    """The moments of `user`'s first page, each with whether they like it."""
    answer = session.get(f"{origin}/api/timeline", headers={"X-Moments-User": user}, timeout=30)
    assert answer.status_code == 200, answer.text
    return {item["momentID"]: item["isLiked"] for section in answer.json()["sections"] for item in section["items"]
            if item["reuseIdentifier"] == "MomentListItemViewModel"}


def test_likesOnDashboardA_reachDashboardBsOpenTab_withinASecond_100TimesInARow_noneLostOrDoubled(bffs, dashboards):
    database = new_database()
    first, second = bffs(database), bffs(database)
    (a, a_session), (b, b_session) = dashboards(first.graphql), dashboards(second.graphql)
    liked = page(a, a_session, ALICE)
    moments = list(liked)
    assert list(page(b, b_session, BOB)) == moments and len(moments) == 10

    latencies = []
    with LiveEvents(b) as tab:
        # The subscriptions stand a moment after the reads: B's first like event says so.
        time.sleep(1)
        assert tab.drain("like", quiet=0.2) == []
        for action in range(100):
            # Each action changes the moment: Alice likes what she did not like, and the other way round.
            moment = moments[action % 10]
            is_liked = liked[moment] = not liked[moment]
            started = time.monotonic()
            answer = a_session.put(f"{a}/api/moments/{moment}/like", json={"isLiked": is_liked},
                                   headers={"X-Moments-User": ALICE}, timeout=10)
            assert answer.status_code == 200, answer.text
            event = tab.next("like", timeout=1 - (time.monotonic() - started))
            assert event is not None, f"like {action} ({moment}, {is_liked}) did not reach B within 1 s"
            arrived, data = event
            assert (data["momentID"], data["userID"]) == (moment, BOB), f"like {action}: another like's event, doubled"
            latencies.append(arrived - started)
        assert tab.drain("like", quiet=1) == [], "no event doubled"
    print(f"100 likes A→B: median {statistics.median(latencies) * 1000:.0f} ms, max {max(latencies) * 1000:.0f} ms")

    # B's tab redraws from B's cache: each moment as the database holds it for Bob, liked by Alice or not.
    truth = {m["id"]: m for m in second.post("""query t($userID: ID!) { getMomentsDetailsByUserID(userID: $userID) {
        moments { id likes { id avatar } } } }""", userID=BOB).json()["data"]["getMomentsDetailsByUserID"]["moments"]}
    for moment in moments:
        shown = b_session.get(f"{b}/api/moments/{moment}", headers={"X-Moments-User": BOB}, timeout=10).json()
        assert len(shown["likes"]) == len(truth[moment]["likes"])


def test_subscription_survivesARestartOfItsBFF_reSubscribedWithin5s(bffs, dashboards):
    database = new_database()
    bff = bffs(database)
    origin, session = dashboards(bff.graphql)
    moments = [moment for moment, is_liked in page(origin, session, ALICE).items() if not is_liked]
    with LiveEvents(origin) as tab:
        time.sleep(1)
        assert bff.post(LIKE, momentID=moments[0], userID=ALICE, isLiked=True).status_code == 200
        assert tab.next("like", timeout=1) is not None, "subscribed before the restart"

        bff.restart()
        restarted = time.monotonic()
        # Each probe likes another moment Alice did not like (a change the dashboard has not seen),
        # until one comes through.
        event = None
        for moment in moments[1:]:
            assert bff.post(LIKE, momentID=moment, userID=ALICE, isLiked=True).status_code == 200
            if (event := tab.next("like", timeout=0.5)) is not None:
                break
        assert event is not None, "no like came through after the restart"
        arrived, data = event
        print(f"re-subscribed after the BFF's restart within {arrived - restarted:.2f} s")
        assert arrived - restarted <= 5
        assert data["userID"] == ALICE
