"""Faults set in Area 51 as QA sets them, and what the timeline then shows: the activity
indicator while a slow page loads, the localized empty state, the moments again once cleared."""
import time
from urllib.parse import urlparse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import SCREENSHOTS, make_browser
from helpers import DevToolsPage, console_errors, wait

TIMELINE = "getMomentsDetailsByUserID"
MOMENTS = ".list > [data-moment-id]"


@pytest.fixture
def chinese_browser():
    driver = make_browser(javascript=True, language="zh-CN")
    yield driver
    driver.quit()


def next_page(driver, act, path, seconds=10):
    """Does `act` on this page and waits until the page at `path` has replaced it."""
    driver.execute_script("window.beforeNextPage = true")
    act()
    wait(driver, seconds).until(lambda d: d.execute_script("return !window.beforeNextPage && document.readyState === 'complete'")
                                and urlparse(d.current_url).path == path)


def set_fault(driver, server, kind, delay_ms=None):
    """Sets a fault on the timeline query with the inspector's form, as QA does."""
    driver.get(server + "/area51/network")
    form = driver.find_element(By.CSS_SELECTOR, f'[data-fault-operation="{TIMELINE}"] .network__fault-form')
    Select(form.find_element(By.NAME, "kind")).select_by_value(kind)
    if delay_ms is not None:
        field = form.find_element(By.NAME, "delayMs")
        field.clear()
        field.send_keys(str(delay_ms))
    next_page(driver, form.find_element(By.CSS_SELECTOR, "button[type=submit]").click, "/area51/network")
    assert driver.find_elements(By.CSS_SELECTOR, "[data-fault-banner]"), "the banner names the fault in force"


def shown_indicator(driver):
    found = driver.find_elements(By.CSS_SELECTOR, "[data-loading]")
    return found[0] if found and found[0].is_displayed() else None


# The waiting page notes in sessionStorage when the indicator shows and what it says.
NOTE_THE_INDICATOR = """window.beforeNextPage = true; sessionStorage.clear();
const indicator = document.querySelector('[data-loading]');
new MutationObserver(() => {
  if (!indicator.hidden && indicator.checkVisibility()) Object.assign(sessionStorage, { shownAt: Date.now(), shown: indicator.textContent });
}).observe(indicator, { attributes: true });"""


def indicator_then_page(driver, link, screenshot, step):
    """Clicks the link `link` (a selector) to the timeline: the page clicked shows the activity
    indicator while the slow page loads, then the timeline arrives with its moments and no indicator."""
    tab = DevToolsPage(driver)
    try:
        driver.execute_script(NOTE_THE_INDICATOR)
        tab.click(link)
        time.sleep(0.6)
        tab.screenshot(screenshot(f"{step}-waiting"))
    finally:
        tab.close()
    wait(driver, 10).until(lambda d: d.execute_script("return !window.beforeNextPage && document.readyState === 'complete'"))
    shown, shown_at, first_byte_at = driver.execute_script(
        "return [sessionStorage.shown, Number(sessionStorage.shownAt), performance.timeOrigin + performance.getEntriesByType('navigation')[0].responseStart]")
    assert shown == "正在加载朋友圈…", "the page that waited showed the indicator"
    assert shown_at < first_byte_at, "before the next page's first byte came"
    assert urlparse(driver.current_url).path == "/"
    assert driver.find_elements(By.CSS_SELECTOR, MOMENTS), "the page arrived with its moments"
    assert shown_indicator(driver) is None


def test_slow_timeline_shows_the_indicator_then_empty_state_then_moments(server, chinese_browser, shoot, request):
    browser = chinese_browser
    screenshot = lambda step: str(SCREENSHOTS / f"{request.node.name}-{step}.png")
    set_fault(browser, server, "delay", delay_ms=1500)
    assert "延迟 1500 毫秒" in browser.find_element(By.CSS_SELECTOR, f'[data-fault-operation="{TIMELINE}"]').text

    # The first open of the timeline, from Area 51's way back: nothing is saved yet, so it waits.
    browser.get(server + "/area51")
    indicator_then_page(browser, '.top-bar a[href="/"]', screenshot, "1")
    shoot(browser, "1-arrived")
    # Refresh asks the BFF again, as slowly.
    indicator_then_page(browser, "[data-refresh]", screenshot, "2")

    set_fault(browser, server, "emptyMoments")
    browser.get(server + "/")
    next_page(browser, browser.find_element(By.CSS_SELECTOR, "[data-refresh]").click, "/")
    assert not browser.find_elements(By.CSS_SELECTOR, MOMENTS)
    empty = browser.find_element(By.CSS_SELECTOR, ".state--empty")
    assert empty.find_element(By.TAG_NAME, "h2").text == "还没有朋友圈"
    assert "添加好友来查看更多的朋友圈信息。" in empty.text
    assert browser.execute_script(
        "return document.querySelector('.profile').getBoundingClientRect().bottom"
        " <= arguments[0].getBoundingClientRect().top", empty), "the empty state is drawn under the profile header"
    shoot(browser, "3-empty")

    # One click on the banner clears every fault; a refresh then brings the moments back.
    next_page(browser, browser.find_element(By.CSS_SELECTOR, "[data-fault-banner] button").click, "/")
    assert not browser.find_elements(By.CSS_SELECTOR, "[data-fault-banner]")
    next_page(browser, browser.find_element(By.CSS_SELECTOR, "[data-refresh]").click, "/")
    assert len(browser.find_elements(By.CSS_SELECTOR, MOMENTS)) == 10
    assert not browser.find_elements(By.CSS_SELECTOR, ".state--empty")
    shoot(browser, "4-cleared")
    assert console_errors(browser) == []


def test_slow_timeline_without_javascript_still_arrives(server, browser_without_javascript, shoot):
    browser = browser_without_javascript
    browser.get(server + "/area51/network")
    form = browser.find_element(By.CSS_SELECTOR, f'[data-fault-operation="{TIMELINE}"] .network__fault-form')
    Select(form.find_element(By.NAME, "kind")).select_by_value("delay")
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    # The post's answer is a new page: the old one's elements may still be there for a moment.
    wait(browser).until(lambda d: "delay 1500 ms" in d.find_element(By.CSS_SELECTOR, f'[data-fault-operation="{TIMELINE}"]').text)

    browser.get(server + "/?refresh=1")
    assert urlparse(browser.current_url).path == "/"
    assert len(browser.find_elements(By.CSS_SELECTOR, MOMENTS)) == 10
    assert shown_indicator(browser) is None
    shoot(browser, "1-arrived")
