"""The language is a choice that sticks: picked once with ?lang=zh-Hans on an English browser, it
stays through every way the dashboard draws a page, until the reader goes back to the browser's."""
import re

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as condition

from helpers import answered_like_button, api, press, first_unliked_moment, like_button, mark_for_redraw, press_area51_shortcut, redrawn_at, wait

CHINESE_TITLE = "朋友圈"


def shows_chinese(driver):
    """The document and the content drawn into it (a redraw replaces only the content) are Chinese."""
    return (driver.title == CHINESE_TITLE
            and driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "zh-CN"
            and driver.find_element(By.CSS_SELECTOR, ".app h1").text in (CHINESE_TITLE, "51 区"))


def read(driver, selector, attribute):
    """`attribute` of every element `selector` finds, read in one script: a like's own change comes
    back as a live redraw, which may replace the elements between two reads of them."""
    return driver.execute_script("return [...document.querySelectorAll(arguments[0])].map(e => e.getAttribute(arguments[1]))",
                                 selector, attribute)


def like_titles(driver):
    return set(read(driver, "[data-like-form] button", "title"))


def moments(driver):
    return driver.find_elements(By.CSS_SELECTOR, ".list > [data-moment-id]")


def shoot_light_and_dark(browser, shoot, step):
    shoot(browser, f"{step}-light")
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    shoot(browser, f"{step}-dark")
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def test_chinese_picked_once_sticks_until_the_browser_decides_again(server, browser, shoot):
    api(server, "PUT", "/api/toggles/isLikeButtonForMomentEnabled", {"isOn": True})
    browser.get(server + "/")
    assert browser.title == "Moments", "an English browser gets English"
    browser.get(server + "/?lang=zh-Hans")
    assert shows_chinese(browser)
    shoot_light_and_dark(browser, shoot, "1-chinese")

    browser.find_element(By.CSS_SELECTOR, "[data-refresh]").click()
    wait(browser).until(lambda d: "refresh" not in d.current_url)
    assert shows_chinese(browser), "Refresh"

    moment = first_unliked_moment(browser)
    press(browser, like_button(browser, moment))
    wait(browser).until(lambda d: answered_like_button(d, moment).get_attribute("aria-pressed") == "true")
    assert read(browser, f"#moment-{moment} [data-like-form] button", "title") == ["取消赞"], "the like's fragment"

    mark_for_redraw(browser)
    other = next(m for m in read(browser, ".list > [data-moment-id]", "data-moment-id") if m != moment)
    api(server, "PUT", f"/api/moments/{other}/like", {"isLiked": True})
    redrawn_at(browser)
    assert shows_chinese(browser), "the live redraw"
    assert like_titles(browser) <= {"赞", "取消赞"}

    browser.find_element(By.CSS_SELECTOR, "[data-more]").click()
    wait(browser).until(lambda d: len(moments(d)) == 20)
    older_dates = browser.execute_script("return [...document.querySelectorAll('.list > [data-moment-id] .moment__date')].map(e => e.innerText)")[10:]
    assert older_dates and not any(re.search("[A-Za-z]", date) for date in older_dates), f"Older moments in Chinese: {older_dates}"

    press_area51_shortcut(browser)
    wait(browser).until(condition.url_contains("/area51"))
    assert browser.find_element(By.CSS_SELECTOR, ".app h1").text == "51 区"
    browser.find_element(By.PARTIAL_LINK_TEXT, CHINESE_TITLE).click()
    wait(browser).until(lambda d: "/area51" not in d.current_url)
    assert shows_chinese(browser), "Area 51 and back"

    browser.find_element(By.CSS_SELECTOR, ".moment__photo-link").click()
    wait(browser).until(condition.url_contains("/moments/"))
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "zh-CN", "a moment's page"
    assert browser.find_element(By.CSS_SELECTOR, ".top-bar__back").text == "‹ 返回朋友圈"
    assert not re.search("[A-Za-z]", browser.find_element(By.CSS_SELECTOR, ".moment__date").text), "its date"
    assert like_titles(browser) <= {"赞", "取消赞"} and like_titles(browser), "its like button"
    browser.find_element(By.CSS_SELECTOR, ".top-bar__back").click()
    wait(browser).until(lambda d: "/moments/" not in d.current_url)
    assert shows_chinese(browser), "a moment's page and back"

    browser.find_element(By.CSS_SELECTOR, "[data-browser-language]").click()
    wait(browser).until(lambda d: d.title == "Moments")
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en"
    assert not browser.find_elements(By.CSS_SELECTOR, "[data-browser-language]"), "no choice left to clear"
    shoot_light_and_dark(browser, shoot, "2-browser-language")
    browser.get(server + "/")
    assert browser.title == "Moments", "the browser decides again"
    assert like_titles(browser) <= {"Like", "Unlike"}


def test_chinese_sticks_without_javascript(server, browser_without_javascript, shoot):
    browser = browser_without_javascript
    api(server, "PUT", "/api/toggles/isLikeButtonForMomentEnabled", {"isOn": True})
    browser.get(server + "/?lang=zh-Hans")
    browser.get(server + "/")
    assert shows_chinese(browser), "the next page without ?lang="

    moment = first_unliked_moment(browser)
    press(browser, like_button(browser, moment))
    wait(browser).until(condition.url_contains(f"#moment-{moment}"))
    assert shows_chinese(browser), "the like form's redirect"
    assert like_button(browser, moment).get_attribute("title") == "取消赞"

    browser.find_element(By.CSS_SELECTOR, "[data-refresh]").click()
    assert "refresh" not in browser.current_url
    assert shows_chinese(browser), "Refresh"

    browser.find_element(By.CSS_SELECTOR, "[data-more]").click()
    wait(browser).until(condition.url_contains("?after="))
    assert shows_chinese(browser), "Older moments"
    shoot(browser, "older-moments")


TOP_BAR_LAYOUT = """
const title = document.querySelector('.top-bar__title');
const range = document.createRange();
range.selectNodeContents(title);
const lines = new Set([...range.getClientRects()].map(rect => Math.round(rect.top))).size;
const overflowing = [...document.querySelectorAll('.top-bar__actions > *, .user-switch__label')]
    .filter(element => element.getBoundingClientRect().right > window.innerWidth + 0.5
        || element.getBoundingClientRect().height > 2 * parseFloat(getComputedStyle(element).fontSize) + 12)
    .map(element => element.className);
return {titleLines: lines, overflowing: overflowing, width: window.innerWidth};
"""


def test_top_bar_on_a_phone_keeps_the_title_whole_and_every_control_on_screen(server, browser, shoot):
    """At 390 px the English bar's links and user switch do not fit beside the title: they go under
    it, and neither the title nor "Acting as" breaks inside a word."""
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": False})
    try:
        for language, title in (("en", "Moments"), ("zh-Hans", CHINESE_TITLE)):
            browser.get(server + f"/?lang={language}")
            assert browser.title == title
            layout = browser.execute_script(TOP_BAR_LAYOUT)
            shoot(browser, f"top-bar-390-{language}")
            assert layout["width"] == 390
            assert layout["titleLines"] == 1, f"{language}: the title on one line"
            assert layout["overflowing"] == [], f"{language}: controls off screen or broken over lines"
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
