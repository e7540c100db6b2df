// sheli's web player: the plan of the court moving clause by clause, the text beside it.
// Plain script, no libraries, nothing from the network: it reads window.RITE (rite.js) and
// window.WORDS (words.js) and interpolates the tracks exactly as src/rite/timeline.rs does.
(function () {
  'use strict';

  const RITE = window.RITE;
  const WORDS = window.WORDS || { duties: [], notes: [] };
  const VERSION = 1;

  function refuse(msg) {
    const box = document.getElementById('refused');
    box.hidden = false;
    box.textContent = msg;
    document.body.classList.add('refused');
  }
  if (!RITE || typeof RITE !== 'object') {
    refuse('rite.js is missing or unreadable: write the player again with `sheli web SCENE --out DIR`.');
    return;
  }
  if (RITE.version !== VERSION) {
    refuse('This page reads timeline version ' + VERSION + ', but rite.js is version ' + RITE.version +
      ': write the player again with the same sheli (`sheli web SCENE --out DIR`).');
    return;
  }

  // ---------------------------------------------------------------- words of the interface
  const UI = {
    zh: {
      play: '播放 (空格)', pause: '暂停 (空格)', playWord: '播放', pauseWord: '暂停', stepPrev: '上一步 (Shift+←)', stepNext: '下一步 (Shift+→)',
      clausePrev: '上一句 (←)', clauseNext: '下一句 (→)', film: '电影节奏', real: '实时', speed: '速度 (+/−)',
      paceTip: '电影节奏：每句至少可读完，长段缩时；再点为实时', follow: '跟随', whole: '全场',
      viewTip: '跟随当句之人 / 全场', original: '原文', translation: '译文', zhu: '郑注', shu: '贾疏', yinyi: '音义',
      step: '第', of: '步，共', stepTail: '步', names: '名', role: '职', now: '所在', holds: '所执', duties: '所行',
      path: '显示路线', nothing: '无', absent: '不在场', select: '点选人物，看其职事；点空地取消。',
      faces: '面', lapse: '此句缩时播放', next: '下一', prev: '上一', clauseN: '句',
      acts: { '射': '射', '拜': '拜', '爵': '爵', '番': '番' },
      pose: { standing: '立', walking: '行', sitting: '坐', bowing: '拜', shooting: '射' },
    },
    en: {
      play: 'play (Space)', pause: 'pause (Space)', playWord: 'Play', pauseWord: 'Pause', stepPrev: 'previous step (Shift+←)', stepNext: 'next step (Shift+→)',
      clausePrev: 'previous clause (←)', clauseNext: 'next clause (→)', film: 'Film pace', real: 'Real time', speed: 'speed (+/−)',
      paceTip: 'film pace: every clause long enough to read, long stretches as time-lapses; click for real time',
      follow: 'Follow', whole: 'Whole court', viewTip: 'follow the clause’s people / the whole court',
      original: 'Classical text', translation: 'Translation', zhu: 'Zheng’s notes (注)', shu: 'Jia’s subcommentary (疏)',
      yinyi: 'Readings (音义)', step: 'step ', of: ' of ', stepTail: '', names: 'Names', role: 'Role', now: 'Now at',
      holds: 'Holds', duties: 'Duties', path: 'show route', nothing: 'nothing', absent: 'not present',
      select: 'Click a person to see his duties; click the ground to clear.', faces: 'facing', lapse: 'this clause plays as a time-lapse',
      next: 'next ', prev: 'previous ', clauseN: '',
      acts: { '射': 'shot', '拜': 'bow', '爵': 'cup', '番': 'round' },
      pose: { standing: 'standing', walking: 'walking', sitting: 'sitting', bowing: 'bowing', shooting: 'shooting' },
    },
  };
  const FACINGS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];
  const FACINGS_ZH = ['北面', '东北面', '东面', '东南面', '南面', '西南面', '西面', '西北面'];
  const FACINGS_EN = ['north', 'north-east', 'east', 'south-east', 'south', 'south-west', 'west', 'north-west'];
  const SPEEDS = [0.25, 0.5, 1, 2, 4, 8, 16, 32, 64];
  const ACTS = ['射', '拜', '爵', '番'];
  const SVGNS = 'http://www.w3.org/2000/svg';

  // ---------------------------------------------------------------- the data, made ready
  const DURATION = RITE.duration;
  const POSES = RITE.poses;
  const HANDS = RITE.hands.offsets;
  const LIFT = RITE.hands.sitting_lift;

  function restOf(a) {
    const r = { x: a[0], y: a[1], z: a[2], b: a[3], seated: (a[4] & 1) !== 0, present: (a[4] & 2) !== 0,
      gear: a[4] >> 2, places: a[5] || [], leading: a.length > 6 ? a[6] : null };
    return r;
  }

  function cumulative(path) {
    const cum = new Float64Array(path.length);
    let total = 0;
    for (let i = 1; i < path.length; i++) {
      const a = path[i - 1], b = path[i];
      total += Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]);
      cum[i] = total;
    }
    return cum;
  }

  const actors = RITE.actors.map(function (a, index) {
    const n = a.segments.length;
    const t0 = new Float64Array(n), t1 = new Float64Array(n);
    const motions = new Array(n), ends = new Array(n);
    for (let k = 0; k < n; k++) {
      const s = a.segments[k];
      t0[k] = s[0];
      t1[k] = s[1];
      const m = s[2];
      let mo;
      if (m === 'enter') mo = { kind: 'enter' };
      else if (m === 'exit') mo = { kind: 'exit' };
      else if (m.walk) {
        const path = [];
        for (let j = 0; j + 2 < m.walk.length; j += 3) path.push([m.walk[j], m.walk[j + 1], m.walk[j + 2]]);
        const cum = cumulative(path);
        mo = { kind: 'walk', path: path, cum: cum, face: m.face };
      } else if (m.turn) mo = { kind: 'turn', from: m.turn[0], to: m.turn[1] };
      else mo = { kind: 'gesture', gesture: m.gesture, pose: POSES[m.pose] || 'standing' };
      motions[k] = mo;
      ends[k] = restOf(s[3]);
    }
    return { index: index, id: a.id, name: a.name, en: a.en, aliases: a.aliases || [], role: a.role || '', titles: a.titles || [],
      colour: a.colour, initial: restOf(a.initial), t0: t0, t1: t1, motions: motions, ends: ends };
  });

  function atOf(v) {
    if (v === null || v === undefined) return { kind: 'absent' };
    if (v.held !== undefined) return { kind: 'held', by: v.held, how: v.how };
    if (v.at) return { kind: 'at', p: v.at, b: v.b === undefined ? null : v.b };
    if (v.from) return { kind: 'flying', from: v.from, to: v.to, t1: v.t1, hit: v.hit };
    return { kind: 'absent' };
  }

  const props = RITE.props.map(function (p, index) {
    const kt = new Float64Array(p.keys.length);
    const ka = p.keys.map(function (k, j) { kt[j] = k[0]; return atOf(k[1]); });
    return { index: index, id: p.id, name: p.name, en: p.en, furniture: !!p.furniture, initial: atOf(p.initial), kt: kt, ka: ka };
  });

  // the beats in reading order
  const beats = [];
  const stepFirst = [];
  RITE.steps.forEach(function (s, si) {
    stepFirst.push(beats.length);
    s.beats.forEach(function (b, bi) {
      beats.push({ n: beats.length, step: si, bi: bi, text: b.text, start: b.start, end: b.end, actors: b.actors || [], acts: b.acts || '' });
    });
  });
  const NB = beats.length;
  const stepEnd = new Float64Array(RITE.steps.map(function (s) { return s.end; }));
  const beatStart = new Float64Array(beats.map(function (b) { return b.start; }));
  const beatEnd = new Float64Array(beats.map(function (b) { return b.end; }));
  const filmV0 = new Float64Array(NB), filmV1 = new Float64Array(NB);
  for (let n = 0; n < NB; n++) {
    const f = RITE.film[n] || [beatStart[n], beatEnd[n]];
    filmV0[n] = f[0];
    filmV1[n] = f[1];
  }
  const FILM_TOTAL = NB ? filmV1[NB - 1] : DURATION;

  // ---------------------------------------------------------------- exactly as timeline.rs
  // the number of leading elements of a sorted array for which pred holds (Rust's partition_point)
  function countLess(arr, x) { // elements < x
    let lo = 0, hi = arr.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (arr[mid] < x) lo = mid + 1; else hi = mid; }
    return lo;
  }
  function countLessEq(arr, x) { // elements <= x
    let lo = 0, hi = arr.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (arr[mid] <= x) lo = mid + 1; else hi = mid; }
    return lo;
  }
  function remEuclid(a, m) { const r = a % m; return r < 0 ? r + m : r; }
  function clamp(v, a, b) { return v < a ? a : v > b ? b : v; }

  function bearingBetween(a, b) {
    const dx = b[0] - a[0], dz = b[2] - a[2];
    if (Math.abs(dx) < 1e-4 && Math.abs(dz) < 1e-4) return null;
    return remEuclid(Math.atan2(dx, -dz) * 180 / Math.PI, 360);
  }

  function bearingVector(bearing) {
    const r = bearing * Math.PI / 180;
    return [Math.sin(r), -Math.cos(r)];
  }

  function facingIndex(deg) { return Math.floor((remEuclid(deg, 360) + 22.5) / 45) % 8; }

  // position and heading at distance d along a polyline with cumulative lengths cum
  function along(path, cum, d, fallback, out) {
    if (path.length < 2) {
      const p = path[0] || [0, 0, 0];
      out.x = p[0]; out.y = p[1]; out.z = p[2]; out.b = fallback;
      return;
    }
    const k = clamp(countLess(cum, d), 1, path.length - 1);
    const a = path[k - 1], b = path[k];
    const len = Math.max(cum[k] - cum[k - 1], 1e-6);
    const f = clamp((d - cum[k - 1]) / len, 0, 1);
    out.x = a[0] + (b[0] - a[0]) * f;
    out.y = a[1] + (b[1] - a[1]) * f;
    out.z = a[2] + (b[2] - a[2]) * f;
    // a riser has no heading of its own: keep the one of the tread before it
    let heading = null;
    for (let j = k; j >= 1 && heading === null; j--) heading = bearingBetween(path[j - 1], path[j]);
    out.b = heading === null ? fallback : heading;
  }

  function arc(from, to, f) {
    const d = Math.hypot(to[0] - from[0], to[2] - from[2]);
    const lift = d * 0.08 * 4 * f * (1 - f);
    return [from[0] + (to[0] - from[0]) * f, from[1] + (to[1] - from[1]) * f + lift, from[2] + (to[2] - from[2]) * f];
  }

  function setRest(out, r) {
    out.present = r.present; out.x = r.x; out.y = r.y; out.z = r.z; out.b = r.b;
    out.pose = r.seated ? 'sitting' : 'standing'; out.gesture = -1; out.gf = 0; out.rest = r; out.next = r;
  }

  // ActorTrack::at, into `out` (no allocation per frame)
  function actorAt(track, t, out) {
    const k = countLess(track.t0, t); // segments are half-open (t0, t1]
    if (k === 0) { setRest(out, track.initial); return out; }
    const seg = k - 1;
    if (t >= track.t1[seg]) { setRest(out, track.ends[seg]); return out; }
    const before = k >= 2 ? track.ends[k - 2] : track.initial;
    const end = track.ends[seg];
    const f = clamp((t - track.t0[seg]) / (track.t1[seg] - track.t0[seg]), 0, 1);
    const base = before.seated ? 'sitting' : 'standing';
    const m = track.motions[seg];
    out.rest = before; out.next = end; out.gesture = -1; out.gf = 0;
    switch (m.kind) {
      case 'walk':
        along(m.path, m.cum, f * (m.cum.length ? m.cum[m.cum.length - 1] : 0), before.b, out);
        // 少退: a step back, made facing as before
        if (m.face !== undefined) out.b = m.face;
        out.present = true; out.pose = 'walking';
        break;
      case 'turn': {
        // the sweep is signed: a 左还 goes the long way round when the text says so
        out.present = before.present; out.x = before.x; out.y = before.y; out.z = before.z;
        out.b = remEuclid(m.from + (m.to - m.from) * f, 360); out.pose = base;
        break;
      }
      case 'gesture':
        out.present = before.present; out.x = before.x; out.y = before.y; out.z = before.z; out.b = before.b;
        out.pose = m.pose; out.gesture = m.gesture; out.gf = f;
        break;
      case 'enter':
        setRest(out, end); out.present = true; out.rest = before; out.next = end;
        break;
      case 'exit':
        setRest(out, before); out.present = true; out.next = end;
        break;
    }
    return out;
  }

  function newActorState() { return { present: false, x: 0, y: 0, z: 0, b: 0, pose: 'standing', gesture: -1, gf: 0, rest: null, next: null }; }

  // Timeline::prop_given, into `out`
  function propAt(p, t, states, out) {
    const k = countLessEq(p.kt, t);
    const at = k === 0 ? p.initial : p.ka[k - 1];
    const tKey = k === 0 ? 0 : p.kt[k - 1];
    out.heldBy = -1; out.how = null; out.flying = false; out.bearing = null;
    switch (at.kind) {
      case 'absent':
        out.present = false; out.x = 0; out.y = 0; out.z = 0;
        break;
      case 'at':
        out.present = true; out.x = at.p[0]; out.y = at.p[1]; out.z = at.p[2]; out.bearing = at.b;
        break;
      case 'held': {
        const s = states[at.by];
        const v = bearingVector(s.b);
        const dx = v[0], dz = v[1];
        const off = HANDS[at.how] || [0, 1, 0.25];
        const right = off[0], forward = off[2];
        const up = s.pose === 'sitting' ? off[1] * LIFT : off[1];
        out.present = s.present;
        out.x = s.x + dx * forward - dz * right;
        out.y = s.y + up;
        out.z = s.z + dz * forward + dx * right;
        out.heldBy = at.by; out.how = at.how;
        break;
      }
      case 'flying': {
        const f = at.t1 > tKey ? clamp((t - tKey) / (at.t1 - tKey), 0, 1) : 1;
        const q = arc(at.from, at.to, f);
        out.present = true; out.x = q[0]; out.y = q[1]; out.z = q[2]; out.flying = f < 1;
        break;
      }
    }
    return out;
  }

  // Rite::beat_at: start <= t < end (the last beat from its start on)
  function beatAt(t) {
    const si = Math.min(countLessEq(stepEnd, t), RITE.steps.length - 1);
    const s = RITE.steps[si];
    let lo = 0, hi = s.beats.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (s.beats[mid].end <= t) lo = mid + 1; else hi = mid; }
    return stepFirst[si] + Math.min(lo, s.beats.length - 1);
  }

  // PaceMap (film): rite time <-> viewing time, linear inside each beat
  function toView(t) {
    if (!NB || isNaN(t)) return t;
    const k = Math.min(countLess(beatEnd, t), NB - 1);
    const r0 = beatStart[k], r1 = beatEnd[k], v0 = filmV0[k], v1 = filmV1[k];
    return r1 <= r0 ? v0 : v0 + (clamp(t, r0, r1) - r0) * (v1 - v0) / (r1 - r0);
  }
  function toRite(v) {
    if (!NB || isNaN(v)) return v;
    const k = Math.min(countLess(filmV1, v), NB - 1);
    const r0 = beatStart[k], r1 = beatEnd[k], v0 = filmV0[k], v1 = filmV1[k];
    return v1 <= v0 ? r0 : r0 + (clamp(v, v0, v1) - v0) * (r1 - r0) / (v1 - v0);
  }
  function speedup(t) {
    if (!NB) return 1;
    const k = Math.min(countLess(beatEnd, t), NB - 1);
    const v = filmV1[k] - filmV0[k];
    return v > 0 ? (beatEnd[k] - beatStart[k]) / v : 1;
  }

  // ---------------------------------------------------------------- the court's map
  const MAP = RITE.court.map;
  function drawnZ(z) {
    let d = z - MAP.z0;
    for (let i = 0; i < MAP.breaks.length; i++) {
      const a = MAP.breaks[i][0], b = MAP.breaks[i][1];
      if (z > b) d -= (b - a) - MAP.keeps;
      else if (z > a) d -= (z - a) * (1 - MAP.keeps / (b - a));
    }
    return d;
  }
  function pxX(x) { return MAP.margin + (x - MAP.x0) * MAP.scale; }
  function pxY(z) { return MAP.margin + drawnZ(z) * MAP.scale; }

  // ---------------------------------------------------------------- state of the page
  const state = {
    t: 0, playing: false, speed: 1, pace: 'film', lang: 'zh', follow: true,
    carried: null, // {t, beat}: a jump to a clause's start shows that clause, not the one before
    beat: -1, shownStep: -1, shownBeat: -1, selected: -1, showRoute: false,
    lastHash: '', hashAt: 0, dirty: true,
  };
  const frameTimes = [];
  const states = actors.map(newActorState);
  const propStates = props.map(function () { return { present: false, x: 0, y: 0, z: 0, heldBy: -1, how: null, flying: false, bearing: null }; });

  const $ = function (id) { return document.getElementById(id); };
  const court = $('court'), groundG = $('ground'), peopleG = $('people'), thingsG = $('things'), routeEl = $('route');
  const textEl = $('text'), inspector = $('inspector'), clockEl = $('clock'), scrub = $('scrubber'), headEl = $('head');
  const playBtn = $('play'), speedSel = $('speed'), paceBtn = $('pace'), langBox = $('lang'), viewBtn = $('view');

  function tr() { return UI[state.lang]; }
  function en() { return state.lang === 'en'; }
  function shortEn(s) { return (s || '').replace(/^the /, ''); }
  // the office the text has given him by beat n (作相为司正: [beat, 司正, its English]), or null
  function titleAt(a, n) {
    let got = null;
    for (let j = 0; j < a.titles.length && a.titles[j][0] <= n; j++) got = a.titles[j];
    return got;
  }
  function actorLabel(a, n) {
    const title = titleAt(a, n);
    if (title) return en() ? shortEn(title[2]) : title[1];
    return en() && a.en ? shortEn(a.en) : a.name;
  }
  function propLabel(p) { return en() && p.en ? shortEn(p.en) : p.name; }
  function el(tag, attrs, text) {
    const e = document.createElement(tag);
    if (attrs) for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function sel(tag, attrs) {
    const e = document.createElementNS(SVGNS, tag);
    if (attrs) for (const k in attrs) e.setAttribute(k, attrs[k]);
    return e;
  }
  function fmtClock(s) {
    s = Math.max(0, Math.floor(s));
    return Math.floor(s / 3600) + ':' + String(Math.floor(s / 60) % 60).padStart(2, '0') + ':' + String(s % 60).padStart(2, '0');
  }

  // ---------------------------------------------------------------- the ground
  function groundInner(svg) {
    const a = svg.indexOf('>', svg.indexOf('<svg')) + 1;
    const b = svg.lastIndexOf('</svg>');
    return svg.slice(a, b);
  }
  function drawGround() {
    groundG.innerHTML = '<g id="ground-art">' + groundInner(en() && RITE.court.svg_en ? RITE.court.svg_en : RITE.court.svg) + '</g>';
  }

  // ---------------------------------------------------------------- marks, made once
  const marks = actors.map(function (a) {
    const g = sel('g', { class: 'person', 'data-id': a.id, 'data-present': '0', 'data-holding': '' });
    const title = sel('title');
    const fig = sel('g', { class: 'fig' });
    const face = sel('line', { class: 'face', x1: '0', y1: '0', x2: '0', y2: '-13' });
    const body = sel('circle', { class: 'body', r: '5.5', fill: a.colour });
    const seat = sel('rect', { class: 'seat', x: '-5', y: '-5', width: '10', height: '10', rx: '2.5', fill: a.colour });
    const label = sel('text', { class: 'label' });
    fig.appendChild(face); fig.appendChild(seat); fig.appendChild(body); fig.appendChild(label);
    g.appendChild(title); g.appendChild(fig);
    g.style.display = 'none';
    peopleG.appendChild(g);
    return { g: g, fig: fig, face: face, label: label, title: title,
      // what was last written, so nothing unchanged is written again
      shown: false, tf: '', figTf: '', cls: '', faceX: '', faceY: '', text: '', x: '', y: '', z: '', facing: '', pose: '', holding: '', present: '',
      lx: NaN, ly: NaN, lw: 0, visible: true, anchor: '', nx: NaN, ny: NaN, nz: NaN, nb: NaN, heldList: null, heldHow: null };
  });
  const things = props.map(function (p) {
    const r = sel('rect', { class: p.furniture ? 'thing furniture' : 'thing', x: '-2.5', y: '-2.5', width: '5', height: '5' });
    const title = sel('title');
    title.textContent = p.name + ' · ' + shortEn(p.en);
    r.appendChild(title);
    r.style.display = 'none';
    thingsG.appendChild(r);
    return { r: r, shown: false, tf: '', cls: '', lx: NaN, lz: NaN, lk: NaN, lh: -2, lf: null };
  });

  function updateTitles() {
    actors.forEach(function (a, i) {
      const names = [a.name].concat(a.aliases).join('、');
      marks[i].title.textContent = names + ' · ' + a.en + (a.role ? '\n' + a.role : '');
    });
  }

  // ---------------------------------------------------------------- the camera
  const cam = { x: 0, y: 0, w: 1000, h: 600, tx: 0, ty: 0, tw: 1000, th: 600, k: 1, W: 800, H: 600, snap: true };
  function measureStage() {
    const r = court.getBoundingClientRect();
    cam.W = Math.max(50, r.width);
    cam.H = Math.max(50, r.height);
    cam.snap = true;
    state.dirty = true;
  }
  function fitBox(x0, y0, x1, y1) {
    // pad, keep a least size (the hall's breadth) and the stage's shape
    const aspect = cam.W / cam.H;
    const minW = Math.min(MAP.width, clamp(cam.W * 0.6, 320, 520));
    let w = Math.max(x1 - x0, 10), h = Math.max(y1 - y0, 10);
    const padX = 70 * (w / cam.W + 0.3), padY = 50 * (h / cam.H + 0.3);
    w += 2 * padX; h += 2 * padY;
    const cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
    w = Math.max(w, minW);
    h = Math.max(h, minW / aspect * 0.6);
    if (w / h < aspect) w = h * aspect; else h = w / aspect;
    // stay on the drawing where it is larger than the view
    const keep = function (c, size, whole) { return size >= whole ? whole / 2 : clamp(c, size / 2, whole - size / 2); };
    return [keep(cx, w, MAP.width) - w / 2, keep(cy, h, MAP.height) - h / 2, w, h];
  }
  function wholeCourt() {
    const aspect = cam.W / cam.H;
    let w = MAP.width, h = MAP.height;
    if (w / h < aspect) w = h * aspect; else h = w / aspect;
    return [(MAP.width - w) / 2, (MAP.height - h) / 2, w, h];
  }
  const probe = newActorState();
  function cameraTarget(n) {
    if (!state.follow) return wholeCourt();
    const b = beats[n];
    let who = b ? b.actors.filter(function (i) { return states[i].present; }) : [];
    if (!who.length) who = actors.map(function (a, i) { return i; }).filter(function (i) { return states[i].present; });
    if (!who.length) return wholeCourt();
    // where they are now and where the clause leaves them
    const pts = [];
    // the one picked out is kept in sight too
    if (state.selected >= 0 && states[state.selected].present && who.indexOf(state.selected) < 0) {
      pts.push([pxX(states[state.selected].x), pxY(states[state.selected].z), 3]);
    }
    who.forEach(function (i) {
      pts.push([pxX(states[i].x), pxY(states[i].z), 2]);
      if (b) { actorAt(actors[i], b.end, probe); if (probe.present) pts.push([pxX(probe.x), pxY(probe.z), 1]); }
    });
    // people far apart (the ruler in the hall, the marker by the far target): the stretch that
    // holds most of them, at a scale where a label is still read; the rest show on the small map
    const maxH = cam.H / 0.75, maxW = cam.W / 0.6;
    pts.sort(function (a, b) { return a[1] - b[1]; });
    let best = 0, bestW = -1, j = 0, wsum = 0;
    for (let i = 0; i < pts.length; i++) {
      wsum += pts[i][2];
      while (pts[i][1] - pts[j][1] > maxH) { wsum -= pts[j][2]; j++; }
      if (wsum > bestW) { bestW = wsum; best = i; }
    }
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (let i = 0; i <= best; i++) {
      const p = pts[i];
      if (pts[best][1] - p[1] > maxH) continue;
      if (p[0] < x0) x0 = p[0]; if (p[0] > x1) x1 = p[0]; if (p[1] < y0) y0 = p[1]; if (p[1] > y1) y1 = p[1];
    }
    if (x1 - x0 > maxW) { const c = (x0 + x1) / 2; x0 = c - maxW / 2; x1 = c + maxW / 2; }
    return fitBox(x0, y0, x1, y1);
  }
  let camBeat = -2;
  function updateCamera(n, dt) {
    if (n !== camBeat || cam.snap || !state.follow) {
      const tgt = cameraTarget(n);
      cam.tx = tgt[0]; cam.ty = tgt[1]; cam.tw = tgt[2]; cam.th = tgt[3];
      camBeat = n;
    }
    const moving = Math.abs(cam.tx - cam.x) + Math.abs(cam.ty - cam.y) + Math.abs(cam.tw - cam.w) > 0.5;
    if (cam.snap || !state.playing || !moving) {
      cam.x = cam.tx; cam.y = cam.ty; cam.w = cam.tw; cam.h = cam.th;
    } else {
      const a = 1 - Math.exp(-dt / 0.35);
      cam.x += (cam.tx - cam.x) * a; cam.y += (cam.ty - cam.y) * a; cam.w += (cam.tw - cam.w) * a; cam.h += (cam.th - cam.h) * a;
    }
    cam.snap = false;
    const vb = cam.x.toFixed(1) + ' ' + cam.y.toFixed(1) + ' ' + cam.w.toFixed(1) + ' ' + cam.h.toFixed(1);
    if (vb !== cam.vb) { court.setAttribute('viewBox', vb); cam.vb = vb; }
    cam.k = cam.w / cam.W; // drawing units per screen pixel
    // the court's own names stay about 12 px on screen when zoomed in, never above their size
    const gfs = (Math.min(10, Math.round(cam.k * 12.5 * 4) / 4)).toFixed(2) + 'px';
    if (gfs !== cam.gfs) { groundG.style.setProperty('--gfs', gfs); cam.gfs = gfs; }
    return moving;
  }

  // ---------------------------------------------------------------- the small map of the whole court
  const mini = $('mini'), miniPeople = $('mini-people'), miniView = $('mini-view');
  mini.setAttribute('viewBox', '0 0 ' + MAP.width.toFixed(0) + ' ' + MAP.height.toFixed(0));
  mini.style.aspectRatio = (MAP.width / MAP.height).toFixed(4);
  const miniDots = actors.map(function () {
    const c = sel('circle', { r: '16' });
    c.style.display = 'none';
    miniPeople.appendChild(c);
    return { c: c, shown: false, cx: '', cy: '', cls: '' };
  });
  const miniFlying = [];
  for (let q = 0; q < 8; q++) {
    const c = sel('circle', { r: '22', class: 'flying' });
    c.style.display = 'none';
    miniPeople.appendChild(c);
    miniFlying.push(c);
  }
  function drawMini(acting) {
    const whole = !state.follow;
    mini.style.display = whole ? 'none' : '';
    if (whole) return;
    for (let i = 0; i < actors.length; i++) {
      const s = states[i], d = miniDots[i];
      if (!s.present) { if (d.shown) { d.c.style.display = 'none'; d.shown = false; } continue; }
      if (!d.shown) { d.c.style.display = ''; d.shown = true; }
      const cx = pxX(s.x).toFixed(0), cy = pxY(s.z).toFixed(0);
      if (cx !== d.cx) { d.c.setAttribute('cx', cx); d.cx = cx; }
      if (cy !== d.cy) { d.c.setAttribute('cy', cy); d.cy = cy; }
      const cls = acting.indexOf(i) >= 0 ? 'acting' : '';
      if (cls !== d.cls) { d.c.setAttribute('class', cls); d.cls = cls; }
    }
    let q = 0;
    for (let p = 0; p < props.length && q < miniFlying.length; p++) {
      const ps = propStates[p];
      if (!ps.flying) continue;
      const c = miniFlying[q++];
      c.setAttribute('cx', pxX(ps.x).toFixed(0)); c.setAttribute('cy', pxY(ps.z).toFixed(0));
      c.style.display = '';
    }
    for (; q < miniFlying.length; q++) if (miniFlying[q].style.display !== 'none') miniFlying[q].style.display = 'none';
    miniView.setAttribute('x', cam.x.toFixed(0)); miniView.setAttribute('y', cam.y.toFixed(0));
    miniView.setAttribute('width', cam.w.toFixed(0)); miniView.setAttribute('height', cam.h.toFixed(0));
  }
  mini.addEventListener('click', function (ev) { ev.stopPropagation(); state.follow = false; cam.snap = true; applyLanguage(); requestDraw(); });

  // ---------------------------------------------------------------- labels that do not overlap
  const placed = []; // flat [x0,y0,x1,y1,...] in drawing units
  function textWidth(s, size) {
    let w = 0;
    for (let i = 0; i < s.length; i++) w += s.charCodeAt(i) > 0x2e80 ? size : size * 0.56;
    return w;
  }
  function free(x0, y0, x1, y1) {
    for (let i = 0; i < placed.length; i += 4) {
      if (x0 < placed[i + 2] && x1 > placed[i] && y0 < placed[i + 3] && y1 > placed[i + 1]) return false;
    }
    return true;
  }
  // candidate spots round a mark, in screen pixels from its centre: [dx of text start, dy of baseline, anchor]
  const SPOTS = [[9, 4, 'start'], [-9, 4, 'end'], [0, -10, 'middle'], [0, 17, 'middle'], [8, -7, 'start'], [-8, -7, 'end'], [8, 14, 'start'], [-8, 14, 'end']];

  // ---------------------------------------------------------------- a frame
  let lastFrame = 0;
  let firstFrameDone = false;
  function holdingOf(list) {
    if (!list) return '';
    let s = '';
    for (let j = 0; j < list.length; j++) s += (j ? ',' : '') + props[list[j]].id + ':' + propStates[list[j]].how;
    return s;
  }

  function draw(dt) {
    const t = state.t;
    const n = currentBeat();
    for (let i = 0; i < actors.length; i++) actorAt(actors[i], t, states[i]);
    for (let k = 0; k < props.length; k++) propAt(props[k], t, states, propStates[k]);
    const moving = updateCamera(n, dt || 0);
    const acting = beats[n] ? beats[n].actors : [];
    const k = cam.k;
    const figTf = 'scale(' + k.toFixed(4) + ')';
    const vx0 = cam.x, vy0 = cam.y, vx1 = cam.x + cam.w, vy1 = cam.y + cam.h;
    placed.length = 0;
    // held things, by holder, for the labels
    const held = new Array(actors.length);
    for (let p = 0; p < props.length; p++) {
      const h = propStates[p].heldBy;
      if (h >= 0) (held[h] || (held[h] = [])).push(p);
    }
    const order = [];
    for (let i = 0; i < actors.length; i++) {
      const s = states[i], m = marks[i];
      const present = s.present ? '1' : '0';
      if (present !== m.present) { m.g.setAttribute('data-present', present); m.present = present; }
      // numbers first: no strings made for one who has not moved
      const movedNow = s.x !== m.nx || s.y !== m.ny || s.z !== m.nz;
      if (movedNow) {
        m.nx = s.x; m.ny = s.y; m.nz = s.z;
        const x = s.x.toFixed(3), y = s.y.toFixed(3), z = s.z.toFixed(3);
        if (x !== m.x) { m.g.setAttribute('data-x', x); m.x = x; }
        if (y !== m.y) { m.g.setAttribute('data-y', y); m.y = y; }
        if (z !== m.z) { m.g.setAttribute('data-z', z); m.z = z; }
      }
      const fi = facingIndex(s.b);
      if (FACINGS[fi] !== m.facing) { m.g.setAttribute('data-facing', FACINGS[fi]); m.facing = FACINGS[fi]; }
      if (s.pose !== m.pose) { m.g.setAttribute('data-pose', s.pose); m.pose = s.pose; }
      const hl = held[i], prev = m.heldList;
      let same = (hl ? hl.length : 0) === (prev ? prev.length : 0);
      for (let j = 0; same && hl && j < hl.length; j++) same = hl[j] === prev[j] && propStates[hl[j]].how === m.heldHow[j];
      const holding = same ? m.holding : holdingOf(hl);
      if (!same) { m.heldList = hl; m.heldHow = hl ? hl.map(function (p) { return propStates[p].how; }) : null; }
      if (holding !== m.holding) { m.g.setAttribute('data-holding', holding); m.holding = holding; }
      const isActing = acting.indexOf(i) >= 0;
      const cls = 'person ' + s.pose + (isActing ? ' acting' : '') + (i === state.selected ? ' selected' : '');
      if (cls !== m.cls) { m.g.setAttribute('class', cls); m.cls = cls; }
      if (!s.present) {
        if (m.shown) { m.g.style.display = 'none'; m.shown = false; }
        continue;
      }
      if (!m.shown) { m.g.style.display = ''; m.shown = true; }
      const px = pxX(s.x), py = pxY(s.z);
      if (movedNow || !m.tf) {
        const tf = 'translate(' + px.toFixed(2) + ',' + py.toFixed(2) + ')';
        if (tf !== m.tf) { m.g.setAttribute('transform', tf); m.tf = tf; }
      }
      if (figTf !== m.figTf) { m.fig.setAttribute('transform', figTf); m.figTf = figTf; }
      if (s.b !== m.nb) {
        m.nb = s.b;
        const v = bearingVector(s.b);
        const fx = (v[0] * 13).toFixed(1), fy = (v[1] * 13).toFixed(1);
        if (fx !== m.faceX) { m.face.setAttribute('x2', fx); m.faceX = fx; }
        if (fy !== m.faceY) { m.face.setAttribute('y2', fy); m.faceY = fy; }
      }
      // the label: his name, what he holds, the gesture he makes
      let text = actorLabel(actors[i], n);
      const hs = held[i];
      if (hs && (isActing || i === state.selected)) {
        const names = hs.map(function (p) { return propLabel(props[p]); });
        text += en() ? ' (' + names.join(', ') + ')' : '〔' + names.join('、') + '〕';
      }
      if (s.gesture >= 0 && RITE.gestures[s.gesture]) text += en() ? ' · ' + RITE.gestures[s.gesture][1] : '·' + RITE.gestures[s.gesture][0];
      else if (s.pose === 'sitting' && isActing) text += en() ? ' (seated)' : '（坐）';
      if (text !== m.text) { m.label.textContent = text; m.text = text; m.lw = textWidth(text, isActing ? 13 : 11.5); }
      const inView = px > vx0 - 20 * k && px < vx1 + 20 * k && py > vy0 - 20 * k && py < vy1 + 20 * k;
      if (inView) {
        placed.push(px - 6 * k, py - 6 * k, px + 6 * k, py + 6 * k);
        order.push(i);
      }
    }
    // labels: the clause's people and the selected first, then the rest where there is room
    order.sort(function (a, b) { return rank(b, acting) - rank(a, acting); });
    for (let o = 0; o < order.length; o++) {
      const i = order[o], m = marks[i], s = states[i];
      const px = pxX(s.x), py = pxY(s.z);
      const important = rank(i, acting) > 0;
      const size = important ? 13 : 11.5;
      const w = (m.lw || textWidth(m.text, size)) + 2, h = size * 1.15;
      let spot = -1;
      for (let c = 0; c < SPOTS.length; c++) {
        const sp = SPOTS[c];
        const x0 = sp[2] === 'start' ? sp[0] : sp[2] === 'end' ? sp[0] - w : sp[0] - w / 2;
        const y0 = sp[1] - size * 0.9;
        const ax0 = px + x0 * k, ay0 = py + y0 * k, ax1 = ax0 + w * k, ay1 = ay0 + h * k;
        if (free(ax0, ay0, ax1, ay1)) { spot = c; placed.push(ax0, ay0, ax1, ay1); break; }
      }
      if (spot < 0 && important) spot = 0;
      const visible = spot >= 0;
      if (visible !== m.visible) { m.label.style.display = visible ? '' : 'none'; m.visible = visible; }
      if (visible) {
        const sp = SPOTS[spot];
        if (sp[0] !== m.lx || sp[1] !== m.ly) { m.label.setAttribute('x', sp[0]); m.label.setAttribute('y', sp[1]); m.lx = sp[0]; m.ly = sp[1]; }
        if (sp[2] !== m.anchor) { m.label.setAttribute('text-anchor', sp[2]); m.anchor = sp[2]; }
      }
    }
    // things: lying where they are, or beside the hand that holds them
    for (let p = 0; p < props.length; p++) {
      const ps = propStates[p], th = things[p];
      if (!ps.present) {
        if (th.shown) { th.r.style.display = 'none'; th.shown = false; }
        continue;
      }
      if (!th.shown) { th.r.style.display = ''; th.shown = true; }
      // most things lie still: nothing to write
      if (ps.x === th.lx && ps.z === th.lz && k === th.lk && ps.heldBy === th.lh && ps.flying === th.lf) continue;
      th.lx = ps.x; th.lz = ps.z; th.lk = k; th.lh = ps.heldBy; th.lf = ps.flying;
      const tf = 'translate(' + pxX(ps.x).toFixed(2) + ',' + pxY(ps.z).toFixed(2) + ') scale(' + (ps.heldBy >= 0 ? k * 0.8 : k).toFixed(4) + ')';
      if (tf !== th.tf) { th.r.setAttribute('transform', tf); th.tf = tf; }
      const cls = 'thing' + (props[p].furniture ? ' furniture' : '') + (ps.heldBy >= 0 ? ' held' : '') + (ps.flying ? ' flying' : '');
      if (cls !== th.cls) { th.r.setAttribute('class', cls); th.cls = cls; }
    }
    drawMini(acting);
    if (n !== state.shownBeat) showBeat(n);
    if (state.selected >= 0 && state.inspectorBeat !== n) showInspector();
    drawClock();
    if (!firstFrameDone) {
      firstFrameDone = true;
      try { performance.mark('sheli-first-frame'); } catch (e) { /* old browsers */ }
    }
    state.dirty = moving;
  }
  function rank(i, acting) { return (i === state.selected ? 2 : 0) + (acting.indexOf(i) >= 0 ? 1 : 0); }

  function currentBeat() {
    if (state.carried && state.carried.t === state.t) return state.carried.beat;
    state.carried = null;
    return beatAt(state.t);
  }

  // ---------------------------------------------------------------- the clock and scrubber
  function paceTotal() { return state.pace === 'film' ? FILM_TOTAL : DURATION; }
  function paceOf(t) { return state.pace === 'film' ? toView(t) : t; }
  function riteOf(v) { return state.pace === 'film' ? toRite(v) : v; }
  let clockText = '', headLeft = '';
  function drawClock() {
    const n = currentBeat();
    const step = RITE.steps[beats[n] ? beats[n].step : 0];
    const section = step ? (en() ? step.section_en : step.section) : '';
    let lapse = '';
    if (state.pace === 'film') {
      const s = speedup(state.t);
      if (s > 1.5) lapse = ' ×' + Math.round(s);
    }
    const text = fmtClock(paceOf(state.t)) + ' / ' + fmtClock(paceTotal()) + lapse + ' · ' + section;
    if (text !== clockText) {
      clockEl.textContent = text;
      clockEl.title = (en() ? 'rite time ' : '礼时 ') + fmtClock(state.t) + (lapse ? ' — ' + tr().lapse : '');
      clockText = text;
    }
    const left = (100 * paceOf(state.t) / Math.max(1, paceTotal())).toFixed(3) + '%';
    if (left !== headLeft) { headEl.style.left = left; headLeft = left; }
  }
  function buildScrubber() {
    const bands = $('bands'), ticks = $('ticks');
    bands.textContent = ''; ticks.textContent = '';
    const total = Math.max(1, paceTotal());
    let band = 0, from = 0, last = null;
    const x = function (t) { return 100 * paceOf(t) / total; };
    const flush = function (to) {
      if (last === null) return;
      const s = RITE.steps[from];
      const d = el('div', { class: 'band b' + (band % 2) + (s.night ? ' night' : ''), title: en() ? s.section_en : s.section });
      d.style.left = x(RITE.steps[from].start).toFixed(3) + '%';
      d.style.width = Math.max(0.05, x(RITE.steps[to].end) - x(RITE.steps[from].start)).toFixed(3) + '%';
      bands.appendChild(d);
    };
    RITE.steps.forEach(function (s, si) {
      if (s.section !== last) { flush(si - 1); band++; from = si; last = s.section; }
      const firstWords = s.beats.map(function (b) { return b.text; }).join('').slice(0, 16);
      const tick = el('div', { class: 'tick', title: (en() ? s.section_en : s.section) + ' · ' + firstWords + '…' });
      tick.style.left = x(s.start).toFixed(3) + '%';
      ticks.appendChild(tick);
    });
    flush(RITE.steps.length - 1);
    headLeft = '';
  }
  let scrubbing = false, scrubRect = null;
  function scrubTo(ev) {
    const r = scrubRect || scrub.getBoundingClientRect();
    const f = clamp((ev.clientX - r.left) / Math.max(1, r.width), 0, 1);
    seek(riteOf(f * paceTotal()), false);
  }
  scrub.addEventListener('pointerdown', function (ev) {
    scrubbing = true;
    scrubRect = scrub.getBoundingClientRect();
    try { scrub.setPointerCapture(ev.pointerId); } catch (e) { /* synthetic pointer */ }
    scrubTo(ev);
    ev.preventDefault();
  });
  scrub.addEventListener('pointermove', function (ev) { if (scrubbing) scrubTo(ev); });
  const endScrub = function (ev) { if (scrubbing) { scrubTo(ev); scrubbing = false; scrubRect = null; writeHash(true); } };
  scrub.addEventListener('pointerup', endScrub);
  scrub.addEventListener('pointercancel', function () { scrubbing = false; scrubRect = null; });

  // ---------------------------------------------------------------- the text panel
  function notesOf(n) { return (WORDS.notes && WORDS.notes[n]) || { zhu: [], shu: [], yinyi: [] }; }
  function showBeat(n) {
    const b = beats[n];
    if (!b) return;
    const u = tr();
    if (b.step !== state.shownStep || state.textLang !== state.lang) {
      const s = RITE.steps[b.step];
      textEl.textContent = '';
      const headLine = el('div', { class: 'section' }, (en() ? s.section_en : s.section) + ' · ' + u.step + (b.step + 1) + u.of + RITE.steps.length + u.stepTail);
      textEl.appendChild(headLine);
      const orig = el('div', { class: 'original', lang: 'zh' });
      s.beats.forEach(function (bb, bi) {
        const num = stepFirst[b.step] + bi;
        const span = el('span', { class: 'clause', 'data-beat': String(num), title: (en() ? 'clause ' : '第') + (num + 1) + (en() ? '' : '句') }, bb.text);
        orig.appendChild(span);
      });
      textEl.appendChild(el('h2', null, u.original));
      textEl.appendChild(orig);
      const zh = el('p', { class: 'tr-zh', lang: 'zh' }, s.translation);
      const enP = el('p', { class: 'tr-en', lang: 'en' }, s.translation_en);
      textEl.appendChild(el('h2', null, u.translation));
      if (en()) { textEl.appendChild(enP); textEl.appendChild(zh); } else { textEl.appendChild(zh); textEl.appendChild(enP); }
      textEl.appendChild(el('div', { id: 'notes' }));
      state.shownStep = b.step;
      state.textLang = state.lang;
    }
    const spans = textEl.querySelectorAll('.clause');
    for (let i = 0; i < spans.length; i++) {
      const num = +spans[i].getAttribute('data-beat');
      spans[i].className = 'clause' + (num === n ? ' current' : num < n ? ' done' : '');
    }
    const notesBox = $('notes');
    notesBox.textContent = '';
    const notes = notesOf(n);
    if (notes.zhu && notes.zhu.length) {
      notesBox.appendChild(el('h2', null, u.zhu));
      notes.zhu.forEach(function (z) { notesBox.appendChild(el('p', { class: 'zhu', lang: 'zh' }, z)); });
    }
    if (notes.yinyi && notes.yinyi.length) {
      notesBox.appendChild(el('p', { class: 'yinyi', lang: 'zh' }, u.yinyi + '：' + notes.yinyi.join('；')));
    }
    if (notes.shu && notes.shu.length) {
      const d = el('details', { class: 'shu' });
      d.appendChild(el('summary', null, u.shu));
      notes.shu.forEach(function (z) { d.appendChild(el('p', { lang: 'zh' }, z)); });
      notesBox.appendChild(d);
    }
    // the clause over the plan (a phone shows the text far below)
    $('caption').textContent = b.text;
    state.shownBeat = n;
    writeHash(false);
  }
  textEl.addEventListener('click', function (ev) {
    const c = ev.target.closest && ev.target.closest('.clause');
    if (!c) return;
    goBeat(+c.getAttribute('data-beat'));
  });

  // ---------------------------------------------------------------- the inspector
  function placeNames(rest) {
    if (!rest || !rest.places) return [];
    return rest.places.map(function (k) { const p = RITE.places[k]; return p ? (en() ? p[1] : p[0]) : ''; }).filter(Boolean);
  }
  function showInspector() {
    const i = state.selected;
    inspector.textContent = '';
    state.inspectorBeat = currentBeat();
    if (i < 0) {
      inspector.appendChild(el('p', { class: 'hint' }, tr().select));
      return;
    }
    const a = actors[i], s = states[i], u = tr();
    const h = el('h2', null, a.name + (a.aliases.length ? '（' + a.aliases.join('、') + '）' : '') + ' · ' + a.en);
    const dot = el('span', { class: 'dot' });
    dot.style.background = a.colour;
    h.insertBefore(dot, h.firstChild);
    inspector.appendChild(h);
    const title = titleAt(a, state.inspectorBeat);
    if (title) inspector.appendChild(el('p', { class: 'title' }, en() ? 'now called ' + title[1] + ', ' + title[2] : '今称 ' + title[1]));
    if (a.role) inspector.appendChild(el('p', { class: 'role' }, a.role));
    const rest = s.pose === 'walking' || !s.rest ? s.next : s.rest;
    const where = s.present ? placeNames(s.next || rest).join(en() ? '; ' : '、') : u.absent;
    const fi = facingIndex(s.b);
    inspector.appendChild(el('p', { class: 'now' }, u.now + (en() ? ': ' : '：') + (where || '—') +
      (s.present ? (en() ? ', facing ' + FACINGS_EN[fi] : '，' + FACINGS_ZH[fi]) + ' · ' + u.pose[s.pose] : '')));
    const hs = [];
    for (let k = 0; k < props.length; k++) if (propStates[k].heldBy === i) hs.push(propLabel(props[k]));
    inspector.appendChild(el('p', { class: 'holds' }, u.holds + (en() ? ': ' : '：') + (hs.length ? hs.join(en() ? ', ' : '、') : u.nothing)));
    const lab = el('label', { class: 'route-toggle' });
    const box = el('input', { type: 'checkbox', id: 'route-toggle' });
    box.checked = state.showRoute;
    lab.appendChild(box);
    lab.appendChild(document.createTextNode(' ' + u.path));
    inspector.appendChild(lab);
    const duties = (WORDS.duties && WORDS.duties[i]) || [];
    inspector.appendChild(el('h3', null, u.duties + ' (' + duties.length + ')'));
    const list = el('ul', { class: 'duties' });
    const n = currentBeat();
    let lastSection = null;
    duties.forEach(function (d) {
      const bt = beats[d[0]];
      const section = bt ? (en() ? RITE.steps[bt.step].section_en : RITE.steps[bt.step].section) : '';
      if (section !== lastSection) { list.appendChild(el('li', { class: 'duty-section' }, section)); lastSection = section; }
      const li = el('li', { class: 'duty' + (d[0] === n ? ' current' : '') });
      const link = el('a', { href: '#clause=' + (d[0] + 1), 'data-beat': String(d[0]) }, en() ? d[2] : d[1]);
      const b = beats[d[0]];
      if (b) link.title = (en() ? RITE.steps[b.step].section_en : RITE.steps[b.step].section) + ' · ' + b.text;
      li.appendChild(link);
      list.appendChild(li);
    });
    inspector.appendChild(list);
  }
  inspector.addEventListener('click', function (ev) {
    const a = ev.target.closest && ev.target.closest('a[data-beat]');
    if (a) { ev.preventDefault(); goBeat(+a.getAttribute('data-beat')); }
  });
  inspector.addEventListener('change', function (ev) {
    if (ev.target.id === 'route-toggle') { state.showRoute = ev.target.checked; drawRoute(); }
  });
  function drawRoute() {
    const i = state.selected;
    if (i < 0 || !state.showRoute) { routeEl.setAttribute('points', ''); routeEl.style.display = 'none'; return; }
    const a = actors[i];
    const pts = [[a.initial.x, a.initial.z]];
    a.motions.forEach(function (m) { if (m.kind === 'walk') m.path.forEach(function (p) { pts.push([p[0], p[2]]); }); });
    routeEl.setAttribute('points', pts.map(function (p) { return pxX(p[0]).toFixed(1) + ',' + pxY(p[1]).toFixed(1); }).join(' '));
    routeEl.style.stroke = a.colour;
    routeEl.style.display = 'inline';
  }
  function select(i) {
    state.selected = i;
    const side = $('side');
    side.classList.toggle('has-selection', i >= 0);
    if (i >= 0) side.scrollTop = 0;
    showInspector();
    drawRoute();
    cam.snap = true;
    requestDraw();
  }
  court.addEventListener('click', function (ev) {
    const p = ev.target.closest && ev.target.closest('.person');
    if (p) {
      const i = actors.findIndex(function (a) { return a.id === p.getAttribute('data-id'); });
      select(i);
    } else {
      select(-1);
    }
  });

  // ---------------------------------------------------------------- moving in time
  function seek(t, writeNow) {
    t = clamp(+t || 0, 0, DURATION);
    state.t = t;
    state.carried = null;
    cam.snap = !state.playing;
    requestDraw();
    if (writeNow !== false) writeHash(true);
  }
  function goBeat(n) {
    n = clamp(n | 0, 0, NB - 1);
    state.t = beats[n].start;
    state.carried = { t: state.t, beat: n };
    cam.snap = true;
    requestDraw();
    writeHash(true);
  }
  function neighbour(delta, byStep) {
    const n = currentBeat();
    if (byStep) {
      const s = clamp(beats[n].step + delta, 0, RITE.steps.length - 1);
      return stepFirst[s];
    }
    // ← from the middle of a clause goes back to its start first
    if (delta < 0 && state.t > beats[n].start + 0.05) return n;
    return clamp(n + delta, 0, NB - 1);
  }
  function nextAct(act, dir) {
    const n = currentBeat();
    for (let m = n + dir; m >= 0 && m < NB; m += dir) if (beats[m].acts.indexOf(act) >= 0) return m;
    return -1;
  }
  function setPlaying(on) {
    if (on && state.t >= DURATION) state.t = 0;
    state.playing = on;
    playBtn.textContent = on ? tr().pauseWord : tr().playWord;
    playBtn.title = on ? tr().pause : tr().play;
    playBtn.classList.toggle('on', on);
    lastFrame = 0;
    if (!on) writeHash(true);
    requestDraw();
  }
  function setSpeed(s) {
    state.speed = s;
    speedSel.value = String(s);
  }
  function stepSpeed(d) {
    const i = SPEEDS.indexOf(state.speed);
    setSpeed(SPEEDS[clamp((i < 0 ? 2 : i) + d, 0, SPEEDS.length - 1)]);
  }

  // the address: #t=SECONDS or #clause=N (from 1)
  function writeHash(force) {
    const now = performance.now();
    if (!force && now - state.hashAt < 800) return;
    const n = currentBeat();
    const h = state.carried && state.carried.t === state.t ? '#clause=' + (n + 1) : '#t=' + state.t.toFixed(3).replace(/\.?0+$/, '');
    if (h !== state.lastHash) {
      try { history.replaceState(null, '', h); } catch (e) { /* some file:// pages refuse */ }
      state.lastHash = h;
      state.hashAt = now;
    }
  }
  function readHash() {
    const h = location.hash.replace(/^#/, '');
    let m = /(?:^|&)clause=(\d+)/.exec(h);
    if (m) { goBeat(+m[1] - 1); state.lastHash = location.hash; return true; }
    m = /(?:^|&)t=([0-9.]+)/.exec(h);
    if (m) { seek(parseFloat(m[1]), false); state.lastHash = location.hash; return true; }
    return false;
  }
  window.addEventListener('hashchange', function () { if (location.hash !== state.lastHash) readHash(); });

  // ---------------------------------------------------------------- the loop
  let rafPending = false;
  function requestDraw() {
    state.dirty = true;
    if (!rafPending) { rafPending = true; requestAnimationFrame(frame); }
  }
  function frame(now) {
    rafPending = false;
    const t0 = performance.now();
    let dt = lastFrame ? Math.min(0.25, (now - lastFrame) / 1000) : 0;
    lastFrame = now;
    if (state.playing) {
      // the speed is in viewing time: in film pace a long walk passes as a time-lapse
      if (state.pace === 'film') state.t = Math.min(toRite(toView(state.t) + dt * state.speed), DURATION);
      else state.t = Math.min(state.t + dt * state.speed, DURATION);
      state.carried = null;
      if (state.t >= DURATION) setPlaying(false);
      writeHash(false);
    }
    draw(dt);
    if (state.playing) {
      frameTimes.push(performance.now() - t0);
      if (frameTimes.length > 5000) frameTimes.splice(0, 1000);
    } else {
      lastFrame = 0;
    }
    if (state.playing || state.dirty) { rafPending = true; requestAnimationFrame(frame); }
  }

  // ---------------------------------------------------------------- controls
  SPEEDS.forEach(function (s) { speedSel.appendChild(el('option', { value: String(s) }, (s === 0.25 ? '¼' : s === 0.5 ? '½' : String(s)) + '×')); });
  speedSel.addEventListener('change', function () { state.speed = parseFloat(speedSel.value); speedSel.blur(); });
  playBtn.addEventListener('click', function () { setPlaying(!state.playing); });
  $('clause-prev').addEventListener('click', function () { goBeat(neighbour(-1, false)); });
  $('clause-next').addEventListener('click', function () { goBeat(neighbour(1, false)); });
  $('step-prev').addEventListener('click', function () { goBeat(neighbour(-1, true)); });
  $('step-next').addEventListener('click', function () { goBeat(neighbour(1, true)); });
  paceBtn.addEventListener('click', function () {
    state.pace = state.pace === 'film' ? 'real' : 'film';
    applyLanguage();
    buildScrubber();
    requestDraw();
  });
  viewBtn.addEventListener('click', function () { state.follow = !state.follow; cam.snap = true; applyLanguage(); requestDraw(); });
  const jumps = $('jumps');
  ACTS.forEach(function (act) {
    const grp = el('span', { class: 'jump' });
    [-1, 1].forEach(function (dir) {
      const b = el('button', { type: 'button', id: 'jump-' + (dir < 0 ? 'prev' : 'next') + '-' + act, 'data-act': act, 'data-dir': String(dir) },
        dir < 0 ? '‹' + act : act + '›');
      b.addEventListener('click', function () { const m = nextAct(act, dir); if (m >= 0) goBeat(m); });
      grp.appendChild(b);
    });
    jumps.appendChild(grp);
  });
  langBox.addEventListener('click', function (ev) {
    const b = ev.target.closest('button[data-lang]');
    if (b) { state.lang = b.getAttribute('data-lang'); applyLanguage(); }
  });
  function applyLanguage() {
    const u = tr();
    document.documentElement.lang = state.lang === 'en' ? 'en' : 'zh';
    document.body.classList.toggle('en', en());
    langBox.querySelectorAll('button').forEach(function (b) { b.classList.toggle('on', b.getAttribute('data-lang') === state.lang); });
    $('title').textContent = en() ? RITE.rite.title_en + ' · ' + RITE.rite.title : RITE.rite.title + ' · ' + RITE.rite.title_en;
    playBtn.title = state.playing ? u.pause : u.play;
    playBtn.textContent = state.playing ? u.pauseWord : u.playWord;
    $('clause-prev').title = u.clausePrev; $('clause-next').title = u.clauseNext;
    $('step-prev').title = u.stepPrev; $('step-next').title = u.stepNext;
    speedSel.title = u.speed;
    paceBtn.textContent = state.pace === 'film' ? u.film : u.real;
    paceBtn.title = u.paceTip;
    paceBtn.classList.toggle('on', state.pace === 'film');
    paceBtn.setAttribute('data-pace', state.pace);
    viewBtn.textContent = state.follow ? u.follow : u.whole;
    viewBtn.title = u.viewTip;
    jumps.querySelectorAll('button').forEach(function (b) {
      const act = b.getAttribute('data-act'), dir = +b.getAttribute('data-dir');
      const name = u.acts[act];
      b.textContent = dir < 0 ? '‹ ' + (en() ? name : act) : (en() ? name : act) + ' ›';
      b.title = (dir < 0 ? u.prev : u.next) + name;
    });
    if (state.groundLang !== state.lang) { drawGround(); state.groundLang = state.lang; }
    updateTitles();
    buildScrubber();
    state.shownStep = -1; state.shownBeat = -1;
    clockText = '';
    marks.forEach(function (m) { m.text = ''; });
    showInspector();
    requestDraw();
  }

  document.addEventListener('keydown', function (ev) {
    const tag = ev.target && ev.target.tagName;
    if (tag === 'INPUT' || tag === 'TEXTAREA' || (tag === 'SELECT' && ev.key !== ' ')) return;
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    let done = true;
    switch (ev.key) {
      case ' ': case 'Spacebar': setPlaying(!state.playing); break;
      case 'ArrowRight': goBeat(neighbour(1, ev.shiftKey)); break;
      case 'ArrowLeft': goBeat(neighbour(-1, ev.shiftKey)); break;
      case '+': case '=': stepSpeed(1); break;
      case '-': case '_': stepSpeed(-1); break;
      case 'Home': goBeat(0); break;
      case 'End': seek(DURATION); setPlaying(false); break;
      default: {
        const k = ev.key.toLowerCase();
        const act = { s: '射', b: '拜', c: '爵', o: '番' }[k];
        if (act) { const m = nextAct(act, ev.shiftKey ? -1 : 1); if (m >= 0) goBeat(m); } else done = false;
      }
    }
    if (done) ev.preventDefault();
  });

  // Space on a focused button would press it as well: the key is the player's alone
  document.addEventListener('keyup', function (ev) {
    if (ev.key === ' ' && ev.target && ev.target.tagName === 'BUTTON') ev.preventDefault();
  });

  if (window.ResizeObserver) new ResizeObserver(function () { measureStage(); requestDraw(); }).observe(court);
  else window.addEventListener('resize', function () { measureStage(); requestDraw(); });

  // ---------------------------------------------------------------- the player, for tests and scripts
  window.player = {
    seek: function (t) { seek(t, true); draw(0); },
    time: function () { return state.t; },
    beat: function () { return currentBeat(); },
    playing: function () { return state.playing; },
    play: function () { setPlaying(true); },
    pause: function () { setPlaying(false); },
    goClause: function (n) { goBeat(n); draw(0); },
    setSpeed: setSpeed,
    setPace: function (p) { if (p !== state.pace) paceBtn.click(); },
    frameTimes: frameTimes,
    // every thing as drawn now: [id, present, x, y, z, holder id or null, how or null, flying]
    props: function () {
      return props.map(function (p, k) {
        const ps = propStates[k];
        return [p.id, ps.present, +ps.x.toFixed(3), +ps.y.toFixed(3), +ps.z.toFixed(3), ps.heldBy >= 0 ? actors[ps.heldBy].id : null, ps.how, ps.flying];
      });
    },
    // each person's bearing as drawn now, in degrees (the facing shown is its nearest of eight)
    bearings: function () {
      return actors.map(function (a, i) { return [a.id, states[i].b]; });
    },
    toView: toView,
    toRite: toRite,
  };

  // ---------------------------------------------------------------- start
  setSpeed(1);
  measureStage();
  applyLanguage();
  if (!readHash()) seek(0, false);
  draw(0);
  drawRoute();
})();
