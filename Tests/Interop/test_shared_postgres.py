"""Two BFF processes on one PostgreSQL database, with dashboards on them: one truth for likes and
the remote config, no acknowledged like lost to SIGKILL, and a database that goes away and comes
back."""
import signal
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import requests

from shared_postgres import LIKE, bffs, generate, new_database, pg_ctl  # noqa: F401


def dashboard_moment_ids(origin, session) -> list[str]:
    """Every moment id the dashboard shows, following its JSON twin's pages (which also saves them)."""
    ids, query = [], ""
    while True:
        answer = session.get(f"{origin}/api/timeline{query}", timeout=30)
        assert answer.status_code == 200, answer.text
        page = answer.json()
        ids += [item["momentID"] for section in page["sections"] for item in section["items"]
                if item["reuseIdentifier"] == "MomentListItemViewModel"]
        if "nextPageQuery" not in page:
            return ids
        query = "?" + page["nextPageQuery"]


def test_200ConcurrentLikes_splitAcrossTwoDashboardsOnTwoBFFs_areEachCountedOnce_andBothTimelinesAgree(bffs, dashboards):
    database = new_database()
    generate(database, moments=120, users=10)
    first, second = bffs(database), bffs(database)
    boards = [dashboards(first.graphql), dashboards(second.graphql)]
    before = first.likers()
    targets = [moment for moment, likers in before.items() if "0" not in likers][:100]
    assert len(targets) == 100
    for origin, session in boards:
        assert set(targets) <= set(dashboard_moment_ids(origin, session))

    # Each moment is liked through both dashboards at once: 200 likes, 100 of them repeats.
    def like(job):
        board, moment = job
        origin, session = boards[board]
        return session.put(f"{origin}/api/moments/{moment}/like", json={"isLiked": True}, timeout=30).status_code

    jobs = [(board, moment) for moment in targets for board in (0, 1)]
    with ThreadPoolExecutor(max_workers=16) as pool:
        statuses = list(pool.map(like, jobs))
    assert statuses == [200] * 200

    after_first, after_second = first.likers(), second.likers()
    assert after_first == after_second
    for moment in targets:
        assert after_first[moment].count("0") == 1
        assert after_first[moment][1:] == before[moment], "the other likes stay, in their order"
    # Each dashboard, refreshed, shows every moment liked as the shared database holds it, whichever BFF it uses.
    for origin, session in boards:
        page = session.get(f"{origin}/api/timeline?refresh=1", timeout=30).json()
        shown = {item["momentID"]: item["isLiked"] for section in page["sections"] for item in section["items"]
                 if item["reuseIdentifier"] == "MomentListItemViewModel"}
        assert shown and shown == {moment: "0" in after_first[moment] for moment in shown}


def test_sigkillDuringABurstOfLikes_losesNoAcknowledgedLike(bffs):
    database = new_database()
    generate(database, moments=400, users=10)
    victim, witness = bffs(database), bffs(database)
    targets = [moment for moment, likers in witness.likers().items() if "0" not in likers]
    acknowledged, lock = [], threading.Lock()

    def like(moment):
        try:
            answer = victim.post(LIKE, timeout=10, momentID=moment, userID="0", isLiked=True)
        except Exception:  # the process died under the request: not acknowledged
            return
        if answer.status_code == 200 and answer.json()["data"]["updateMomentLike"]["moments"] == [
                {"id": moment, "isLiked": True}]:
            with lock:
                acknowledged.append(moment)

    def kill_when_busy():
        deadline = time.monotonic() + 60
        while len(acknowledged) < 40 and time.monotonic() < deadline:
            time.sleep(0.005)
        victim.process.send_signal(signal.SIGKILL)

    killer = threading.Thread(target=kill_when_busy)
    killer.start()
    with ThreadPoolExecutor(max_workers=8) as pool:
        list(pool.map(like, targets))
    killer.join(timeout=30)
    assert victim.process.wait(timeout=15) == -signal.SIGKILL
    assert 40 <= len(acknowledged) < len(targets), "killed during the burst"

    likers = witness.likers()
    lost = [moment for moment in acknowledged if "0" not in likers[moment]]
    assert lost == []


def test_databaseStopped_answers503WithDATABASE_UNAVAILABLE_dashboardShowsItsSavedTimeline_thenRecovers(
        bffs, dashboards):
    database = new_database()
    bff = bffs(database)
    origin, session = dashboards(bff.graphql)
    saved = dashboard_moment_ids(origin, session)
    assert saved

    pg_ctl("stop", "-m", "fast", "-w")
    try:
        answer = bff.post(LIKE, timeout=30, momentID=saved[0], userID="0", isLiked=True)
        assert answer.status_code == 503
        assert [error["extensions"]["code"] for error in answer.json()["errors"]] == ["DATABASE_UNAVAILABLE"]
        # Refreshed (pull-to-refresh), the dashboard asks the BFF, and shows what it saved. The
        # BFF gives up before the dashboard's 5-second timeout: the dashboard heard its 503.
        page = session.get(f"{origin}/api/timeline?refresh=1", timeout=30)
        assert page.status_code == 200
        body = page.json()
        # A 503 with a GraphQL body is read by its body (GraphQL over HTTP): the BFF's error, not its status.
        assert body["stale"]["code"] == "bff_graphql_error", "the page says why it shows saved moments"
        shown = [item["momentID"] for section in body["sections"] for item in section["items"]
                 if item["reuseIdentifier"] == "MomentListItemViewModel"]
        assert shown == saved[:len(shown)] and shown
    finally:
        pg_ctl("start", "-w", "-l", "/dev/null")

    deadline = time.monotonic() + 60
    while True:
        answer = bff.post(LIKE, timeout=30, momentID=saved[0], userID="0", isLiked=True)
        if answer.status_code == 200 or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    assert answer.status_code == 200, answer.text
    assert answer.json()["data"]["updateMomentLike"]["moments"] == [{"id": saved[0], "isLiked": True}]
    assert bff.process.poll() is None, "the same BFF process answers again"


def test_remoteConfigChangedThroughOneBFF_reachesTheDashboardsOfBothBFFs_withinSeconds(bffs, dashboards):
    database = new_database()
    first, second = bffs(database), bffs(database)
    both = [dashboards(first.graphql), dashboards(second.graphql)]

    def remote_value(origin, session):
        toggles = session.get(f"{origin}/api/toggles", timeout=10).json()["toggles"]
        return next(toggle for toggle in toggles if toggle["name"] == "isRoundedAvatar").get("remoteValue")

    assert [remote_value(*dashboard) for dashboard in both] == [False, False]
    answer = requests.put(first.graphql.removesuffix("/graphql") + "/remote-config", json={"isRoundedAvatar": True},
                          timeout=10)
    assert answer.status_code == 200, answer.text
    changed = time.monotonic()
    # The dashboards read the remote config every 30 s (the default): only the BFFs' word is this fast.
    for dashboard in both:
        while remote_value(*dashboard) is not True and time.monotonic() - changed < 5:
            time.sleep(0.1)
    assert [remote_value(*dashboard) for dashboard in both] == [True, True]
