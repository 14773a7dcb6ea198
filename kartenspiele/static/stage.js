// The browser side of kartenspiele.widgets.stage.Stage (see there): the cards as large as the
// window allows, and the moves shown moving.

// -- fit: the largest card height (px) at which the game column holds everything -----------------
function fit(table) {
  const column = table.querySelector(".ks-game");
  const style = getComputedStyle(table);
  const most = parseFloat(style.getPropertyValue("--ks-fit-max"));
  if (!column || !most || column.getClientRects().length === 0) {  // not an app page (app.css): no fitting
    table.style.removeProperty("--ks-card-h");
    return;
  }
  const least = parseFloat(style.getPropertyValue("--ks-fit-min")) || 90;
  // (the column spreads what fits over its height, and overflows otherwise: app.css keeps every
  // grid item at least as tall as its content, so a row cannot be squeezed under its item unseen)
  const fits = (height) => {
    table.style.setProperty("--ks-card-h", `${height}px`);
    return column.scrollHeight <= column.clientHeight + 0.5;
  };
  let low = least, high = most;
  const now = parseFloat(table.style.getPropertyValue("--ks-card-h"));
  if (now >= least && now <= most) {  // most redraws keep the size: two layouts tell
    if (fits(now)) {
      if (now + 2 > most || !fits(now + 2)) { fits(now); return; }
      low = now + 2;
    } else {
      high = now;
    }
  }
  if (fits(high)) return;
  if (!fits(low)) return;  // as small as cards get: the rest is the layout's job
  while (high - low > 2) {
    const middle = Math.round((low + high) / 2);
    if (fits(middle)) low = middle; else high = middle;
  }
  fits(low);
}

// -- motion: copies of the lifted elements fly to where they went --------------------------------
const FLIGHT_MS = 380;
const CHEER_MS = 650;
const calm = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

function lift(table, sources, lifted) {
  for (const [key, selector] of sources) {
    const element = table.querySelector(selector);
    if (!element || element.getClientRects().length === 0) continue;
    const copy = element.cloneNode(true);
    copy.style.fontSize = getComputedStyle(element).fontSize;
    lifted.set(key, { rect: element.getBoundingClientRect(), copy });
  }
}

function layer(table) {
  // the copies fly in a layer of their own above the page, so that the table is not laid out again;
  // it is a `.ks-table` for the cards' looks, with the table's card size
  let sky = document.querySelector("body > .ks-flights");
  if (!sky) {
    sky = document.createElement("div");
    sky.className = "ks-table ks-flights";
    sky.setAttribute("aria-hidden", "true");
    document.body.appendChild(sky);
  }
  sky.style.setProperty("--ks-card-h", getComputedStyle(table).getPropertyValue("--ks-card-h"));
  return sky;
}

function put(sky, copy, rect) {
  copy.classList.add("ks-ghost");
  copy.removeAttribute("id");
  Object.assign(copy.style, { position: "absolute", left: `${rect.left}px`, top: `${rect.top}px`,
    width: `${rect.width}px`, height: `${rect.height}px`, margin: "0", transform: "none" });
  sky.appendChild(copy);
}

function fly(sky, from, copy, to, target, hide) {
  put(sky, copy, from);
  const dx = to.left + to.width / 2 - (from.left + from.width / 2);
  const dy = to.top + to.height / 2 - (from.top + from.height / 2);
  const scale = Math.max(0.3, Math.min(1, to.height / Math.max(from.height, 1)));
  const done = () => { copy.remove(); if (hide) target.style.opacity = ""; };
  const flight = copy.animate(
    [{ transform: "translate(0, 0) scale(1)", opacity: 1 },
     { transform: `translate(${dx}px, ${dy}px) scale(${scale})`, opacity: hide ? 1 : 0.5 }],
    { duration: FLIGHT_MS, easing: "cubic-bezier(0.2, 0.7, 0.3, 1)" });
  flight.finished.then(done, done);
}

function cheer(sky, element, rect) {
  element.classList.remove("ks-cheer");
  void element.offsetWidth;  // restart the animation
  element.classList.add("ks-cheer");
  setTimeout(() => element.classList.remove("ks-cheer"), CHEER_MS + 50);
  const star = document.createElement("span");
  star.className = "ks-star";
  star.textContent = "★";
  put(sky, star, { left: rect.left + rect.width / 2 - 12, top: rect.top - 6, width: 24, height: 24 });
  const rise = star.animate([{ transform: "translateY(0) scale(0.6)", opacity: 0 },
    { transform: "translateY(-10px) scale(1.3)", opacity: 1, offset: 0.35 },
    { transform: "translateY(-30px) scale(1)", opacity: 0 }], { duration: CHEER_MS, easing: "ease-out" });
  const gone = () => star.remove();
  rise.finished.then(gone, gone);
}

function land(table, message, lifted) {
  const flights = [...lifted.entries()];
  lifted.clear();
  requestAnimationFrame(() => {
    // the frame that shows the move: read every place (the layout it needs anyway) and hide the
    // cards that arrive; the copies start in the next frame, so the move is shown no later
    const trips = [];
    for (const [key, { rect, copy }] of flights) {
      const selector = message.land[key];
      const target = selector && table.querySelector(selector);
      if (target && target.getClientRects().length) {
        const hide = target.matches(".ks-card");
        if (hide) target.style.opacity = "0";  // it shows when its copy is there
        trips.push([rect, copy, target.getBoundingClientRect(), target, hide]);
      }
    }
    const cheers = [];
    for (const selector of message.cheers || []) {
      const element = table.querySelector(selector);
      if (element && element.getClientRects().length) cheers.push([element, element.getBoundingClientRect()]);
    }
    if (!trips.length && !cheers.length) return;
    requestAnimationFrame(() => {
      const sky = layer(table);
      for (const [from, copy, to, target, hide] of trips) fly(sky, from, copy, to, target, hide);
      for (const [element, rect] of cheers) cheer(sky, element, rect);
    });
  });
}

export default {
  render({ model, el }) {
    let table = null;
    let scheduled = false;
    const lifted = new Map();
    const refit = () => { scheduled = false; if (table && table.isConnected) fit(table); };
    const schedule = () => { if (!scheduled) { scheduled = true; requestAnimationFrame(refit); } };
    const changes = new MutationObserver(schedule);
    const sizes = new ResizeObserver(schedule);
    const attach = () => {
      table = el.closest(".ks-table");
      if (!table) { setTimeout(attach, 100); return; }
      changes.observe(table, { subtree: true, childList: true, characterData: true, attributes: true,
                               attributeFilter: ["class"] });
      sizes.observe(table);
      schedule();
    };
    const heard = (message) => {
      if (!table || calm()) { lifted.clear(); return; }  // reduced motion: nothing moves
      if (message.lift) lift(table, message.lift, lifted);
      if (message.land) land(table, message, lifted);
    };
    model.on("msg:custom", heard);
    attach();
    return () => { changes.disconnect(); sizes.disconnect(); model.off("msg:custom", heard); };
  },
};
