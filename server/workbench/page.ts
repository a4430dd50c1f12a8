/**
 * The workbench page (GET /workbench): a small self-contained HTML page, no framework, on the
 * console's origin. It reads the token the console keeps in localStorage (`token`); without one it
 * goes to /login?redirect=/workbench. It lists the caller's sub-systems (GET
 * /base/admin/workbench/apps) as cards linking to each app's address. A click asks the server for
 * the card's link (POST /base/admin/workbench/handoff) and follows it: for a trusted address it
 * carries a one-time code, for any other nothing; the page never puts its token in a link.
 * An ended session (1002/1007) goes back to /login.
 * Built once at start; its inline script and style are allowed by their hashes in the CSP.
 */
import { createHash } from 'node:crypto';
import { API_PREFIX, BUSINESS_TYPES, Code, LOCALES, StorageKey, TOKEN_HEADER, text, WORKBENCH_APPS_PATH, WORKBENCH_LINK_PATH, type Locale, type Text } from '../../contract';

import { WORKBENCH_PATH } from '../../contract/session';

export { WORKBENCH_PATH };
export const WORKBENCH_APPS_URL = `${API_PREFIX}${WORKBENCH_APPS_PATH}`;
export const WORKBENCH_LINK_URL = `${API_PREFIX}${WORKBENCH_LINK_PATH}`;
export const WORKBENCH_LOGIN = `/login?redirect=${WORKBENCH_PATH}`;

const labels = {
  title: text('工作台', 'Workbench'),
  heading: text('我的子系统', 'My sub-systems'),
  switchLanguage: text('English', '中文'),
  loading: text('加载中…', 'Loading…'),
  empty: text('暂无可进入的子系统', 'There is no sub-system you can open'),
  failed: text('子系统加载失败，请稍后刷新重试', 'The sub-systems could not be loaded; please reload later'),
  toLogin: text('请先登录，正在前往登录页…', 'Please log in; going to the login page…'),
  login: text('登录', 'Log in'),
  badAddress: text('访问地址无效', 'Invalid address'),
  openFailed: text('无法打开该子系统，请稍后重试', 'The sub-system could not be opened; please try again'),
} satisfies Record<string, Text>;

function byLocale<T>(pick: (locale: Locale) => T): Record<Locale, T> {
  return Object.fromEntries(LOCALES.map((locale) => [locale, pick(locale)])) as Record<Locale, T>;
}

/** JSON that is safe inside a <script> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

const config = {
  appsUrl: WORKBENCH_APPS_URL,
  linkUrl: WORKBENCH_LINK_URL,
  login: WORKBENCH_LOGIN,
  tokenKey: StorageKey.TOKEN,
  localeKey: StorageKey.LOCALE,
  tokenHeader: TOKEN_HEADER,
  sessionEnded: [Code.NO_TOKEN, Code.TOKEN_EXPIRED],
  locales: LOCALES,
  text: byLocale((locale) => Object.fromEntries(Object.entries(labels).map(([key, value]) => [key, value[locale]]))),
  businessTypes: byLocale((locale) => Object.fromEntries(BUSINESS_TYPES.map((option) => [option.value, option.label[locale]]))),
};

const style = `
*{box-sizing:border-box}
body{margin:0;font:14px/1.5 -apple-system,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif;background:#f0f2f5;color:rgba(0,0,0,.88)}
header{display:flex;align-items:center;justify-content:space-between;padding:0 24px;height:56px;background:#001529;color:#fff}
header h1{margin:0;font-size:18px;font-weight:600}
header button{background:none;border:1px solid rgba(255,255,255,.45);color:#fff;border-radius:6px;padding:4px 12px;cursor:pointer}
main{max-width:1080px;margin:0 auto;padding:24px}
main h2{margin:0 0 16px;font-size:16px;font-weight:600}
#status{color:rgba(0,0,0,.55)}
#apps{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:16px}
.card{display:flex;align-items:center;gap:12px;padding:16px;background:#fff;border-radius:8px;border:1px solid #e5e7eb;color:inherit;text-decoration:none;min-height:80px}
a.card:hover,a.card:focus-visible{border-color:#1677ff;box-shadow:0 2px 8px rgba(22,119,255,.2);outline:none}
.card.disabled{opacity:.6}
.logo{flex:none;width:44px;height:44px;border-radius:8px;background:#1677ff;color:#fff;display:flex;align-items:center;justify-content:center;font-size:20px;font-weight:600;overflow:hidden}
.logo img{width:100%;height:100%;object-fit:cover}
.name{display:block;font-weight:600}
.meta{display:block;color:rgba(0,0,0,.55);font-size:12px}
`;

const script = `
(function () {
  'use strict';
  var config = ${scriptJson(config)};
  var status = document.getElementById('status');
  var list = document.getElementById('apps');
  var storedLocale = localStorage.getItem(config.localeKey);
  var locale = config.locales.indexOf(storedLocale) >= 0 ? storedLocale : config.locales[0];
  var token = localStorage.getItem(config.tokenKey);
  var apps = null;
  var state = 'loading';

  function t(key) { return config.text[locale][key]; }

  /** An http(s) address (relative to this page) as a URL; anything else (javascript:, data:…) is null. */
  function safeUrl(address) {
    var url;
    try { url = new URL(address, location.href); } catch (e) { return null; }
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  }

  function headers(extra) {
    var all = { 'accept-language': locale };
    all[config.tokenHeader] = token;
    for (var name in extra) all[name] = extra[name];
    return all;
  }

  function sessionEnded(body) {
    if (config.sessionEnded.indexOf(body.code) < 0) return false;
    localStorage.removeItem(config.tokenKey);
    toLogin();
    return true;
  }

  /** Asks the server where the card leads (with a one-time code only for a trusted address) and goes there. */
  function open(app, link) {
    fetch(config.linkUrl, { method: 'POST', headers: headers({ 'content-type': 'application/json' }), body: JSON.stringify({ appId: app.id }), cache: 'no-store' })
      .then(function (response) { return response.json(); })
      .then(function (body) {
        if (sessionEnded(body)) return;
        var url = body.code === 0 ? safeUrl(body.data.url) : null;
        if (!url) throw new Error(body.msg);
        link.href = url.href;
        location.assign(url.href);
      })
      .catch(function () {
        status.textContent = t('openFailed');
      });
  }

  function element(tag, className, textContent) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (textContent !== undefined) node.textContent = textContent;
    return node;
  }

  function card(app) {
    var address = safeUrl(app.address);
    var href = address ? address.href : null;
    var node = element(href ? 'a' : 'div', href ? 'card' : 'card disabled');
    if (href) {
      node.href = href;
      node.addEventListener('click', function (event) {
        // A new tab or window gets the plain address; this tab asks for the link.
        if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        open(app, node);
      });
    }
    node.setAttribute('data-app-id', String(app.id));
    var logo = element('span', 'logo');
    logo.setAttribute('aria-hidden', 'true');
    var logoUrl = app.logo ? safeUrl(app.logo) : null;
    if (logoUrl) {
      var image = element('img');
      image.alt = '';
      image.src = logoUrl.href;
      logo.appendChild(image);
    } else {
      logo.textContent = (app.name || app.code || '?').charAt(0);
    }
    var body = element('span');
    body.appendChild(element('span', 'name', app.name));
    var type = config.businessTypes[locale][app.businessType];
    body.appendChild(element('span', 'meta', href ? app.code + (type ? ' · ' + type : '') : t('badAddress')));
    node.appendChild(logo);
    node.appendChild(body);
    var item = element('li');
    item.appendChild(node);
    return item;
  }

  function render() {
    document.documentElement.lang = locale;
    document.title = t('title');
    document.getElementById('title').textContent = t('title');
    document.getElementById('heading').textContent = t('heading');
    document.getElementById('language').textContent = t('switchLanguage');
    list.textContent = '';
    status.textContent = '';
    if (state === 'login') {
      status.textContent = t('toLogin') + ' ';
      var link = element('a', '', t('login'));
      link.href = config.login;
      status.appendChild(link);
    } else if (state === 'ready') {
      if (apps.length === 0) status.textContent = t('empty');
      apps.forEach(function (app) { list.appendChild(card(app)); });
    } else {
      status.textContent = t(state);
    }
  }

  function toLogin() {
    state = 'login';
    render();
    location.replace(config.login);
  }

  document.getElementById('language').addEventListener('click', function () {
    locale = config.locales[(config.locales.indexOf(locale) + 1) % config.locales.length];
    localStorage.setItem(config.localeKey, locale);
    render();
  });

  if (!token) { toLogin(); return; }
  render();
  fetch(config.appsUrl, { headers: headers({}), cache: 'no-store' })
    .then(function (response) { return response.json(); })
    .then(function (body) {
      if (sessionEnded(body)) return;
      if (body.code !== 0) throw new Error(body.msg);
      apps = body.data.items;
      state = 'ready';
      render();
    })
    .catch(function () {
      state = 'failed';
      render();
    });
})();
`;

const hashOf = (source: string) => `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;

export const workbenchHtml = `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${labels.title['zh-CN']}</title>
<style>${style}</style>
</head>
<body>
<header><h1 id="title">${labels.title['zh-CN']}</h1><button id="language" type="button">${labels.switchLanguage['zh-CN']}</button></header>
<main>
<h2 id="heading">${labels.heading['zh-CN']}</h2>
<p id="status" role="status">${labels.loading['zh-CN']}</p>
<ul id="apps"></ul>
</main>
<script>${script}</script>
</body>
</html>
`;

/** Only the page's own inline script and style run; it calls only its own origin; logos may come from anywhere on http(s). */
export const workbenchCsp = [
  "default-src 'none'",
  `script-src ${hashOf(script)}`,
  `style-src ${hashOf(style)}`,
  "connect-src 'self'",
  "img-src 'self' https: http: data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
