"""Every kind of answer of the real `moments serve` binary, linted by REDbot (the Resource Expert
Droid, software this project did not write): pages, their JSON twins, Area 51, the network
inspector, toggles, the OpenAPI document, health and metrics, static files, a redirect, 404s and
the embedded BFF's GraphQL GET. REDbot fetches each answer and probes it further (gzip
negotiation, conditional requests, ranges); it must report no note of level WARN or BAD. The
notes are classified by their level and class, never by their wording; a failure lists each WARN
or BAD note (class, level, subject and summary), then the class and level of every note found."""
import configparser
import re
import urllib.parse

import pytest
import requests
import thor
from httplint.note import levels
from redbot.resource import HttpResource
from redbot.resource.fetch import RedFetcher, RedHttpClient

from conftest import REPO, start_moments, stop_moments

BROWSER = [
    ("Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8"),
    ("Accept-Encoding", "gzip, deflate, br, zstd"),
    ("Accept-Language", "en-US,en;q=0.5"),
]
PICTURES = sorted(p for p in (REPO / "Public" / "images").rglob("*") if p.suffix in {".png", ".jpg", ".jpeg", ".webp", ".gif", ".svg"})
PICTURE = "/" + PICTURES[0].relative_to(REPO / "Public").as_posix() if PICTURES else "/images/missing"
PHOTOS = [p for p in PICTURES if p.parent.name == "photos"]
PHOTO = "/" + PHOTOS[0].relative_to(REPO / "Public").as_posix() if PHOTOS else PICTURE

# (path, status, request headers); `{exchange}`, `{designkit}` and `{cookie}` are filled in from
# the running dashboard (an exchange of its network log, where /DesignKit leads, its CSRF cookie).
ANSWERS = {
    "timeline-page": ("/", 200, []),
    "timeline-page-browser-first-visit": ("/", 200, BROWSER),
    "timeline-page-browser-with-cookie": ("/", 200, BROWSER + [("Cookie", "{cookie}")]),
    "timeline-json": ("/api/timeline", 200, []),
    "moment-page": ("/moments/3", 200, []),
    "moment-json": ("/api/moments/3", 200, []),
    "area51-page": ("/area51", 200, []),
    "area51-json": ("/api/area51", 200, []),
    "network-inspector-page": ("/area51/network", 200, []),
    "network-inspector-json": ("/api/area51/network", 200, []),
    "network-exchange-page": ("/area51/network/{exchange}", 200, []),
    "network-exchange-json": ("/api/area51/network/{exchange}", 200, []),
    "network-log-har": ("/api/area51/network.har", 200, []),
    "area51-users-json": ("/api/area51/users", 200, []),
    "area51-faults-json": ("/api/area51/faults", 200, []),
    "area51-mocks-json": ("/api/area51/mocks", 200, []),
    "area51-breakpoints-json": ("/api/area51/breakpoints", 200, []),
    "contract-page": ("/area51/contract", 200, []),
    "contract-json": ("/api/area51/contract", 200, []),
    "toggles-json": ("/api/toggles", 200, []),
    "tracking-events-json": ("/api/tracking/events", 200, []),
    "remote-config": ("/remote-config", 200, []),
    "openapi-document": ("/api/openapi.json", 200, []),
    "healthz": ("/healthz", 200, []),
    "metrics": ("/metrics", 200, []),
    "stylesheet": ("/css/app.css", 200, []),
    "script": ("/js/app.js", 200, []),
    "picture": (PICTURE, 200, []),
    "photo": (PHOTO, 200, []),
    "designkit-redirect": ("/DesignKit", 303, []),
    "designkit-demo-page": ("{designkit}", 200, []),
    "page-not-found": ("/no-such-page", 404, []),
    "json-not-found": ("/api/no-such-thing", 404, []),
    "graphql-get": ("/graphql?query=" + urllib.parse.quote("{__typename}"), 200, []),
    "graphql-schema": ("/graphql/schema.graphql", 200, []),
}


@pytest.fixture(scope="module")
def dashboard():
    """One dashboard for the module, with the like button on; answers its origin and the values
    that fill the placeholders of ANSWERS."""
    process, url, data = start_moments("serve")
    try:
        origin = re.match(r"http://[^/]+", url).group(0)
        answer = requests.put(f"{origin}/api/toggles/isLikeButtonForMomentEnabled", json={"isOn": True}, timeout=10)
        assert answer.status_code == 200 and answer.json()["effectiveValue"] is True, answer.text
        page = requests.get(f"{origin}/", timeout=10)
        assert page.status_code == 200 and page.cookies, "the timeline page sets its cookie"
        redirect = requests.get(f"{origin}/DesignKit", allow_redirects=False, timeout=10)
        assert redirect.is_redirect, redirect.status_code
        exchanges = requests.get(f"{origin}/api/area51/network", timeout=10).json()["exchanges"]
        assert exchanges, "the network log has the exchanges of the timeline page"
        yield origin, {
            "cookie": "; ".join(f"{cookie.name}={cookie.value}" for cookie in page.cookies),
            "designkit": urllib.parse.urljoin(f"{origin}/DesignKit", redirect.headers["Location"]).removeprefix(origin),
            "exchange": str(exchanges[0]["id"]),
        }
    finally:
        stop_moments(process, data)


def redbot_check(url: str, headers: list[tuple[str, str]]) -> HttpResource:
    """Runs REDbot on one GET, as its command line does (local addresses allowed), with all its
    active checks, until it is done or 30 s have passed."""
    config = configparser.ConfigParser()
    config.read_dict({"redbot": {"enable_local_access": "True"}})
    resource = HttpResource(config["redbot"])
    resource.set_request(url, headers=headers)
    resource.on("check_done", thor.stop)
    thor.schedule(30, thor.stop)
    resource.check()
    thor.run()
    return resource


def notes_of(resource: HttpResource) -> list:
    """The notes on the answer, each followed by its subnotes (those of the active checks are on it too)."""
    found = []
    for note in resource.response.notes:
        found.append(note)
        found.extend(note.subnotes)
    return found


def describe(note) -> str:
    return f"{type(note).__name__} ({note.level.name}, {note.subject or '-'})"


@pytest.mark.parametrize("name", list(ANSWERS))
def test_answer_hasNoRedbotWarning(dashboard, monkeypatch, name):
    origin, values = dashboard
    path, status, headers = ANSWERS[name]
    path = path.format(**values)
    headers = [(field, value.format(**values)) for field, value in headers]
    # thor's client closes its pooled connections on the loop's first stop only: one client per
    # check, else the next check waits on a connection the stopped loop no longer watches.
    client = RedHttpClient()
    client.connect_timeout, client.read_timeout = 5, 10
    monkeypatch.setattr(RedFetcher, "client", client)

    resource = redbot_check(origin + path, headers)

    assert resource.check_done, f"REDbot did not finish on {path}"
    assert resource.fetch_error is None, f"REDbot could not fetch {path}: {resource.fetch_error}"
    assert resource.response.status_code == status, f"{path}: {resource.response.status_code}"
    notes = notes_of(resource)
    problems = [note for note in notes if note.level in (levels.WARN, levels.BAD)]
    assert not problems, (
        f"REDbot on GET {path} {headers or ''}:\n"
        + "\n".join(f"  {describe(note)}: {note.summary}" for note in problems)
        + "\nall notes: " + ", ".join(describe(note) for note in notes))
    if ("Accept-Encoding", "gzip, deflate, br, zstd") in headers:
        assert resource.response.headers.parsed.get("content-encoding") == ["gzip"], "the browser gets gzip"


def test_everyGetOfTheOpenAPIDocument_isChecked(dashboard):
    """A GET that the document lists and no entry of ANSWERS reaches is an answer left unlinted."""
    origin, values = dashboard
    document = requests.get(f"{origin}/api/openapi.json", timeout=10).json()
    checked = [urllib.parse.urlsplit(path.format(**values)).path for path, _, _ in ANSWERS.values()]
    missing = [template for template, operations in document["paths"].items() if "get" in operations
               and not any(re.fullmatch(re.sub(r"\\\{[^/]+?\\\}", "[^/]+", re.escape(template)), path) for path in checked)]
    assert not missing, f"add these GETs to ANSWERS: {missing}"
