/// The facilitator's web dashboard for a projector: participants × katas, the room's
/// message and countdown, and the checks the room fails most. One static page; it reads the
/// facilitator's or the projector's token from the URL fragment (never sent to the server in
/// the URL), loads `/api/dashboard` and reloads it on every server-sent update. Script and style
/// are files of their own, so the content security policy allows no inline script.
enum DashboardPage {
    static let html = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>dikata workshop</title>
        <link rel="stylesheet" href="/dashboard.css">
        </head>
        <body>
        <h1>dikata workshop</h1>
        <div id="room"><span id="message"></span><span id="countdown"></span></div>
        <div id="error"></div>
        <table id="grid"><thead></thead><tbody></tbody></table>
        <div id="heat"><h2>Checks the room fails most</h2><ol id="heatlist"></ol></div>
        <script src="/dashboard.js"></script>
        </body>
        </html>
        """#

    static let style = #"""
          body { font-family: system-ui, sans-serif; margin: 24px; background: #fdfdfd; color: #1d1d1f; }
          h1 { font-size: 28px; margin: 0 0 8px; }
          #room { font-size: 20px; margin-bottom: 16px; min-height: 28px; }
          #countdown { font-weight: bold; color: #b3261e; margin-left: 16px; }
          table { border-collapse: collapse; font-size: 18px; }
          th, td { border: 1px solid #ccc; padding: 6px 10px; text-align: center; }
          th.name, td.name { text-align: left; }
          td.passed { background: #2e7d32; color: white; }
          td.failing { background: #f9a825; }
          td.not_started { background: #eeeeee; color: #888; }
          td.stuck { outline: 4px solid #b3261e; outline-offset: -4px; }
          td.mismatch { outline: 4px dashed #6a1b9a; outline-offset: -4px; }
          #heat { margin-top: 24px; }
          .bar { display: inline-block; height: 16px; background: #b3261e; vertical-align: middle; }
          #error { color: #b3261e; font-weight: bold; }
        """#

    static let script = #"""
        const options = new URLSearchParams(location.hash.slice(1));
        // The projector link carries its read-only token as `view`; the facilitator's as `token`.
        const token = options.get("view") || options.get("token") || "";
        let countdownEnds = null;
        function ago(iso) {
          if (!iso) return "";
          const seconds = Math.max(0, Math.round((new Date() - new Date(iso)) / 1000));
          return seconds < 60 ? seconds + "s" : seconds < 3600 ? Math.floor(seconds / 60) + "m" : Math.floor(seconds / 3600) + "h";
        }
        function cellText(cell) {
          if (!cell || cell.status === "not_started") return "·";
          return cell.best_points + "/" + cell.max_points + " · " + cell.attempts + "× · " + ago(cell.last_attempt_at) + (cell.stuck_on ? " ⚠" : "") + trustText(cell);
        }
        // Marked only when the host regraded the shared code (`--verify`); else self-reported.
        function trustText(cell) {
          if (cell.trust === "verified") return " · ✔ verified";
          if (cell.trust === "mismatch") return " · ≠ host " + cell.verification.points + "/" + cell.verification.max_points;
          return "";
        }
        function render(d) {
          document.getElementById("message").textContent = d.room.message || "";
          countdownEnds = d.room.countdown_ends_at ? new Date(d.room.countdown_ends_at) : null;
          const head = document.querySelector("#grid thead");
          head.innerHTML = "";
          const hr = head.insertRow();
          const nameHeader = document.createElement("th"); nameHeader.className = "name"; nameHeader.textContent = "Participant"; hr.appendChild(nameHeader);
          for (const kata of d.katas) {
            const th = document.createElement("th");
            th.textContent = kata + (d.room.unlocked.includes(kata) ? " 🔓" : "");
            hr.appendChild(th);
          }
          const body = document.querySelector("#grid tbody");
          body.innerHTML = "";
          for (const p of d.participants) {
            const row = body.insertRow();
            const name = row.insertCell(); name.className = "name"; name.textContent = p.name;
            for (const kata of d.katas) {
              const cell = p.cells[kata];
              const td = row.insertCell();
              td.className = (cell ? cell.status : "not_started") + (cell && cell.stuck_on ? " stuck" : "") + (cell && cell.trust === "mismatch" ? " mismatch" : "");
              td.textContent = cellText(cell);
              if (cell && cell.stuck_on) td.title = "stuck on " + cell.stuck_on;
              if (cell && cell.trust) td.title = (td.title ? td.title + "; " : "") + cell.trust;
            }
          }
          const list = document.getElementById("heatlist");
          list.innerHTML = "";
          for (const h of d.heat.slice(0, 10)) {
            const item = document.createElement("li");
            const bar = document.createElement("span"); bar.className = "bar"; bar.style.width = (20 * h.failing) + "px";
            item.appendChild(bar);
            item.appendChild(document.createTextNode(" " + h.kata + " · " + h.check + ": " + h.failing + " of " + h.attempted));
            list.appendChild(item);
          }
          document.body.dataset.results = d.result_count;
        }
        async function refresh() {
          try {
            const response = await fetch("/api/dashboard", { headers: { "Authorization": "Bearer " + token } });
            if (!response.ok) { document.getElementById("error").textContent = (await response.json()).error; return; }
            document.getElementById("error").textContent = "";
            render(await response.json());
          } catch (e) { document.getElementById("error").textContent = "The host is unreachable; retrying…"; }
        }
        function tick() {
          const el = document.getElementById("countdown");
          if (!countdownEnds) { el.textContent = ""; return; }
          const left = Math.max(0, Math.round((countdownEnds - new Date()) / 1000));
          el.textContent = "⏱ " + Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
        }
        refresh();
        setInterval(tick, 500);
        setInterval(refresh, 5000);
        // `live=off` (used for headless screenshots) relies on polling alone. The event stream is
        // read with fetch, so the token travels in a header, never in a URL.
        async function follow() {
          while (true) {
            try {
              const response = await fetch("/api/events", { headers: { "Authorization": "Bearer " + token } });
              if (!response.ok || !response.body) { await new Promise(r => setTimeout(r, 5000)); continue; }
              const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
              let pending = "";
              while (true) {
                const { value, done } = await reader.read();
                if (done) break;
                pending += value;
                let end;
                while ((end = pending.indexOf("\n\n")) >= 0) {
                  const event = pending.slice(0, end);
                  pending = pending.slice(end + 2);
                  if (event.startsWith("event: update")) refresh();
                }
              }
            } catch (e) {}
            await new Promise(r => setTimeout(r, 2000));
          }
        }
        if (options.get("live") !== "off") follow();
        """#
}
