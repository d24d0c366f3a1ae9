"""The dashboard's BFF contract watch against a BFF in another language: a Go BFF on
graph-gophers/graphql-go (`go_bff/main.go`, Debian's package, built here in GOPATH mode) serves the
seed's schema, then is restarted on the same port without `Moment.title`. The dashboard must see
the breaking change, name the timeline's operation and mark its document invalid; graphql-core's
`find_breaking_changes` and `find_dangerous_changes` on the two schemas as the Go BFF introspects
them are the oracle for the counts."""
import os
import pathlib
import re
import subprocess
import tempfile

import pytest
import requests
from graphql import build_client_schema, find_breaking_changes, find_dangerous_changes, get_introspection_query

from conftest import start_moments, stop_moments
from seed_bff import SEED_SDL
from test_contract_watch import contract
from test_live_likes import wait_for

SOURCE = pathlib.Path(__file__).resolve().parent / "go_bff"
WITHOUT_TITLE = SEED_SDL.replace("  title: String\n", "")


@pytest.fixture(scope="module")
def go_bff_binary(tmp_path_factory) -> pathlib.Path:
    """The Go BFF, built once: Debian's packages in GOPATH mode (`make interop-deps` installs them), no module proxy."""
    out = tmp_path_factory.mktemp("go_bff")
    env = dict(os.environ, GO111MODULE="off", GOPATH=f"/usr/share/gocode:{out}", GOCACHE=str(out / "cache"))
    build = subprocess.run(["go", "build", "-o", str(out / "go_bff"), "."], cwd=SOURCE, env=env,
                           capture_output=True, text=True, timeout=300)
    assert build.returncode == 0, build.stderr
    return out / "go_bff"


class GoBFF:
    """One Go BFF process serving `sdl`; `port=0` picks a free port, another port restarts it there."""

    def __init__(self, binary: pathlib.Path, sdl: str, port: int = 0):
        handle, schema = tempfile.mkstemp(suffix=".graphql", dir=binary.parent)
        with os.fdopen(handle, "w") as file:
            file.write(sdl)
        self.process = subprocess.Popen([str(binary), "-schema", schema, "-port", str(port)],
                                        stdout=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        match = re.fullmatch(r"listening on (\d+)\n", line)
        if not match:
            self.stop()
            pytest.fail(f"the Go BFF did not announce its port: {line!r}")
        self.port = int(match.group(1))
        self.url = f"http://127.0.0.1:{self.port}/graphql"

    def schema(self):
        """The schema as the Go BFF itself introspects it, with graphql-core's standard query."""
        answer = requests.post(self.url, json={"query": get_introspection_query()}, timeout=10)
        assert answer.status_code == 200 and "errors" not in answer.json(), answer.text
        return build_client_schema(answer.json()["data"])

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=15)


@pytest.fixture
def watched(go_bff_binary):
    """A Go BFF serving the seed's schema and a dashboard reading it every 0.2 s; answers a list
    holding the running BFF (a test replaces it on restart) and the dashboard's origin."""
    bffs = [GoBFF(go_bff_binary, SEED_SDL)]
    try:
        process, url, data = start_moments("serve", "--bff-url", bffs[0].url, "--contract-interval", "0.2")
        yield bffs, re.match(r"http://[^/]+", url).group(0)
        stop_moments(process, data)
    finally:
        bffs[-1].stop()


def test_aGoBFFRestartedWithoutMomentTitle_isABreakingChangeToTheTimeline(watched, go_bff_binary):
    bffs, origin = watched
    assert wait_for(lambda: contract(origin)["schemaHash"] is not None, 15), "the schema was never read"
    first = contract(origin)
    # As on the graphql-core BFF: the paging documents need arguments the seed's schema lacks.
    valid = {document["operation"] for document in first["documents"] if document["valid"]}
    assert {"getMomentsDetailsByUserID", "updateMomentLike", "BFFCapabilities"} <= valid, first["documents"]
    timeline = requests.get(f"{origin}/api/timeline", timeout=10)
    # The timeline renders from the Go BFF: "Moment 5" is a title of its demo data.
    assert timeline.status_code == 200 and not timeline.json()["hasError"] and "Moment 5" in timeline.text, timeline.text
    old_schema = bffs[0].schema()

    bffs[0].stop()
    bffs.append(GoBFF(go_bff_binary, WITHOUT_TITLE, port=bffs[0].port))

    def title_removal_seen() -> bool:
        seen = contract(origin)
        changes = seen["history"][0]["changes"] if len(seen["history"]) > 1 else []
        document = next(d for d in seen["documents"] if d["operation"] == "getMomentsDetailsByUserID")
        return any(c["path"] == "Moment.title" and c["criticality"] == "breaking"
                   and "getMomentsDetailsByUserID" in {o["name"] for o in c["affectedOperations"]}
                   for c in changes) and not document["valid"]

    assert wait_for(title_removal_seen, 15), contract(origin)
    seen = contract(origin)
    changes = seen["history"][0]["changes"]
    assert [c["path"] for c in changes] == ["Moment.title"], changes
    reads = next(o for o in changes[0]["affectedOperations"] if o["name"] == "getMomentsDetailsByUserID")
    assert reads["seen"] >= 1, reads  # the timeline read above went to the Go BFF
    new_schema = bffs[-1].schema()
    breaking, dangerous = find_breaking_changes(old_schema, new_schema), find_dangerous_changes(old_schema, new_schema)
    ours = [c["criticality"] for c in changes]
    assert ours.count("breaking") == len(breaking), (changes, [c.description for c in breaking])
    assert ours.count("dangerous") == len(dangerous), (changes, [c.description for c in dangerous])
    assert seen["skew"] == []
