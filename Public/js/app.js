// Moments Web: progressive enhancement. Every action works without this file through plain
// forms and links; with it, a like updates its moment in place from the server's answer.
"use strict";

function showToast(message) {
  const toast = document.createElement("p");
  toast.className = "toast";
  toast.setAttribute("role", "alert");
  toast.textContent = message;
  document.body.append(toast);
  setTimeout(() => toast.remove(), 4000);
}

async function submitLike(form) {
  const button = form.querySelector("button");
  button.disabled = true;
  try {
    const response = await fetch(form.action, {
      method: "POST",
      body: new URLSearchParams(new FormData(form)),
      headers: { "X-Requested-With": "fetch", "Accept": "application/json, text/html;q=0.9" },
    });
    if (!response.ok) {
      const answer = await response.json().catch(() => null);
      showToast(answer?.error?.message ?? `${response.status} ${response.statusText}`);
      button.disabled = false;
      return;
    }
    const article = form.closest("[data-moment-id]");
    const template = document.createElement("template");
    template.innerHTML = (await response.text()).trim();
    const updated = template.content.firstElementChild;
    article.replaceWith(updated);
    updated.querySelector("[data-like-form] button")?.focus();
  } catch (error) {
    showToast(String(error));
    button.disabled = false;
  }
}

document.addEventListener("submit", (event) => {
  const form = event.target.closest("[data-like-form]");
  if (!form) return;
  event.preventDefault();
  submitLike(form);
});

document.addEventListener("click", (event) => {
  if (event.target.closest("[data-refresh]")) {
    document.querySelector("[data-loading]")?.removeAttribute("hidden");
  }
});
