"""`moments session replay` against a BFF this project did not write: a session recorded by a
dashboard on the graphql-core BFF (`seed_bff.py`), replayed by the binary against the same BFF (no
difference) and against one whose schema lost `Moment.title` (the answer differs, and the
difference names the field); a BFF that wants credentials gets the `--bff-header` given."""
import json
import re
import subprocess

import pytest
import requests

from conftest import moments_binary, start_moments, stop_moments


@pytest.fixture
def session_file(seed_bff, dashboards, tmp_path):
    """A session exported by a dashboard (likes on) that read the seed BFF's timeline."""
    bff = seed_bff()
    origin, session = dashboards(bff.url)
    assert session.get(f"{origin}/api/timeline?refresh=1", timeout=10).status_code == 200
    exported = session.post(f"{origin}/api/area51/sessions/export", json={"note": "replayed"}, timeout=10)
    assert exported.status_code == 200, exported.text
    path = tmp_path / "session.json"
    path.write_bytes(exported.content)
    return path


def replay(path, bff_url: str, *arguments: str) -> tuple[int, dict]:
    """Runs the replay for scripts: its exit status and its JSON."""
    done = subprocess.run([moments_binary(), "session", "replay", str(path), "--bff-url", bff_url, "--format", "json",
                           "--log-level", "critical", *arguments], capture_output=True, text=True, timeout=60)
    assert done.stderr == "", done.stderr
    return done.returncode, json.loads(done.stdout)


def timeline_reads(result: dict) -> list:
    return [o for o in result["operations"] if o["operationName"] == "getMomentsDetailsByUserID"]


def test_replay_againstTheSameBFF_matches(session_file, seed_bff):
    status, result = replay(session_file, seed_bff().url)
    assert status == 0, result
    assert timeline_reads(result) and all(o["outcome"] == "same" for o in result["operations"])


def test_replay_againstABFFWithoutMomentTitle_differs_andNamesTheField(session_file, seed_bff):
    status, result = replay(session_file, seed_bff(removed_moment_field="title").url)
    assert status == 1, result
    read = timeline_reads(result)[0]
    assert read["outcome"] == "different"
    kinds = {(d["kind"], d["path"]) for d in read["differences"]}
    # Validation refuses the whole document: the data is gone and GraphQL errors came instead.
    assert {("removed", "data"), ("added", "errors")} <= kinds, kinds
    errors = json.loads(next(d["new"] for d in read["differences"] if d["path"] == "errors"))
    assert any("title" in error["message"] for error in errors), errors


def test_replay_sendsTheCredentialsGiven_asServeDoes(seed_bff, tmp_path):
    bff = seed_bff(token="replay-token")
    process, url, data = start_moments("serve", "--bff-url", bff.url, "--bff-header", "Authorization: Bearer replay-token")
    try:
        origin = re.match(r"http://[^/]+", url).group(0)
        assert requests.get(f"{origin}/api/timeline?refresh=1", timeout=10).status_code == 200
        exported = requests.post(f"{origin}/api/area51/sessions/export", json={"note": ""}, timeout=10)
        assert exported.status_code == 200, exported.text
    finally:
        stop_moments(process, data)
    path = tmp_path / "session.json"
    path.write_bytes(exported.content)

    status, result = replay(path, bff.url, "--bff-header", "Authorization: Bearer replay-token")
    assert status == 0, result
    status, result = replay(path, bff.url)
    assert status == 1
    assert timeline_reads(result)[0]["outcome"] == "different"
