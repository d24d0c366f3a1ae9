"""The flows a QA engineer walks through in a browser, with JavaScript and without."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as condition

from helpers import answered_like_button, console_errors, first_unliked_moment, like_button, press_area51_shortcut, wait


def test_flow_with_javascript(server, browser, shoot):
    browser.get(server + "/")
    assert browser.title == "Moments"
    assert not browser.find_elements(By.CSS_SELECTOR, "[data-like-form]"), "the like feature starts off"
    shoot(browser, "1-timeline")

    press_area51_shortcut(browser)
    wait(browser).until(condition.url_contains("/area51"))
    shoot(browser, "2-area51")

    browser.find_element(By.CSS_SELECTOR, "#toggle-isLikeButtonForMomentEnabled button").click()
    wait(browser).until(lambda d: d.find_element(By.CSS_SELECTOR, "#toggle-isLikeButtonForMomentEnabled button").get_attribute("aria-pressed") == "true")
    browser.find_element(By.LINK_TEXT, "‹ Moments").click()
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-like-form]"))

    moment = first_unliked_moment(browser)
    browser.execute_script("window.stillTheSamePage = true")
    like_button(browser, moment).click()
    wait(browser).until(lambda d: answered_like_button(d, moment).get_attribute("aria-pressed") == "true")
    assert browser.execute_script("return window.stillTheSamePage") is True, "the like updated the page in place"
    shoot(browser, "3-liked")

    browser.refresh()
    assert like_button(browser, moment).get_attribute("aria-pressed") == "true", "the like survives a reload"
    like_button(browser, moment).click()
    wait(browser).until(lambda d: answered_like_button(d, moment).get_attribute("aria-pressed") == "false")

    moments = lambda d: d.find_elements(By.CSS_SELECTOR, ".list > [data-moment-id]")
    assert len(moments(browser)) == 10, "the timeline opens on its ten newest moments"
    browser.execute_script("window.stillTheSamePage = true")
    browser.find_element(By.CSS_SELECTOR, "[data-more]").click()
    wait(browser).until(lambda d: len(moments(d)) == 20)
    assert browser.execute_script("return window.stillTheSamePage") is True, "older moments were added in place"
    older = moments(browser)[15].get_attribute("data-moment-id")
    before = like_button(browser, older).get_attribute("aria-pressed")
    like_button(browser, older).click()
    wait(browser).until(lambda d: like_button(d, older).get_attribute("aria-pressed") != before)
    shoot(browser, "4-older-moments")

    browser.find_element(By.CSS_SELECTOR, "[data-language-switch]").click()
    wait(browser).until(lambda d: d.title == "朋友圈")
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "zh-CN"
    shoot(browser, "5-chinese")
    assert console_errors(browser) == []


def test_flow_without_javascript_uses_the_forms(server, browser_without_javascript, shoot):
    browser = browser_without_javascript
    browser.get(server + "/area51")
    browser.find_element(By.CSS_SELECTOR, "#toggle-isLikeButtonForMomentEnabled button").click()
    wait(browser).until(lambda d: d.find_element(By.CSS_SELECTOR, "#toggle-isLikeButtonForMomentEnabled button").get_attribute("aria-pressed") == "true")
    shoot(browser, "1-area51")

    browser.get(server + "/")
    moment = first_unliked_moment(browser)
    like_button(browser, moment).click()
    wait(browser).until(condition.url_contains(f"#moment-{moment}"))
    assert like_button(browser, moment).get_attribute("aria-pressed") == "true"
    shoot(browser, "2-liked")

    browser.refresh()
    assert like_button(browser, moment).get_attribute("aria-pressed") == "true"
    like_button(browser, moment).click()
    wait(browser).until(lambda d: like_button(d, moment).get_attribute("aria-pressed") == "false")

    browser.find_element(By.CSS_SELECTOR, "[data-more]").click()
    wait(browser).until(condition.url_contains("?after="))
    older_page = browser.current_url.split("#")[0]
    older = first_unliked_moment(browser)
    like_button(browser, older).click()
    wait(browser).until(condition.url_contains(f"#moment-{older}"))
    assert browser.current_url.split("#")[0] == older_page, "the like goes back to the page it was on"
    assert like_button(browser, older).get_attribute("aria-pressed") == "true"
    shoot(browser, "3-older-page")

    browser.find_element(By.CSS_SELECTOR, "[data-language-switch]").click()
    wait(browser).until(lambda d: d.title == "朋友圈")
    shoot(browser, "4-chinese")


def test_area51_shortcut_matches_the_key_whatever_the_layout_makes_of_it(server, browser):
    browser.get(server + "/")
    # dispatchEvent answers false when the page took the key (preventDefault) as the shortcut.
    press = ("return document.dispatchEvent(new KeyboardEvent('keydown',"
             " {key: arguments[0], code: arguments[1], ctrlKey: true, altKey: true, cancelable: true}))")
    # AZERTY: the key that types "a" is where Q is on a US keyboard; it is not the shortcut.
    assert browser.execute_script(press, "a", "KeyQ") is True
    # macOS with Alt makes "å" of the A key, a Russian layout "ф": still the shortcut.
    assert browser.execute_script(press, "ф", "KeyA") is False
    wait(browser).until(condition.url_matches(r"/area51$"))
