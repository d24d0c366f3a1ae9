"""axe-core (WCAG 2.0/2.1 A and AA, and best practices) over every page of issue 30, in English
and Chinese, light and dark, at 390 and 1280 px, in headless Chromium. A serious or critical
violation fails the page; every violation of any impact is counted in the session's summary."""
import pytest
from axe_playwright_python.base import AXE_SCRIPT
from selenium.webdriver.support.ui import WebDriverWait

from conftest import REPORT_DIR, record_axe
from helpers import api

PAGES = ["timeline", "moment", "area51", "designkit", "network", "exchange", "contract", "not-found", "timeline-error", "crash-confirm", "network-selected",
         "session-report", "replay-report"]
LANGUAGES = ["en-US", "zh-CN"]
SCHEMES = ["light", "dark"]
WIDTHS = [390, 1280]
FAILING_IMPACTS = {"serious", "critical"}
SCREENS = REPORT_DIR / "screens"
AXE_OPTIONS = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]},
               "resultTypes": ["violations"]}


@pytest.fixture(scope="module", params=LANGUAGES)
def browser(request, make_browser):
    driver = make_browser(javascript=True, language=request.param)
    driver.set_script_timeout(60)
    driver.language = request.param
    yield driver
    driver.quit()


def look(driver, scheme, width):
    """The page as a person at `width` CSS pixels who prefers `scheme` sees it."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": False})


def run_axe(driver):
    if not driver.execute_script("return typeof window.axe === 'object'"):
        driver.execute_script(AXE_SCRIPT)
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, arguments[0]).then(results => done(results.violations), error => done({error: String(error)}));",
        AXE_OPTIONS)


def describe(violation):
    targets = ", ".join(" ".join(node["target"]) if isinstance(node["target"][0], str) else str(node["target"]) for node in violation["nodes"][:3])
    more = f" (+{len(violation['nodes']) - 3} more)" if len(violation["nodes"]) > 3 else ""
    return f"{violation['impact']} {violation['id']}: {violation['help']} — {len(violation['nodes'])} nodes: {targets}{more}"


@pytest.mark.parametrize("page", PAGES)
def test_page_has_no_serious_or_critical_axe_violation(site, browser, page):
    failures = []
    if page == "timeline-error":
        site.open_error_state()
    try:
        browser.get(site.address(page))
        if page == "timeline-error":
            assert browser.find_elements("css selector", ".state--error"), "the error page shows the timeline's error state"
        if page == "crash-confirm":
            button = browser.find_element("css selector", 'form[action="/area51/actions/crash-app"] button')
            browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
            button.click()
            WebDriverWait(browser, 10).until(lambda d: d.find_elements("css selector", "[data-confirm-form]"),
                                             "the first press asks for a confirmation")
        if page == "network-selected":
            look(browser, "light", 1280)
            browser.find_element("css selector", "[data-network-table] tbody tr [data-exchange-link]").click()
            WebDriverWait(browser, 5).until(lambda d: d.find_elements("css selector", "[data-network-pane] [data-curl]"))
        for scheme in SCHEMES:
            for width in WIDTHS:
                look(browser, scheme, width)
                # What axe looked at, to be looked at by a person too.
                SCREENS.mkdir(parents=True, exist_ok=True)
                browser.save_screenshot(str(SCREENS / f"{page}-{browser.language}-{scheme}-{width}.png"))
                violations = run_axe(browser)
                assert not isinstance(violations, dict), violations
                record_axe(f"{page}-{browser.language}-{scheme}-{width}", violations)
                failures += [f"{browser.language} {scheme} {width}px: {describe(v)}" for v in violations if v["impact"] in FAILING_IMPACTS]
    finally:
        if page == "timeline-error":
            site.close_error_state()
    assert not failures, f"{page} ({site.pages[page]}):\n" + "\n".join(failures)


# Long enough for axe to finish while the like waits, short of the BFF's 5 s timeout.
PENDING_LIKE_DELAY_MS = 4000


@pytest.mark.parametrize("scheme", SCHEMES)
def test_timeline_while_a_like_is_on_its_way_has_no_serious_or_critical_axe_violation(site, browser, scheme):
    api(site.url, "PUT", "/api/area51/faults/updateMomentLike", {"kind": "delay", "delayMs": PENDING_LIKE_DELAY_MS})
    look(browser, scheme, 390)
    browser.get(site.url + "/")
    button = browser.find_element("css selector", "[data-like-form] button")
    moment = button.get_attribute("id").removeprefix("like-")
    was_liked = button.get_attribute("aria-pressed") == "true"
    try:
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()
        WebDriverWait(browser, 2).until(lambda d: button.get_attribute("aria-busy") == "true", "the like is on its way")
        violations = run_axe(browser)
        assert not isinstance(violations, dict), violations
        assert button.get_attribute("aria-busy") == "true", "axe looked at the page while the like was still on its way"
        record_axe(f"timeline-pending-like-{browser.language}-{scheme}-390", violations)
        failures = [describe(v) for v in violations if v["impact"] in FAILING_IMPACTS]
        assert not failures, "\n".join(failures)
    finally:
        api(site.url, "DELETE", "/api/area51/faults/updateMomentLike")
        WebDriverWait(browser, 10).until(lambda d: not d.find_elements("css selector", '[aria-busy="true"]'))
        # The moment as the other pages of the suite expect it.
        api(site.url, "PUT", f"/api/moments/{moment}/like", {"isLiked": was_liked})
