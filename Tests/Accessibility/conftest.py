"""Fixtures of the accessibility suite: one real `moments` server for the whole session (started
through the browser suite's `running_server`), with the like feature on so that every control a
page can show is there, and the pages of issue 30 found on it."""
import importlib.util
import json
import os
import pathlib
import re
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from collections import Counter

import pytest

HERE = pathlib.Path(__file__).resolve().parent
BROWSER_SUITE = HERE.parent / "Browser"
sys.path.insert(0, str(BROWSER_SUITE))

_spec = importlib.util.spec_from_file_location("browser_conftest", BROWSER_SUITE / "conftest.py")
browser_conftest = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(browser_conftest)

from helpers import api, set_toggle  # noqa: E402  (after the path above)

REPORT_DIR = pathlib.Path(os.environ.get("A11Y_REPORT_DIR", str(browser_conftest.REPO / ".build/a11y-report")))
TIMELINE = "getMomentsDetailsByUserID"
# A user whose timeline no page of the suite reads while the BFF answers: with a fault on the
# timeline query in force, their timeline is the error page (nothing saved to fall back on).
ERROR_PAGE_USER = "7"
# A user whose timeline read a breakpoint holds for the whole session.
HELD_READ_USER = "5"


class Site:
    """The pages of issue 30 on one server: name → path."""

    def __init__(self, url):
        self.url = url
        set_toggle(url, "isLikeButtonForMomentEnabled", True)
        timeline = api(url, "GET", "/api/timeline")
        moments = [item for section in timeline["sections"] for item in section["items"] if "momentID" in item]
        with_photos = [m for m in moments if len(m.get("photoURLs") or []) > 1] or moments
        moment_id = with_photos[0]["momentID"]
        # A like, so that the timeline and the moment show a row of likers.
        api(url, "PUT", f"/api/moments/{moment_id}/like", {"isLiked": True})
        # A mock no call matches: every page shows its banner, the inspector its form filled in.
        api(url, "PUT", "/api/area51/mocks/updateMomentLike", {"body": {"data": None, "errors": [{"message": "mocked"}]},
                                                                 "variables": {"momentID": "no-such-moment"}})
        self.hold_a_read()
        network = api(url, "GET", f"/api/area51/network?operation={TIMELINE}")
        exchanges = network.get("exchanges", network) if isinstance(network, dict) else network
        self.pages = {
            "timeline": "/",
            "moment": f"/moments/{moment_id}",
            "area51": "/area51",
            "designkit": "/area51/designkit?productName=DesignKit&version=1.0.1",
            "network": "/area51/network",
            "exchange": f"/area51/network/{exchanges[0]['id']}",
            "contract": "/area51/contract",
            "not-found": "/no-such-page",
            "timeline-error": f"/?userID={ERROR_PAGE_USER}",
            # Reached by pressing Crash App once (a form post): the confirmation page.
            "crash-confirm": "/area51",
            # The inspector with an exchange selected, shown in the pane beside the table (1024 px and wider).
            "network-selected": "/area51/network",
            # The QA session exported as one page for people, opened from the file.
            "session-report": self.session_report().as_uri(),
            # That session replayed against this dashboard's BFF, saved as Area 51's report of it.
            "replay-report": self.replay_report().as_uri(),
        }

    def address(self, name):
        """Where a browser opens the page: on the server, or a file (the exported report)."""
        path = self.pages[name]
        return path if path.startswith("file:") else self.url + path

    def session_report(self, accept_language="en-US"):
        """The QA session exported as a page (`format: html`), saved as a file; answers its path."""
        request = urllib.request.Request(self.url + "/api/area51/sessions/export", method="POST",
                                         data=json.dumps({"note": "Checked by the accessibility suite.", "format": "html"}).encode(),
                                         headers={"Content-Type": "application/json", "Accept-Language": accept_language})
        with urllib.request.urlopen(request, timeout=10) as answer:
            report = pathlib.Path(tempfile.mkdtemp(prefix="moments-report-")) / "session.html"
            report.write_bytes(answer.read())
        return report

    def replay_report(self, accept_language="en-US"):
        """The exported session replayed by Area 51's form (`format=html`), saved as a file; answers its path."""
        session = urllib.request.Request(self.url + "/api/area51/sessions/export", method="POST", data=b'{"note": ""}',
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(session, timeout=10) as answer:
            file = answer.read().decode()
        token = "a11ya11ya11ya11ya11ya11ya11ya11y"
        form = urllib.parse.urlencode({"session": file, "format": "html", "_csrf": token}).encode()
        request = urllib.request.Request(self.url + "/area51/sessions/replay", method="POST", data=form,
                                         headers={"Content-Type": "application/x-www-form-urlencoded", "Origin": self.url,
                                                  "Cookie": f"moments_csrf={token}", "Accept-Language": accept_language})
        with urllib.request.urlopen(request, timeout=30) as answer:
            report = pathlib.Path(tempfile.mkdtemp(prefix="moments-replay-")) / "replay.html"
            report.write_bytes(answer.read())
        return report

    def hold_a_read(self):
        """A read of a user no other page reads, held by a breakpoint until the server stops (which
        lets it go): every page shows the breakpoint banner, the inspector the held call's editor."""
        api(self.url, "PUT", f"/api/area51/breakpoints/{TIMELINE}",
            {"stage": "response", "variables": {"userID": HELD_READ_USER}, "timeoutSeconds": 600})
        read = urllib.request.Request(f"{self.url}/api/timeline?userID={HELD_READ_USER}&refresh=1")
        threading.Thread(target=lambda: urllib.request.urlopen(read, timeout=660).read(), daemon=True).start()
        deadline = time.monotonic() + 10
        while not api(self.url, "GET", "/api/area51/breakpoints")["held"]:
            assert time.monotonic() < deadline, "the read was not held"
            time.sleep(0.05)

    def open_error_state(self):
        """A fault on the timeline query, for the error page; `close_error_state` clears it."""
        api(self.url, "PUT", f"/api/area51/faults/{TIMELINE}", {"kind": "httpStatus", "status": 500})

    def close_error_state(self):
        api(self.url, "DELETE", "/api/area51/faults")

    def html(self, name, accept_language):
        """The page's HTML as the server sends it to a browser that asks for `accept_language`."""
        if name == "session-report":
            return self.session_report(accept_language).read_text()
        if name == "replay-report":
            return self.replay_report(accept_language).read_text()
        headers = {"Accept-Language": accept_language, "Accept": "text/html"}
        request = urllib.request.Request(self.url + self.pages[name], headers=headers)
        if name == "crash-confirm":  # the first press of Crash App, with the page's CSRF cookie and field
            opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
            with opener.open(request, timeout=10) as answer:
                token = re.search(r'name="_csrf" value="([^"]+)"', answer.read().decode()).group(1)
            post = urllib.request.Request(self.url + "/area51/actions/crash-app", data=f"_csrf={token}".encode(), method="POST",
                                          headers={**headers, "Content-Type": "application/x-www-form-urlencoded", "Origin": self.url})
            with opener.open(post, timeout=10) as answer:
                return answer.read().decode()
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                return answer.read().decode()
        except urllib.error.HTTPError as error:  # the 404 and the error page are pages too
            return error.read().decode()


@pytest.fixture(scope="session")
def site():
    with browser_conftest.running_server() as url:
        yield Site(url)


@pytest.fixture(scope="session")
def make_browser():
    return browser_conftest.make_browser


# Every violation axe reported (any impact), by rule, summed over the session: printed at the
# end and kept in REPORT_DIR/axe-counts.json, for the before/after notes.
AXE_COUNTS = {"nodes": Counter(), "pages": Counter(), "impact": {}}


def record_axe(page_key, violations):
    for violation in violations:
        AXE_COUNTS["nodes"][violation["id"]] += len(violation["nodes"])
        AXE_COUNTS["pages"][violation["id"]] += 1
        AXE_COUNTS["impact"][violation["id"]] = violation["impact"]
    REPORT_DIR.mkdir(parents=True, exist_ok=True)
    (REPORT_DIR / f"axe-{page_key}.json").write_text(json.dumps(violations, indent=1))


def pytest_terminal_summary(terminalreporter):
    if not AXE_COUNTS["nodes"]:
        if AXE_COUNTS["pages"] == Counter() and terminalreporter.stats.get("passed"):
            terminalreporter.write_line("axe: no violation of any impact")
        return
    terminalreporter.section("axe violations by rule (nodes, page variants)")
    for rule, nodes in AXE_COUNTS["nodes"].most_common():
        terminalreporter.write_line(f"{rule:32} {AXE_COUNTS['impact'][rule]:9} {nodes:5} nodes  {AXE_COUNTS['pages'][rule]:3} page variants")
    REPORT_DIR.mkdir(parents=True, exist_ok=True)
    (REPORT_DIR / "axe-counts.json").write_text(json.dumps(AXE_COUNTS, indent=1, default=dict))
