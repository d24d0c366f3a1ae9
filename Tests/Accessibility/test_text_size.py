"""Text follows the reader's font size (WCAG 1.4.4): with Chromium's default font size at 24 or
32 px instead of 16, the timeline's body text is 24 px, and its text and controls still do not overlap
or run out of the window, at 390 and 1280 px."""
import pytest
from selenium.webdriver.common.by import By

from helpers import wait

# Pairs of elements of one moment, or of the bars, that must not cover each other.
OVERLAPS = """
const selectors = ['.top-bar__title', '.top-bar__link', '.user-switch__input', '.profile__name', '.profile__avatar',
  '.moment__avatar', '.moment__name', '.moment__title', '.moment__photo', '.moment__link', '.moment__date', '.dk-favorite-button',
  '.moment__likes', '.pager'];
const elements = selectors.flatMap(s => [...document.querySelectorAll(s)]).filter(e => e.getClientRects().length);
const found = [];
for (let i = 0; i < elements.length; i++) for (let j = i + 1; j < elements.length; j++) {
  const [a, b] = [elements[i], elements[j]];
  if (a.contains(b) || b.contains(a)) continue;
  const [r, q] = [a.getBoundingClientRect(), b.getBoundingClientRect()];
  const x = Math.min(r.right, q.right) - Math.max(r.left, q.left), y = Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top);
  if (x > 1 && y > 1) found.push(`${a.className} × ${b.className}`);
}
return found;"""


@pytest.fixture(scope="module", params=[24, 32])
def large_text_browser(request, make_browser):
    driver = make_browser(javascript=True, prefs={"webkit.webprefs.default_font_size": request.param})
    driver.font_size = request.param
    yield driver
    driver.quit()


@pytest.mark.parametrize("width", [390, 1280])
def test_timeline_text_follows_the_default_font_size_without_overlap(site, large_text_browser, width):
    """24 px (150 %) and 32 px (200 %, WCAG 1.4.4's bound) instead of 16."""
    browser = large_text_browser
    size = browser.font_size
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": False})
    browser.get(site.url + "/")
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".moment__title"))
    assert browser.execute_script("return getComputedStyle(document.documentElement).fontSize") == f"{size}px", "the browser's default font size is set"
    assert browser.execute_script("return getComputedStyle(document.querySelector('.moment__title')).fontSize") == f"{size}px", \
        "the body text is the reader's size"
    assert browser.execute_script("return getComputedStyle(document.querySelector('.moment__date')).fontSize") == f"{size * 13 / 16:g}px", \
        "the footnote keeps its place in the scale (13/16 of it)"
    assert browser.execute_script(OVERLAPS) == []
    assert browser.execute_script("return document.documentElement.scrollWidth") <= width, "nothing runs out of the window"
