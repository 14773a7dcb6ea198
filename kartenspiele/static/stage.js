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
  const fits = (height) => {  // (the column spreads what fits over its height, and overflows otherwise)
    table.style.setProperty("--ks-card-h", `${height}px`);
    return column.scrollHeight <= column.clientHeight + 0.5;
  };
  if (fits(most)) return;
  let low = least, high = most;
  if (!fits(low)) return;  // as small as cards get: the rest is the layout's job
  while (high - low > 2) {
    const middle = Math.round((low + high) / 2);
    if (fits(middle)) low = middle; else high = middle;
  }
  fits(low);
}

export default {
  render({ model, el }) {
    let table = null;
    let scheduled = false;
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
    attach();
    return () => { changes.disconnect(); sizes.disconnect(); };
  },
};
