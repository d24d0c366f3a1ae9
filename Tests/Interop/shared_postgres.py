"""Several `moments bff` processes on one PostgreSQL database of the throwaway cluster that
`scripts/with-postgres` starts (`make interop-test` runs the suite inside it)."""
import os
import re
import shlex
import subprocess
import uuid
import urllib.parse

import pytest
import requests

from conftest import moments_binary, start_moments, stop_moments

LIKE = """
mutation like($momentID: ID!, $userID: ID!, $isLiked: Boolean!) {
  updateMomentLike(momentID: $momentID, userID: $userID, isLiked: $isLiked, first: 1, from: $momentID) {
    moments { id isLiked }
  }
}
"""

TIMELINE = """
query timeline($userID: ID!) {
  getMomentsDetailsByUserID(userID: $userID) { moments { id likes { id } } }
}
"""


def cluster_url() -> str:
    url = os.environ.get("MOMENTS_TEST_DATABASE_URL")
    if not url:
        pytest.fail("MOMENTS_TEST_DATABASE_URL is not set: run `make interop-test`, or prefix pytest with "
                    "scripts/with-postgres, which starts a throwaway PostgreSQL cluster")
    return url


def new_database() -> str:
    """A new, empty database in the cluster, as a URL."""
    url = cluster_url()
    name = "interop_" + uuid.uuid4().hex
    subprocess.run(["psql", url, "-qc", f"CREATE DATABASE {name}"], check=True)
    parts = urllib.parse.urlsplit(url)
    return urllib.parse.urlunsplit(parts._replace(path="/" + name))


def pg_ctl(*arguments: str) -> None:
    """Runs the cluster's pg_ctl (as the cluster's owner) on its data folder."""
    data = os.environ["MOMENTS_TEST_PGDATA"]
    command = shlex.split(os.environ["MOMENTS_TEST_PG_CTL"]) + ["-D", data, *arguments]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)


def generate(database_url: str, moments: int, users: int) -> None:
    subprocess.run([moments_binary(), "bff", "generate", "--moments", str(moments), "--users", str(users),
                    "--database-url", database_url], check=True, stdout=subprocess.DEVNULL)


class BFFProcess:
    """`moments bff --database-url` on a free port, stopped (or killed) by the test."""

    def __init__(self, database_url: str):
        self.database_url = database_url
        self._start(port=0)

    def _start(self, port: int) -> None:
        self.process, url, self.data = start_moments("bff", "--database-url", self.database_url,
                                                     "--database-pool-size", "4", port=port)
        self.graphql = re.match(r"http://[^/]+", url).group(0) + "/graphql"
        self.port = urllib.parse.urlsplit(url).port

    def restart(self) -> None:
        """Stops the process (SIGTERM) and starts another on the same port and database."""
        self.stop()
        self._start(port=self.port)

    def post(self, query: str, timeout: float = 10, **variables) -> requests.Response:
        return requests.post(self.graphql, json={"query": query, "variables": variables}, timeout=timeout)

    def likers(self) -> dict[str, list[str]]:
        """Every moment's likers, newest like first, as this BFF reads them now."""
        answer = self.post(TIMELINE, userID="0")
        assert answer.status_code == 200, answer.text
        moments = answer.json()["data"]["getMomentsDetailsByUserID"]["moments"]
        return {moment["id"]: [like["id"] for like in moment["likes"]] for moment in moments}

    def stop(self) -> None:
        stop_moments(self.process, self.data)


@pytest.fixture
def bffs():
    """A factory of BFF processes, each stopped after the test, even when it fails."""
    started = []

    def make(database_url: str) -> BFFProcess:
        bff = BFFProcess(database_url)
        started.append(bff)
        return bff

    yield make
    for bff in started:
        bff.stop()
