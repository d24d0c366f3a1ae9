"""The tracking log records what a person did, as the seed's events mean: one screenview per page
opened, like/unlike per action, a shake only through the shortcut. Counted exactly after a
scripted session, with a second tab open receiving live redraws all along."""
from collections import Counter

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as condition

from helpers import api, press, first_unliked_moment, like_button, mark_for_redraw, press_area51_shortcut, redrawn_at, wait


def test_a_scripted_session_records_exactly_what_was_done(server, browser):
    api(server, "PUT", "/api/toggles/isLikeButtonForMomentEnabled", {"isOn": True})
    assert api(server, "GET", "/api/tracking/events")["events"] == []

    browser.get(server + "/")                                  # screenview 1
    first = browser.current_window_handle
    browser.switch_to.new_window("tab")
    browser.get(server + "/")                                  # screenview 2: the second tab
    second = browser.current_window_handle
    wait(browser).until(lambda d: d.execute_script("return document.documentElement.dataset.liveEvents") == "open")
    browser.switch_to.window(first)
    wait(browser).until(lambda d: d.execute_script("return document.documentElement.dataset.liveEvents") == "open")

    moment = first_unliked_moment(browser)
    for pressed in ["true", "false"]:                           # like, then unlike
        browser.switch_to.window(second)
        mark_for_redraw(browser)
        browser.switch_to.window(first)
        press(browser, like_button(browser, moment))
        wait(browser).until(lambda d: like_button(d, moment).get_attribute("aria-pressed") == pressed)
        browser.switch_to.window(second)
        redrawn_at(browser)
        assert like_button(browser, moment).get_attribute("aria-pressed") == pressed, "the second tab redrew"
        browser.switch_to.window(first)

    press_area51_shortcut(browser)                             # shake
    wait(browser).until(condition.url_matches(r"/area51$"))
    browser.switch_to.window(second)
    mark_for_redraw(browser)
    browser.switch_to.window(first)
    browser.find_element(By.CSS_SELECTOR, "#toggle-isNewTimelineLayoutEnabled button").click()   # a flip
    wait(browser).until(lambda d: d.find_element(By.CSS_SELECTOR, "#toggle-isNewTimelineLayoutEnabled button")
                        .get_attribute("aria-pressed") == "true")
    browser.switch_to.window(second)
    redrawn_at(browser)
    assert browser.find_elements(By.CSS_SELECTOR, ".card--moment"), "the second tab redrew in the new layout"

    events = api(server, "GET", "/api/tracking/events")["events"]
    assert Counter(event["name"] for event in events) == {"screenview": 2, "like": 1, "unlike": 1, "shake": 1}
    assert [event["name"] for event in reversed(events)] == ["screenview", "screenview", "like", "unlike", "shake"]
    assert next(event for event in events if event["name"] == "shake")["parameters"] == {"source": "shortcut"}
