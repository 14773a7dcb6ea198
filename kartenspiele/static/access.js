// The browser side of kartenspiele.widgets.access.Access (see there).
const GROUPS = ".ks-table-cards, .ks-market, .ks-tasks, .ks-actions, .ks-hand-cards, .ks-tutor-buttons, .ks-result-buttons";
const TARGETS = {
  hand: [".ks-hand-cards button:not([disabled])", ".ks-actions button:not([disabled])", ".ks-curtain button",
         ".ks-result button", ".ks-game"],
  table: [".ks-hand-cards button:not([disabled])", ".ks-game"],
  result: [".ks-result button", ".ks-game"],
};

function visible(el) {
  return el.offsetParent !== null || el.getClientRects().length > 0;
}

function buttons(group) {
  return [...group.querySelectorAll("button:not([disabled])")].filter(visible);
}

function groups(root) {
  return [...root.querySelectorAll(GROUPS)].filter((g) => visible(g) && buttons(g).length > 0);
}

function offered(root) {
  const first = (sel) => [...root.querySelectorAll(sel)].find(visible);
  const main = first(".ks-actions button.ks-main-action:not([disabled])")
    || first("button.ks-ready:not([disabled])")
    || first(".ks-action-go:not([disabled])");
  if (main) return main;
  const actions = [...root.querySelectorAll(".ks-actions button:not([disabled])")].filter(visible);
  return actions.length === 1 ? actions[0] : null;
}

function apply(root, attrs) {
  const images = attrs.__images__ || {};
  const outputs = document.querySelectorAll(".jp-OutputArea-output img");
  for (const [index, alt] of Object.entries(images)) {
    const img = outputs[Number(index)];
    if (img && img.getAttribute("alt") !== alt) img.setAttribute("alt", alt);
  }
  for (const [cls, attributes] of Object.entries(attrs)) {
    if (cls === "__images__") continue;
    for (const el of root.querySelectorAll("." + cls)) {
      for (const [name, value] of Object.entries(attributes)) {
        let target = el;
        let key = name;
        if (name.startsWith("control:")) {
          key = name.slice(8);
          target = el.querySelector("select, input, button") || el;
        }
        if (value === null || value === undefined) {
          if (target.hasAttribute(key)) target.removeAttribute(key);
        } else if (target.getAttribute(key) !== value) {
          target.setAttribute(key, value);
        }
      }
    }
  }
  for (const input of root.querySelectorAll("input[type=number]")) {
    if (input.getAttribute("inputmode") !== "numeric") input.setAttribute("inputmode", "numeric");
  }
}

function onKey(root, event) {
  const active = document.activeElement;
  if (!active || !root.contains(active) || event.altKey || event.ctrlKey || event.metaKey) return;
  const typing = active.matches("input, select, textarea");
  const key = event.key;
  if (!typing && (key === "p" || key === "P" || key === "z" || key === "Z")) {
    const move = offered(root);
    if (move) { move.click(); event.preventDefault(); }
    return;
  }
  if (typing || !["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(key)) return;
  const all = groups(root);
  const group = active.matches(".ks-game") ? null : active.closest(GROUPS);
  if (group === null && !active.matches(".ks-game")) return;
  if (group === null) {
    const first = key === "ArrowUp" ? all[all.length - 1] : all[0];
    if (first) { buttons(first)[0].focus(); event.preventDefault(); }
    return;
  }
  const row = buttons(group);
  const index = row.indexOf(active);
  if (key === "ArrowLeft" || key === "ArrowRight") {
    const next = row[(index + (key === "ArrowRight" ? 1 : row.length - 1)) % row.length];
    if (next) { next.focus(); event.preventDefault(); }
    return;
  }
  const at = all.indexOf(group);
  const other = all[at + (key === "ArrowDown" ? 1 : -1)];
  if (other) {
    const there = buttons(other);
    there[Math.min(Math.max(index, 0), there.length - 1)].focus();
    event.preventDefault();
  }
}

function tryFocus(root, target) {
  for (const selector of TARGETS[target] || []) {
    const el = [...root.querySelectorAll(selector)].find(visible);
    if (el) {
      if (!el.matches("button, a, input, select") && !el.hasAttribute("tabindex")) el.setAttribute("tabindex", "-1");
      el.focus({ preventScroll: selector === ".ks-game" });
      return document.activeElement === el;
    }
  }
  return false;
}

export default {
  render({ model, el }) {
    let root = null;
    let pending = null;
    let deadline = 0;
    let scheduled = false;
    const refresh = () => {
      scheduled = false;
      if (!root) return;
      apply(root, model.get("attrs"));
      if (pending && Date.now() < deadline) {
        if (tryFocus(root, pending)) pending = null;
      } else {
        pending = null;
      }
    };
    const schedule = () => {
      if (!scheduled) { scheduled = true; requestAnimationFrame(refresh); }
    };
    const observer = new MutationObserver(schedule);
    const keys = (event) => onKey(root, event);
    const attach = () => {
      root = el.closest(".ks-table");
      if (!root) { setTimeout(attach, 100); return; }
      // a tutorial holds its table: serve the outermost frame
      while (root.parentElement && root.parentElement.closest(".ks-table")) root = root.parentElement.closest(".ks-table");
      observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ["class", "disabled", "style"] });
      root.addEventListener("keydown", keys);
      schedule();
    };
    const focusWanted = () => {
      pending = model.get("focus");
      deadline = Date.now() + 15000;
      schedule();
      // the hand may be enabled only after the computer's move: keep trying for a while
      const retry = () => { if (pending) { schedule(); setTimeout(retry, 200); } };
      setTimeout(retry, 200);
    };
    model.on("change:attrs", schedule);
    model.on("change:focus_serial", focusWanted);
    attach();
    return () => {
      observer.disconnect();
      if (root) root.removeEventListener("keydown", keys);
    };
  },
};
