"""Fixtures for the browser flow: the real `moments` binary on a free port with a fresh data dir,
and headless Chromium driven by Selenium (Debian's chromium and chromium-driver)."""
import contextlib
import os
import pathlib
import re
import shutil
import subprocess
import tempfile

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

REPO = pathlib.Path(__file__).resolve().parents[2]
SCREENSHOTS = pathlib.Path(os.environ.get("SCREENSHOT_DIR", tempfile.gettempdir() + "/moments-browser-screenshots"))


@contextlib.contextmanager
def running_server():
    """The real binary (MOMENTS_BINARY, else the debug build) on a free port with a fresh data dir;
    yields its URL, stops it and removes the data dir afterwards. Other suites (Tests/Accessibility)
    start it through here too."""
    binary = os.environ.get("MOMENTS_BINARY", str(REPO / ".build/debug/moments"))
    data = tempfile.mkdtemp(prefix="moments-browser-")
    process = subprocess.Popen(
        [binary, "serve", "--port", "0", "--data-dir", data, "--log-level", "warning",
         "--public-dir", str(REPO / "Public"), "--templates-dir", str(REPO / "templates")],
        stdout=subprocess.PIPE, text=True)
    try:
        line = process.stdout.readline()
        match = re.search(r"http://\S+", line)
        assert match, f"the server did not announce its URL: {line!r}"
        yield match.group(0).rstrip("/")
    finally:
        process.terminate()
        process.wait(timeout=15)
        shutil.rmtree(data, ignore_errors=True)


@pytest.fixture
def server():
    with running_server() as url:
        yield url


def make_browser(javascript: bool, language: str = "en-US", prefs=None):
    """Headless Chromium; `prefs` adds Chromium preferences (e.g. a default font size)."""
    options = Options()
    options.binary_location = shutil.which("chromium")
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=500,1000", f"--lang={language}"]:
        options.add_argument(argument)
    options.add_experimental_option("prefs", {
        "intl.accept_languages": language,
        "profile.managed_default_content_settings.javascript": 1 if javascript else 2,
        **(prefs or {}),
    })
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)


@pytest.fixture
def browser():
    driver = make_browser(javascript=True)
    yield driver
    driver.quit()


@pytest.fixture
def browser_without_javascript():
    driver = make_browser(javascript=False)
    yield driver
    driver.quit()


@pytest.fixture
def shoot(request):
    """Saves a screenshot named after the test and the step, in SCREENSHOT_DIR."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def save(driver, step):
        driver.save_screenshot(str(SCREENSHOTS / f"{request.node.name}-{step}.png"))
    return save
