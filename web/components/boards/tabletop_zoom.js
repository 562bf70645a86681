// Zoom and pan of the tabletop's SVG without a library: the wheel zooms about the pointer, two
// fingers pinch, a drag pans (unless the ruler claims it), and the board's buttons call zoom() and
// fit(). The view box (lib/tabletop_geometry.js's zoomBox, panBox) is kept here, so it survives
// the board's redraws after every move.
import { fromScreen, panBox, zoomBox } from '../../lib/tabletop_geometry.js';

// A click that ends a drag of more than this many pixels is not a click.
const DRAG_PIXELS = 6;

export function zoomController() {
  let box = null;    // the view box, null: the whole table
  let whole = null;  // the fitted box of the table drawn now
  let svg = null;
  let claimed = null;  // (event) => true when another gesture (the ruler) takes this pointer
  const pointers = new Map();  // pointerId → last client point
  let pinch = null;            // {gap, box}
  let drag = null;             // {start, last, moved}

  function apply() {
    svg?.setAttribute('viewBox', (box ?? whole).join(' '));
    svg?.classList.toggle('zoomed', !!box);
  }

  // A client point (a pointer event's) in the SVG's units: screen inches.
  function svgPoint(clientX, clientY) {
    const matrix = svg.getScreenCTM();
    if (!matrix) return [0, 0];
    const point = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
    return [point.x, point.y];
  }

  function zoom(factor, about = null) {
    if (!whole) return;
    const current = box ?? whole;
    const centre = about ?? [current[0] + current[2] / 2, current[1] + current[3] / 2];
    const next = zoomBox(current, factor, centre, whole);
    box = next[2] >= whole[2] - 1e-9 ? null : next;
    apply();
  }

  function fit() {
    box = null;
    apply();
  }

  function onWheel(event) {
    event.preventDefault();
    zoom(Math.exp(-event.deltaY * 0.0015), svgPoint(event.clientX, event.clientY));
  }

  function onDown(event) {
    if (claimed?.(event)) return;
    pointers.set(event.pointerId, [event.clientX, event.clientY]);
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      pinch = { gap: Math.hypot(a[0] - b[0], a[1] - b[1]) };
      drag = null;
    } else {
      drag = { start: [event.clientX, event.clientY], last: svgPoint(event.clientX, event.clientY), moved: false };
    }
  }

  function onMove(event) {
    if (!pointers.has(event.pointerId)) return;
    pointers.set(event.pointerId, [event.clientX, event.clientY]);
    if (pinch && pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      const gap = Math.hypot(a[0] - b[0], a[1] - b[1]);
      if (pinch.gap > 0 && gap > 0) zoom(gap / pinch.gap, svgPoint((a[0] + b[0]) / 2, (a[1] + b[1]) / 2));
      pinch.gap = gap;
      return;
    }
    if (!drag) return;
    if (!drag.moved && Math.hypot(event.clientX - drag.start[0], event.clientY - drag.start[1]) < DRAG_PIXELS) return;
    drag.moved = true;
    if (!box) return;  // the whole table shows: nothing to pan
    const here = svgPoint(event.clientX, event.clientY);
    box = panBox(box, [drag.last[0] - here[0], drag.last[1] - here[1]], whole);
    apply();
    drag.last = svgPoint(event.clientX, event.clientY);
  }

  function onUp(event) {
    pointers.delete(event.pointerId);
    if (pointers.size < 2) pinch = null;
  }

  // A drag is not a click: the click that ends it goes no further.
  function onClick(event) {
    if (drag?.moved) {
      event.stopImmediatePropagation();
      event.preventDefault();
    }
    drag = null;
  }

  return {
    // Binds the gestures to a freshly drawn SVG whose whole table is `fitted`.
    attach(nextSvg, fitted, isClaimed = null) {
      svg = nextSvg;
      whole = fitted;
      claimed = isClaimed;
      pointers.clear();
      pinch = null;
      drag = null;
      svg.addEventListener('wheel', onWheel, { passive: false });
      svg.addEventListener('pointerdown', onDown);
      svg.addEventListener('pointermove', onMove);
      svg.addEventListener('pointerup', onUp);
      svg.addEventListener('pointercancel', onUp);
      svg.addEventListener('click', onClick, true);
      apply();
    },
    get box() { return box; },
    zoom,
    fit,
    // A client point on the table, in table inches.
    tablePoint(clientX, clientY, depth) {
      return fromScreen(svgPoint(clientX, clientY), depth);
    },
    svgPoint,
  };
}
