"""A moment's own page in a browser: reached from the timeline's photo, every photo shown, and its
like button with JavaScript (the likes swapped in place) and without (the form comes back)."""
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as condition
from selenium.webdriver.support.ui import WebDriverWait


def wait(driver, seconds=5):
    return WebDriverWait(driver, seconds, ignored_exceptions=[StaleElementReferenceException])


def switch_likes_on(driver, server):
    driver.get(server + "/area51")
    toggle = "#toggle-isLikeButtonForMomentEnabled button"
    driver.find_element(By.CSS_SELECTOR, toggle).click()
    wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, toggle).get_attribute("aria-pressed") == "true")


def open_first_photo_moment(driver, server):
    driver.get(server + "/")
    link = driver.find_element(By.CSS_SELECTOR, ".moment__photo-link")
    moment = link.get_attribute("href").rsplit("/", 1)[-1]
    link.click()
    wait(driver).until(condition.url_contains(f"/moments/{moment}"))
    return moment


def like_button(driver):
    return driver.find_element(By.CSS_SELECTOR, ".moment-detail__likes [data-like-form] button")


def test_momentPage_withJavaScript_likesInPlace(server, browser, shoot):
    switch_likes_on(browser, server)
    open_first_photo_moment(browser, server)
    photos = browser.find_elements(By.CSS_SELECTOR, ".moment-detail__photo")
    assert photos, "every photo of the moment"
    assert all(photo.get_attribute("href") == photo.find_element(By.TAG_NAME, "img").get_attribute("src") for photo in photos), \
        "each photo opens the picture itself"
    shoot(browser, "1-moment")
    before = like_button(browser).get_attribute("aria-pressed")
    browser.execute_script("window.stillTheSamePage = true")
    like_button(browser).click()
    wait(browser).until(lambda d: like_button(d).get_attribute("aria-pressed") != before)
    assert browser.execute_script("return window.stillTheSamePage") is True, "the like updated the page in place"
    shoot(browser, "2-liked")
    browser.refresh()
    assert like_button(browser).get_attribute("aria-pressed") != before, "the like reached the BFF"
    assert [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"] == []


def test_momentPage_withoutJavaScript_comesBackToTheMoment(server, browser_without_javascript, shoot):
    browser = browser_without_javascript
    switch_likes_on(browser, server)
    moment = open_first_photo_moment(browser, server)
    before = like_button(browser).get_attribute("aria-pressed")
    like_button(browser).click()
    wait(browser).until(lambda d: like_button(d).get_attribute("aria-pressed") != before)
    assert browser.current_url.endswith(f"/moments/{moment}"), browser.current_url
    shoot(browser, "1-liked")
