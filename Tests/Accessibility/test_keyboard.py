"""Keyboard use across a live redraw: a like by Enter keeps focus on that like button once the
live `like` event has redrawn the page, and a polite live region says what changed."""
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from helpers import api, first_unliked_moment, like_button, mark_for_redraw, redrawn_at, wait


def test_like_by_enter_keeps_focus_through_the_live_redraw_and_is_announced(site, make_browser):
    browser = make_browser(javascript=True)
    try:
        browser.get(site.url + "/")
        wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-like-form]"))
        moment = first_unliked_moment(browser)
        button = like_button(browser, moment)
        button_id = button.get_attribute("id")
        assert button_id, "each like button has an id that a redraw keeps"
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].focus()", button)
        mark_for_redraw(browser)
        ActionChains(browser).send_keys(Keys.ENTER).perform()
        redrawn_at(browser, 10)  # the live `like` event's redraw of the whole page
        wait(browser).until(lambda d: like_button(d, moment).get_attribute("aria-pressed") == "true")
        assert browser.execute_script("return document.activeElement.id") == button_id, \
            "focus is on the same like button after the live redraw, not on <body>"
        region = browser.find_element(By.CSS_SELECTOR, "[data-announce]")
        assert region.get_attribute("aria-live") == "polite"
        wait(browser).until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-announce]").get_attribute("textContent").strip() == "Liked")

        # Enter again unlikes, and focus stays through that redraw too.
        mark_for_redraw(browser)
        ActionChains(browser).send_keys(Keys.ENTER).perform()
        redrawn_at(browser, 10)
        wait(browser).until(lambda d: like_button(d, moment).get_attribute("aria-pressed") == "false")
        assert browser.execute_script("return document.activeElement.id") == button_id
        wait(browser).until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-announce]").get_attribute("textContent").strip() == "Unliked")
    finally:
        browser.quit()


def test_focus_stays_on_its_like_button_when_a_toggle_flipped_elsewhere_redraws_the_page(site, make_browser):
    browser = make_browser(javascript=True)
    try:
        browser.get(site.url + "/")
        wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-like-form]"))
        button = like_button(browser, first_unliked_moment(browser))
        button_id = button.get_attribute("id")
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].focus()", button)
        mark_for_redraw(browser)
        api(site.url, "PUT", "/api/toggles/likeButtonStyle", {"override": "star"})  # as QA does in another tab
        try:
            redrawn_at(browser, 10)
            wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".dk-favorite-button--star"))
            assert browser.execute_script("return document.activeElement.id") == button_id, "focus kept through the redraw"
            wait(browser).until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-announce]").get_attribute("textContent").strip() == "Page updated")
        finally:
            api(site.url, "PUT", "/api/toggles/likeButtonStyle", {"override": None})
    finally:
        browser.quit()


def test_older_moments_by_enter_keeps_focus_on_the_link_and_says_how_many_came(site, make_browser):
    browser = make_browser(javascript=True)
    try:
        browser.get(site.url + "/")
        older = wait(browser).until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-more]"))
        before = len(browser.find_elements(By.CSS_SELECTOR, ".list > [data-moment-id]"))
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].focus()", older)
        ActionChains(browser).send_keys(Keys.ENTER).perform()
        wait(browser).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, ".list > [data-moment-id]")) > before)
        added = len(browser.find_elements(By.CSS_SELECTOR, ".list > [data-moment-id]")) - before
        assert browser.execute_script("return document.activeElement.matches('[data-more]')"), "focus on the next Older moments link"
        assert browser.execute_script("""const items = [...document.querySelectorAll('.list > [data-moment-id], .list > [data-more]')];
            return items.at(-1).matches('[data-more]')"""), "the new moments come before the link, in order"
        wait(browser).until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-announce]").get_attribute("textContent").strip()
                            == f"{added} more moments")
    finally:
        browser.quit()
