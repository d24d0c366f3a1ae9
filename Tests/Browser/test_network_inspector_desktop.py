"""The network inspector on a desktop (from 1024 px): a table of exchanges with the selected one
beside it, moved through with the arrows, sorted by its column headings; a phone keeps the list."""
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from helpers import api, console_errors, set_toggle, wait

ROWS = "[data-network-table] tbody tr"


def width(driver, pixels):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": pixels, "height": 900, "deviceScaleFactor": 1, "mobile": False})


def row_ids(driver):
    return [row.get_attribute("data-exchange-row") for row in driver.find_elements(By.CSS_SELECTOR, ROWS)]


def selected(driver):
    return driver.execute_script("return document.querySelector('.network__row--selected')?.dataset.exchangeRow")


def test_desktop_table_selects_with_arrows_and_sorts_phone_keeps_the_list(server, browser, shoot):
    set_toggle(server, "isLikeButtonForMomentEnabled", True)
    for moment in ["1", "2", "3"]:
        api(server, "PUT", f"/api/moments/{moment}/like", {"isLiked": True})
    width(browser, 1280)
    browser.get(server + "/area51/network")
    table = browser.find_element(By.CSS_SELECTOR, "[data-network-table]")
    assert table.is_displayed() and not browser.find_element(By.CSS_SELECTOR, ".network__list").is_displayed()
    assert browser.find_element(By.CSS_SELECTOR, "[data-network-pane]").is_displayed()
    ids = row_ids(browser)
    assert ids == sorted(ids, key=int, reverse=True), "newest first"

    # A click selects the row and shows its exchange beside the table, without leaving the page.
    browser.execute_script("window.stillHere = true")
    browser.find_element(By.CSS_SELECTOR, f"#exchange-row-{ids[0]} [data-exchange-link]").click()
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-network-pane] [data-curl]"))
    assert selected(browser) == ids[0]
    assert browser.execute_script("return window.stillHere") is True

    # The down arrow moves the selection and the focus to the next row, and the pane follows.
    ActionChains(browser).send_keys(Keys.ARROW_DOWN).perform()
    wait(browser).until(lambda d: selected(d) == ids[1])
    assert browser.execute_script("return document.activeElement.closest('tr')?.dataset.exchangeRow") == ids[1]
    assert browser.switch_to.active_element.get_attribute("aria-current") == "true"
    wait(browser).until(lambda d: f"(#{ids[1]} " in d.find_element(By.CSS_SELECTOR, "[data-network-pane-content] p a").text)
    ActionChains(browser).send_keys(Keys.ARROW_UP).perform()
    wait(browser).until(lambda d: selected(d) == ids[0])
    shoot(browser, "1-desktop-selected")

    # The duration heading's button sorts by duration, ascending, then descending.
    duration = browser.find_element(By.CSS_SELECTOR, 'th[data-sort-key="duration"]')
    duration.find_element(By.TAG_NAME, "button").click()
    assert duration.get_attribute("aria-sort") == "ascending"
    durations = [float(r.get_attribute("data-sort-duration")) for r in browser.find_elements(By.CSS_SELECTOR, ROWS)]
    assert durations == sorted(durations)
    duration.find_element(By.TAG_NAME, "button").click()
    assert duration.get_attribute("aria-sort") == "descending"
    durations = [float(r.get_attribute("data-sort-duration")) for r in browser.find_elements(By.CSS_SELECTOR, ROWS)]
    assert durations == sorted(durations, reverse=True)
    assert browser.find_element(By.CSS_SELECTOR, 'th[data-sort-key="id"]').get_attribute("aria-sort") is None

    # Enter on the selected row's link opens the exchange's own page.
    browser.find_element(By.CSS_SELECTOR, f"#exchange-row-{ids[0]} [data-exchange-link]").send_keys(Keys.ENTER)
    wait(browser).until(lambda d: d.current_url.endswith(f"/area51/network/{ids[0]}"))
    assert console_errors(browser) == []

    # A phone keeps the list of links.
    width(browser, 390)
    browser.get(server + "/area51/network")
    assert browser.find_element(By.CSS_SELECTOR, ".network__list").is_displayed()
    assert not browser.find_element(By.CSS_SELECTOR, "[data-network-table]").is_displayed()
    assert not browser.find_element(By.CSS_SELECTOR, "[data-network-pane]").is_displayed()
    shoot(browser, "2-phone-list")
