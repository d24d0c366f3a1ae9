"""A QA session travels between two dashboards as QA moves it: on A, a mock made from a recorded
exchange on its page, then the session exported with Area 51's buttons (JSON and a page for
people); on B, the file opened through Area 51's file picker, its changes shown, then applied: B's
banner names the mock and its timeline shows the mocked answer. The exported page reads without
JavaScript: the reporter's text, the toggles table and the exchanges."""
import json
import pathlib
import tempfile
import time

import pytest
from selenium.webdriver.common.by import By

from conftest import make_browser, running_server
from helpers import api, wait

TIMELINE = "getMomentsDetailsByUserID"
MOCKED_TITLE = "Mocked from a recorded exchange"
NOTE = "Moments vanish after the second like (see the mock)."
WIDTHS = [390, 1280]


@pytest.fixture
def downloads():
    return pathlib.Path(tempfile.mkdtemp(prefix="moments-downloads-"))


@pytest.fixture
def second_server():
    with running_server() as url:
        yield url


def resize(driver, width):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": 1000, "deviceScaleFactor": 1, "mobile": False})


def downloaded(folder: pathlib.Path, suffix: str) -> pathlib.Path:
    deadline = time.time() + 10
    while time.time() < deadline:
        found = [path for path in folder.glob(f"*{suffix}") if path.stat().st_size > 0]
        if found:
            return found[0]
        time.sleep(0.1)
    raise AssertionError(f"no {suffix} file was downloaded")


def mock_from_recorded_exchange(driver, server):
    """Opens the timeline's latest exchange, edits its response into the mock form and sets it."""
    driver.get(server + "/")
    exchange = api(server, "GET", f"/api/area51/network?operation={TIMELINE}")["exchanges"][0]
    driver.get(f"{server}/area51/network/{exchange['id']}")
    field = driver.find_element(By.CSS_SELECTOR, "[data-mock-form] textarea[name=body]")
    answer = json.loads(field.get_attribute("value"))
    answer["data"][TIMELINE]["moments"][0]["title"] = MOCKED_TITLE
    driver.execute_script("arguments[0].value = arguments[1]", field, json.dumps(answer))
    driver.find_element(By.CSS_SELECTOR, "[data-mock-form] button[type=submit]").click()
    wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-mock-banner]"))


def export_from_area51(driver, server, downloads, button, suffix):
    """A's state as QA leaves it (a mock made from a recorded exchange), exported with one of
    Area 51's buttons with the note typed; answers the file downloaded."""
    driver.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    mock_from_recorded_exchange(driver, server)
    driver.get(server + "/area51")
    driver.find_element(By.CSS_SELECTOR, "[data-session-export] textarea[name=note]").send_keys(NOTE)
    driver.find_element(By.CSS_SELECTOR, button).click()
    return downloaded(downloads, suffix)


def test_session_exported_on_a_is_opened_on_b_through_area51(server, second_server, downloads, shoot):
    driver = make_browser(javascript=True)
    try:
        session_file = export_from_area51(driver, server, downloads, "[data-session-export-json]", ".json")
        assert json.loads(session_file.read_text())["note"] == NOTE

        driver.get(second_server + "/area51")
        assert not driver.find_elements(By.CSS_SELECTOR, "[data-mock-banner]")
        driver.find_element(By.CSS_SELECTOR, "[data-session-file]").send_keys(str(session_file))
        wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-session-preview]").is_displayed())
        changes = [item.text for item in driver.find_elements(By.CSS_SELECTOR, "[data-session-changes] li")]
        assert any(TIMELINE in change for change in changes), changes
        assert api(second_server, "GET", "/api/area51/mocks")["mocks"] == [], "shown, not yet applied"
        for width in WIDTHS:
            resize(driver, width)
            driver.execute_script("document.querySelector('[data-session-preview]').scrollIntoView({block: 'center'})")
            shoot(driver, f"preview-{width}")
        driver.find_element(By.CSS_SELECTOR, "[data-session-apply]").click()
        wait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-mock-banner]"))
        assert TIMELINE in driver.find_element(By.CSS_SELECTOR, "[data-mock-banner]").text
        driver.execute_script("window.scrollTo(0, 0)")
        for width in WIDTHS:
            resize(driver, width)
            shoot(driver, f"applied-{width}")

        driver.get(second_server + "/?refresh=1")
        wait(driver).until(lambda d: MOCKED_TITLE in d.find_element(By.TAG_NAME, "body").text)
        assert driver.find_elements(By.CSS_SELECTOR, "[data-mock-banner]")
        for width in WIDTHS:
            resize(driver, width)
            shoot(driver, f"timeline-{width}")
    finally:
        driver.quit()


def test_exported_page_reads_without_javascript(server, downloads, shoot):
    driver = make_browser(javascript=True)
    try:
        page = export_from_area51(driver, server, downloads, "[data-session-export-html]", ".html")
    finally:
        driver.quit()
    reader = make_browser(javascript=False)
    try:
        reader.get(page.as_uri())
        assert reader.find_element(By.CSS_SELECTOR, "[data-note]").text == NOTE
        rows = reader.find_elements(By.CSS_SELECTOR, "[data-toggles] tbody tr")
        assert {"isLikeButtonForMomentEnabled", "likeButtonStyle"} <= {row.find_element(By.TAG_NAME, "th").text for row in rows}
        exchanges = reader.find_elements(By.CSS_SELECTOR, "[data-exchanges] > li")
        assert exchanges and any("/graphql" in item.text for item in exchanges)
        assert not reader.find_elements(By.TAG_NAME, "script")
        for width in WIDTHS:
            resize(reader, width)
            shoot(reader, f"report-{width}")
    finally:
        reader.quit()
