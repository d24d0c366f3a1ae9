"""The timeline tells whoever has it open, at once, when the BFF's schema changes under one of
its documents: a graphql-core BFF (the interop suite's `seed_bff.py`) drops `Moment.title` while
a tab shows the timeline, and the tab's banner names the field within seconds, from the live
event `contract`, without a reload."""
import json
import pathlib
import re
import subprocess
import sys
import tempfile
import shutil
import urllib.request

import pytest
from graphql import build_schema
from selenium.webdriver.common.by import By

from helpers import wait

REPO = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "Tests/Interop"))
from seed_bff import SEED_SDL, SeedBFF  # noqa: E402


@pytest.fixture
def dashboard_on_seed_bff():
    """A dashboard on a graphql-core BFF, reading its schema every 0.2 s; answers both."""
    bff = SeedBFF().start()
    data = tempfile.mkdtemp(prefix="moments-browser-")
    process = subprocess.Popen(
        [str(REPO / ".build/debug/moments"), "serve", "--port", "0", "--data-dir", data, "--log-level", "error",
         "--bff-url", bff.url, "--contract-interval", "0.2",
         "--public-dir", str(REPO / "Public"), "--templates-dir", str(REPO / "templates")],
        stdout=subprocess.PIPE, text=True)
    try:
        match = re.search(r"http://\S+", process.stdout.readline())
        assert match, "the dashboard did not announce its URL"
        yield match.group(0).rstrip("/"), bff
    finally:
        process.terminate()
        process.wait(timeout=15)
        bff.stop()
        shutil.rmtree(data, ignore_errors=True)


def schema_hash(url: str):
    with urllib.request.urlopen(f"{url}/api/area51/contract", timeout=10) as answer:
        return json.load(answer)["schemaHash"]


def test_timeline_showsTheContractBanner_whenTheBFFRemovesAFieldItReads(dashboard_on_seed_bff, browser, shoot):
    url, bff = dashboard_on_seed_bff
    wait(browser, 10).until(lambda _: schema_hash(url) is not None)
    browser.get(url + "/")
    wait(browser, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, "main.list")
                           and d.execute_script("return document.documentElement.dataset.liveEvents") == "open")
    banner = browser.find_element(By.CSS_SELECTOR, "[data-contract-banner]")
    assert not banner.is_displayed()

    bff.schema = build_schema(SEED_SDL.replace("  title: String\n", ""))
    wait(browser, 5).until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-contract-banner]").is_displayed())
    banner = browser.find_element(By.CSS_SELECTOR, "[data-contract-banner]")
    assert banner.find_element(By.CSS_SELECTOR, "[data-contract-fields]").text == "Moment.title"
    assert banner.find_element(By.CSS_SELECTOR, "a").get_attribute("href").endswith("/area51/contract")
    shoot(browser, "banner")
