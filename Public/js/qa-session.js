// Area 51's QA session picker: reads the chosen file, shows what opening it changes (the
// preview), then applies it; the replay form gets its text too. The server checks the file whole
// and changes nothing it refuses.
"use strict";

const sessionImport = document.querySelector("[data-session-import]");

function describeChange(change) {
  const name = change.name ? `${change.name}: ` : `${change.kind}: `;
  return `${name}${change.from ?? "—"} → ${change.to ?? "—"}`;
}

async function postSession(path, text) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Accept": "application/json", "X-Requested-With": "fetch" },
    body: text,
  });
  const answer = await response.json().catch(() => ({ error: { message: `HTTP ${response.status}` } }));
  if (!response.ok) throw new Error(answer.error?.message ?? `HTTP ${response.status}`);
  return answer;
}

if (sessionImport) {
  const input = sessionImport.querySelector("[data-session-file]");
  const preview = sessionImport.querySelector("[data-session-preview]");
  const list = sessionImport.querySelector("[data-session-changes]");
  const status = sessionImport.querySelector("[data-session-status]");
  let text = "";

  input.addEventListener("change", async () => {
    preview.hidden = true;
    status.textContent = "";
    const file = input.files[0];
    if (!file) return;
    try {
      text = await file.text();
      // The replay form below takes the same file.
      const replaySession = document.querySelector("[data-replay-session]");
      if (replaySession) replaySession.value = text;
      const answer = await postSession("/api/area51/sessions/import/preview", text);
      list.replaceChildren(...answer.changes.map((change) => {
        const item = document.createElement("li");
        item.textContent = describeChange(change);
        item.dataset.sessionChange = change.kind;
        return item;
      }));
      if (answer.changes.length === 0) status.textContent = sessionImport.dataset.nothing;
      preview.hidden = false;
    } catch (error) {
      status.textContent = error.message;
    }
  });

  sessionImport.querySelector("[data-session-apply]").addEventListener("click", async () => {
    try {
      await postSession("/api/area51/sessions/import", text);
      preview.hidden = true;
      status.textContent = sessionImport.dataset.applied;
      setTimeout(() => location.reload(), 600);
    } catch (error) {
      status.textContent = error.message;
    }
  });
}
