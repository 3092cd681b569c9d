// Admiralty's page: plain DOM, no framework, no build step, nothing from a CDN.
// Every string from the user, the corpus or the server goes in with textContent, never as markup.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);

  // ---- interface language ----------------------------------------------------------
  // English or Russian, from ?lang= or else the browser's own preference list.
  const STRINGS = {
    en: {
      tagline: "Rules lookup and referee assistant for Dystopian Wars. Every answer cites its source.",
      nav_ask: "Ask", nav_rule: "Rule lookup", nav_units: "Units", nav_referee: "Referee",
      api_key: "API key", api_key_help: "Key (only if the server asks for one)",
      ask_title: "Ask the rules", question: "Question", question_placeholder: "e.g. How does ramming work?",
      all_editions: "All editions", search: "Search", searching: "Searching…",
      type_question: "Type a question first.", passages_found: ["{n} passage found.", "{n} passages found."],
      no_passage: "No passage matches that question.", answer: "Answer", other_editions: "In other editions",
      not_in_rules: "Not in the rules.", did_you_mean: "Rules with a similar name:",
      terms: "Terms", routed: "Searched only: {editions}", read_as: "Read as the rule name “{name}”.",
      rule_title: "Look up a rule", rule_name: "Rule or keyword", rule_placeholder: "e.g. Piercing, таран",
      look_up: "Look up", looking_up: "Looking up…", type_name: "Type a name first.",
      rule_found: ["{n} entry.", "{n} entries."], rule_ambiguous: "Several rules match; pick one:",
      rule_not_found: "No rule named “{term}”.", rule_candidates: "Close names:",
      unit_title: "Unit profiles", unit_name: "Unit name", unit_placeholder: "e.g. Trafalgar",
      units_unavailable: "Unit profiles are not available on this server.",
      unit_found: ["{n} unit.", "{n} units."], unit_not_found: "No unit named “{term}”.", unit_ambiguous: "Several units match; pick one:",
      stat: "Stat", battle_ready: "Battle ready", crippled: "Crippled", weapons: "Weapons", weapon: "Weapon",
      arc: "Arc", qualities: "Qualities", point_blank: "Point blank", closing: "Closing", long: "Long",
      close: "Close", standard: "Standard", extreme: "Extreme", mounts: "Mounts", band: "Band", ship: "Ship",
      dice: "Dice", expected_damage: "Expected damage", p_damage: "P(≥1 damage)", p_crippled: "P(Crippled)",
      p_destroyed: "P(destroyed)", fleet_title: "What can my fleet do to that ship?", fleet_target: "Target",
      fleet_button: "Work out", fleet_rows: "{n} rows: {fleet} vs {target}", cannot_fire: "cannot fire",
      special_rules: "Special rules",
      referee_title: "Referee", action: "Action", work_out: "Work out the odds", working: "Working out the odds…",
      more_options: "More options", referee_missing: "The referee is not available on this server.",
      describe_placeholder: "or describe it in words, e.g. 12 dice against armour 5",
      chart_caption: "Chance of at least this much damage", damage_at_least: "Damage ≥", chance: "Chance",
      understood: "Understood", ignored: "Not understood", from_profiles: "From unit profiles",
      assault_results: "Assault results", ram_outcomes: "Ram outcomes", crew_pass: "Crew Check passed: the ram hits",
      crew_fail: "Crew Check failed: a Collision instead", rammer_damage: "Damage to the rammer (at least)",
      target_damage: "Damage to the target (at least)",
      rules_used: "Rules used:", open_passage: "Open the passage", full_json: "Full result (JSON)",
      api_link: "API description (OpenAPI)", no_such_passage: "The cited passage was not found.",
      key_needed: "This server needs an API key: enter it under “API key” above.",
      field: "field", network: "Cannot reach the server.", something_wrong: "Something went wrong.",
      rate_limited: "Too many questions; wait {n} s.",
      act_attack: "Attack", act_assault: "Assault", act_ram: "Ram",
    },
    ru: {
      tagline: "Справочник правил и судья-помощник для Dystopian Wars. Каждый ответ со ссылкой на источник.",
      nav_ask: "Вопрос", nav_rule: "Правило", nav_units: "Отряды", nav_referee: "Судья",
      api_key: "Ключ API", api_key_help: "Ключ (только если сервер его требует)",
      ask_title: "Спросить правила", question: "Вопрос", question_placeholder: "например: как работает таран?",
      all_editions: "Все редакции", search: "Найти", searching: "Ищу…",
      type_question: "Сначала введите вопрос.", passages_found: ["Найден {n} фрагмент.", "Найдено {n} фрагмента.", "Найдено {n} фрагментов."],
      no_passage: "Ни один фрагмент не подходит к вопросу.", answer: "Ответ", other_editions: "В других редакциях",
      not_in_rules: "В правилах этого нет.", did_you_mean: "Правила с похожим названием:",
      terms: "Термины", routed: "Поиск только в: {editions}", read_as: "Прочитано как название правила «{name}».",
      rule_title: "Найти правило", rule_name: "Правило или ключевое слово", rule_placeholder: "например: таран, Piercing",
      look_up: "Найти", looking_up: "Ищу…", type_name: "Сначала введите название.",
      rule_found: ["{n} статья.", "{n} статьи.", "{n} статей."], rule_ambiguous: "Подходит несколько правил; выберите:",
      rule_not_found: "Правила «{term}» нет.", rule_candidates: "Похожие названия:",
      unit_title: "Профили отрядов", unit_name: "Название отряда", unit_placeholder: "например: Trafalgar",
      units_unavailable: "Профили отрядов на этом сервере недоступны.",
      unit_found: ["{n} отряд.", "{n} отряда.", "{n} отрядов."], unit_not_found: "Отряда «{term}» нет.", unit_ambiguous: "Подходит несколько отрядов; выберите:",
      stat: "Параметр", battle_ready: "Боеготов", crippled: "Повреждён", weapons: "Оружие", weapon: "Оружие",
      arc: "Сектор", qualities: "Свойства", point_blank: "В упор", closing: "Ближняя", long: "Дальняя",
      close: "Ближняя", standard: "Средняя", extreme: "Предельная", mounts: "Установок", band: "Зона", ship: "Корабль",
      dice: "Кубы", expected_damage: "Ожидаемый урон", p_damage: "P(≥1 урона)", p_crippled: "P(повреждён)",
      p_destroyed: "P(уничтожен)", fleet_title: "Что мой флот может сделать с этим кораблём?", fleet_target: "Цель",
      fleet_button: "Рассчитать", fleet_rows: "Строк: {n}: {fleet} против {target}", cannot_fire: "не может стрелять",
      special_rules: "Особые правила",
      referee_title: "Судья", action: "Действие", work_out: "Рассчитать шансы", working: "Считаю шансы…",
      more_options: "Другие параметры", referee_missing: "Судья на этом сервере недоступен.",
      describe_placeholder: "или опишите словами, например: 12 кубов против брони 5",
      chart_caption: "Шанс нанести не меньше стольких повреждений", damage_at_least: "Повреждений ≥", chance: "Шанс",
      understood: "Понято", ignored: "Не понято", from_profiles: "Из профилей отрядов",
      assault_results: "Итоги абордажа", ram_outcomes: "Исходы тарана", crew_pass: "Проверка экипажа пройдена: таран",
      crew_fail: "Проверка экипажа провалена: столкновение", rammer_damage: "Повреждения таранящего (не меньше)",
      target_damage: "Повреждения цели (не меньше)",
      rules_used: "Использованные правила:", open_passage: "Открыть фрагмент", full_json: "Полный результат (JSON)",
      api_link: "Описание API (OpenAPI)", no_such_passage: "Процитированный фрагмент не найден.",
      key_needed: "Этому серверу нужен ключ API: введите его выше, в поле «Ключ API».",
      field: "поле", network: "Сервер недоступен.", something_wrong: "Что-то пошло не так.",
      rate_limited: "Слишком много вопросов; подождите {n} с.",
      act_attack: "Атака", act_assault: "Абордаж", act_ram: "Таран",
    },
  };

  function pickLanguage() {
    const asked = new URLSearchParams(window.location.search).get("lang");
    const wanted = asked ? [asked] : (navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || "en"]);
    for (const tag of wanted) {
      const base = String(tag || "").toLowerCase().split("-")[0];
      if (STRINGS[base]) return base;
    }
    return "en";
  }

  const LANG = pickLanguage();

  // A string with a count is a list of plural forms: English [one, other], Russian [one, few, many].
  const PLURAL_FORM = { en: { one: 0, other: 1 }, ru: { one: 0, few: 1, many: 2, other: 2 } };

  function t(key, vars) {
    let text = (STRINGS[LANG] && STRINGS[LANG][key]) || STRINGS.en[key] || key;
    if (Array.isArray(text)) {
      const lang = STRINGS[LANG] && STRINGS[LANG][key] ? LANG : "en";
      const category = new Intl.PluralRules(lang).select(Number((vars || {}).n) || 0);
      text = text[PLURAL_FORM[lang][category] ?? text.length - 1];
    }
    for (const [name, value] of Object.entries(vars || {})) text = text.split("{" + name + "}").join(String(value));
    return text;
  }

  function applyStaticStrings() {
    document.documentElement.lang = LANG;
    for (const element of document.querySelectorAll("[data-i18n]")) element.textContent = t(element.dataset.i18n);
    for (const element of document.querySelectorAll("[data-i18n-placeholder]")) {
      element.placeholder = t(element.dataset.i18nPlaceholder);
    }
  }

  // ---- small helpers -----------------------------------------------------------------

  // Markdown is for Discord; the page shows the words (as text, never HTML).
  function plainText(text) {
    return String(text === undefined || text === null ? "" : text)
      .replace(/^[ \t]*#{1,6}[ \t]+/gm, "")
      .replace(/^([ \t]*)[*+-][ \t]+/gm, "$1• ")
      .replace(/\*\*+|__+/g, "")
      .replace(/(^|[\s(«"'[/])\*(?=[^\s*])/gm, "$1")
      .replace(/([^\s*])\*(?=$|[\s.,:;!?)»"'\]/])/gm, "$1")
      .replace(/`/g, "");
  }

  function node(tag, className, text) {
    const element = document.createElement(tag);
    if (className) element.className = className;
    if (text !== undefined && text !== null) element.textContent = String(text);
    return element;
  }

  function setStatus(element, text, isError) {
    element.textContent = text || "";
    element.classList.toggle("error", Boolean(isError));
  }

  function requestHeaders(withBody) {
    // The page's language is the player's: results, notes and errors come back in it.
    const headers = { Accept: "application/json", "Accept-Language": LANG };
    if (withBody) headers["Content-Type"] = "application/json";
    const key = $("api-key").value.trim();
    if (key) headers.Authorization = "Bearer " + key;
    return headers;
  }

  // Calls the API; throws the server's {code, message, field} on any error.
  async function callApi(method, url, body) {
    let response;
    try {
      response = await fetch(url, {
        method: method,
        headers: requestHeaders(body !== undefined),
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (networkError) {
      throw { code: "network", message: t("network"), field: null, status: 0 };
    }
    let data = null;
    try {
      data = await response.json();
    } catch (notJson) {
      data = null;
    }
    if (!response.ok) {
      if (response.status === 401) {
        $("key-box").open = true;
        if (data && data.error) data.error.message = t("key_needed");  // the page's words, not the API's header advice
      }
      const error = (data && data.error) || { code: "http", message: "HTTP " + response.status, field: null };
      error.status = response.status;
      if (response.status === 429) error.message = t("rate_limited", { n: response.headers.get("Retry-After") || "?" });
      throw error;
    }
    return data;
  }

  // The field is named once: only when the message does not name it already.
  function errorText(error) {
    const message = (error && error.message) || t("something_wrong");
    const named = error && error.field && message.includes(error.field);
    return error && error.field && !named ? message + " (" + t("field") + ": " + error.field + ")" : message;
  }

  function query(params) {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(params)) {
      if (value !== undefined && value !== null) search.append(name, value);
    }
    return search.toString();
  }

  // The address bar always holds a link that reproduces what is on screen.
  function setAddress(params, replace) {
    const search = query(params);
    const keep = new URLSearchParams(window.location.search).get("lang");
    const full = search + (keep ? (search ? "&" : "") + "lang=" + encodeURIComponent(keep) : "");
    const url = window.location.pathname + (full ? "?" + full : "") + window.location.hash;
    if (url === window.location.pathname + window.location.search + window.location.hash) return;
    if (replace) window.history.replaceState(null, "", url);
    else window.history.pushState(null, "", url);
  }

  function percent(p) {
    const value = p * 100;
    if (value > 0 && value < 0.1) return "<0.1%";
    if (value < 100 && value > 99.9) return ">99.9%";
    return (Math.round(value * 10) / 10).toFixed(1) + "%";
  }

  // ---- documents: titles and edition labels, never file names --------------------------

  const editionLabels = new Map();
  const documentTitles = new Map();

  async function loadSources() {
    try {
      const data = await callApi("GET", "/v1/sources");
      for (const doc of data.documents || []) {
        if (doc.edition && !editionLabels.has(String(doc.edition))) {
          editionLabels.set(String(doc.edition), String(doc.edition_label || doc.edition));
        }
        for (const key of [doc.id, doc.file]) if (key && doc.title) documentTitles.set(String(key), String(doc.title));
      }
      const select = $("edition");
      for (const [edition, label] of editionLabels) {
        const option = node("option", null, label);
        option.value = edition;
        select.appendChild(option);
      }
    } catch (ignored) {
      // The filter is optional: without sources the page still searches everything.
    }
  }

  function titleOf(item) {
    return plainText(item.document_title || documentTitles.get(String(item.document)) || item.document || "");
  }

  function editionOf(item) {
    if (item.edition === undefined || item.edition === null) return "";
    return item.edition_label || editionLabels.get(String(item.edition)) || String(item.edition);
  }

  function citationOf(item) {
    const citation = node("p", "citation");
    const parts = [];
    const edition = editionOf(item);
    if (edition) parts.push(node("span", "edition", edition));
    const title = titleOf(item);
    if (title) parts.push(node("cite", "document", title));
    if (item.section) parts.push(node("span", "section", plainText(item.section)));
    parts.forEach((part, index) => {
      if (index) citation.appendChild(document.createTextNode(" · "));
      citation.appendChild(part);
    });
    return citation;
  }

  // ---- ask ---------------------------------------------------------------------------------

  // A passage with its matched span in <mark>; each piece is cleaned and set as text.
  function passageOf(text, highlight) {
    const passage = node("p", "passage");
    const raw = String(text || "");
    const start = highlight && Number.isInteger(highlight.start) ? highlight.start : -1;
    const end = highlight && Number.isInteger(highlight.end) ? highlight.end : -1;
    if (start >= 0 && end > start && end <= raw.length) {
      passage.appendChild(document.createTextNode(plainText(raw.slice(0, start))));
      passage.appendChild(node("mark", null, plainText(raw.slice(start, end))));
      passage.appendChild(document.createTextNode(plainText(raw.slice(end))));
    } else {
      passage.textContent = plainText(raw);
    }
    return passage;
  }

  function answerBlock(answer) {
    const block = node("div", "answer-item");
    block.appendChild(node("blockquote", "quote", plainText(answer.quote)));
    block.appendChild(citationOf(answer));
    return block;
  }

  function ruleLink(name) {
    const link = node("a", "rule-link", plainText(name));
    link.href = "/?" + query({ rule: name });
    link.addEventListener("click", (event) => {
      event.preventDefault();
      $("term").value = name;
      lookupRule(name, null, false);
      $("lookup").scrollIntoView();
    });
    return link;
  }

  function renderAsk(data) {
    const answerBox = $("ask-answer");
    answerBox.replaceChildren();
    const answers = Array.isArray(data.answers) ? data.answers : [];
    const answered = data.answer && (data.status === undefined || data.status === "answered");
    answerBox.hidden = !answered;
    if (answered) {
      answerBox.appendChild(node("p", "answer-label", t("answer")));
      answerBox.appendChild(answerBlock(data.answer));
      const others = answers.filter((item) => item && item.chunk_id !== data.answer.chunk_id);
      if (others.length) {
        answerBox.appendChild(node("p", "answer-label other", t("other_editions")));
        for (const other of others) answerBox.appendChild(answerBlock(other));
      }
    }
    const notFound = data.status === "not_found";
    $("ask-not-found").hidden = !notFound;
    const suggestions = $("ask-suggestions");
    suggestions.replaceChildren();
    for (const name of notFound ? data.suggestions || [] : []) {
      const item = node("li");
      item.appendChild(ruleLink(name));
      suggestions.appendChild(item);
    }
    $("ask-suggestions-title").hidden = !suggestions.childElementCount;

    const disagree = $("ask-disagree");
    disagree.hidden = !data.editions_disagree;
    disagree.textContent = plainText(data.editions_disagree || "");

    const list = $("ask-results");
    list.replaceChildren();
    const results = data.results || [];
    for (const result of results) {
      const item = node("li", "result");
      item.dataset.chunkId = String(result.chunk_id || "");
      item.appendChild(citationOf(result));
      item.appendChild(passageOf(result.text, result.highlight));
      const terms = (result.terms_en || []).filter((pair) => pair && pair.term && pair.en);
      if (terms.length) {
        item.appendChild(node("p", "terms", t("terms") + ": " + terms.map((pair) => pair.term + " = " + pair.en).join("; ")));
      }
      list.appendChild(item);
    }
    return results.length;
  }

  async function runAsk(question, edition, replaceUrl) {
    const status = $("ask-status");
    setAddress({ q: question, edition: edition || undefined }, replaceUrl);
    const body = { question: question, k: 5 };
    if (edition) body.edition = edition;
    $("ask-button").disabled = true;
    setStatus(status, t("searching"));
    try {
      const data = await callApi("POST", "/v1/ask", body);
      const count = renderAsk(data);
      let text = count ? t("passages_found", { n: count }) : t("no_passage");
      if (data.read_as) text += " " + t("read_as", { name: data.read_as });
      if (data.routed_editions && data.routed_editions.length) {
        text += " " + t("routed", { editions: data.routed_editions.map((e) => editionLabels.get(String(e)) || e).join(", ") });
      }
      setStatus(status, text);
    } catch (error) {
      renderAsk({ results: [] });
      setStatus(status, errorText(error), true);
    } finally {
      $("ask-button").disabled = false;
    }
  }

  function onAsk(event) {
    event.preventDefault();
    const question = $("question").value.trim();
    if (!question) {
      setStatus($("ask-status"), t("type_question"), true);
      return;
    }
    runAsk(question, $("edition").value, false);
  }

  // ---- rule lookup with autocomplete ------------------------------------------------------

  // Fills a <datalist> from an endpoint as the user types; stale answers are dropped.
  function autocomplete(input, datalist, fetchNames) {
    let timer = null;
    let sequence = 0;
    input.addEventListener("input", () => {
      clearTimeout(timer);
      const prefix = input.value.trim();
      if (!prefix) return;
      timer = setTimeout(async () => {
        const mine = ++sequence;
        try {
          const names = await fetchNames(prefix);
          if (mine !== sequence) return;
          datalist.replaceChildren();
          for (const name of names.slice(0, 25)) datalist.appendChild(node("option")).value = String(name);
        } catch (ignored) {
          // Suggestions are a convenience: a failure leaves the field as it is.
        }
      }, 150);
    });
  }

  async function completeTerms(prefix) {
    const data = await callApi("GET", "/v1/complete?" + query({ prefix: prefix, limit: 10 }));
    return data.terms || [];
  }

  function candidateButtons(list, names, onPick) {
    list.replaceChildren();
    for (const name of names || []) {
      const item = node("li");
      const button = node("button", "link-button", plainText(name));
      button.type = "button";
      button.addEventListener("click", () => onPick(name));
      item.appendChild(button);
      list.appendChild(item);
    }
  }

  function renderEntries(entries) {
    const box = $("rule-entries");
    box.replaceChildren();
    for (const entry of entries) {
      const article = node("article", "entry");
      article.appendChild(node("h3", null, plainText(entry.term || entry.section || "")));
      article.appendChild(citationOf(entry));
      article.appendChild(passageOf(entry.text, entry.highlight));
      box.appendChild(article);
    }
  }

  async function lookupRule(term, edition, replaceUrl) {
    const status = $("rule-status");
    setAddress({ rule: term, edition: edition || undefined }, replaceUrl);
    $("rule-button").disabled = true;
    setStatus(status, t("looking_up"));
    $("rule-candidates").replaceChildren();
    try {
      const data = await callApi("GET", "/v1/rule?" + query({ term: term, edition: edition || undefined }));
      const entries = data.entries || [];
      renderEntries(entries);
      const pick = (name) => {
        $("term").value = name;
        lookupRule(name, edition, false);
      };
      if (data.status === "ambiguous") {
        setStatus(status, t("rule_ambiguous"));
        candidateButtons($("rule-candidates"), data.candidates, pick);
      } else if (!entries.length) {
        setStatus(status, t("rule_not_found", { term: term }) + ((data.candidates || []).length ? " " + t("rule_candidates") : ""), true);
        candidateButtons($("rule-candidates"), data.candidates, pick);
      } else {
        setStatus(status, t("rule_found", { n: entries.length }));
      }
      return entries.length;
    } catch (error) {
      renderEntries([]);
      setStatus(status, errorText(error), true);
      return 0;
    } finally {
      $("rule-button").disabled = false;
    }
  }

  function onRule(event) {
    event.preventDefault();
    const term = $("term").value.trim();
    if (!term) {
      setStatus($("rule-status"), t("type_name"), true);
      return;
    }
    lookupRule(term, null, false);
  }

  // A referee citation names a document, an edition and a section: show that passage.
  // "Ram (part 2/3)" is the Ram section too.
  function sectionKey(section) {
    return plainText(section || "").replace(/\s*\(part \d+\/\d+\)\s*$/i, "").trim().toLowerCase();
  }

  async function openCitation(citation) {
    const section = plainText(citation.term || citation.heading || citation.section || "").trim();
    if (!section) return;
    $("term").value = section;
    $("lookup").scrollIntoView();
    const found = await lookupRule(section.slice(0, 100), citation.edition || null, false);
    if (found) return;
    try {
      const data = await callApi("POST", "/v1/ask", { question: section.slice(0, 500), k: 20, edition: citation.edition || undefined });
      const wanted = sectionKey(citation.section);
      // The referee cites a step by its own heading ("1. DETERMINE ACTION DICE"); search gives its whole
      // path ("ACTIVATION PHASE › 1. DETERMINE ACTION DICE"): the path's last headings are the citation.
      const hits = (data.results || []).filter((result) => {
        const key = sectionKey(result.section);
        return key === wanted || key.endsWith(" › " + wanted);
      });
      renderEntries(hits.length ? hits.slice(0, 1) : []);
      if (hits.length) {
        setStatus($("rule-status"), t("rule_found", { n: 1 }));
        $("rule-candidates").replaceChildren();
      } else {
        setStatus($("rule-status"), t("no_such_passage"), true);
      }
    } catch (error) {
      setStatus($("rule-status"), errorText(error), true);
    }
  }

  // ---- unit profiles ---------------------------------------------------------------------------

  async function completeUnits(prefix) {
    const data = await callApi("GET", "/v1/units?" + query({ prefix: prefix }));
    if (Array.isArray(data)) return data;
    return data.names || data.units || data.terms || [];
  }

  function statsTable(stats) {
    const sides = ["battle_ready", "crippled"].filter((side) => stats && stats[side]);
    const names = [];
    for (const side of sides) for (const name of Object.keys(stats[side])) if (!names.includes(name)) names.push(name);
    const table = node("table", "stats");
    const head = node("tr");
    head.appendChild(node("th", null, t("stat")));
    for (const side of sides) head.appendChild(node("th", null, t(side)));
    table.appendChild(head);
    for (const name of names) {
      const row = node("tr");
      row.appendChild(node("th", null, plainText(name).replace(/_/g, " ")));
      for (const side of sides) {
        const value = stats[side][name];
        row.appendChild(node("td", null, value === undefined || value === null ? "—" : value));
      }
      table.appendChild(row);
    }
    return table;
  }

  // One weapon notation in every front end (the CLI's and Discord's): lead(support), then
  // " / " and the Crippled values: "8(4) / 5(2)".
  function bandText(band) {
    if (!band) return "—";
    const side = (value) => {
      if (!value) return "—";
      const lead = value.lead === undefined || value.lead === null ? "?" : value.lead;
      if (lead === 0 && !value.support) return "-";
      return value.support === undefined || value.support === null ? String(lead) : lead + "(" + value.support + ")";
    };
    const ready = side(band.battle_ready);
    return band.crippled ? ready + " / " + side(band.crippled) : ready;
  }

  function weaponsTable(weapons) {
    const table = node("table", "weapons");
    const head = node("tr");
    const bandKeys = Object.keys((weapons[0] && weapons[0].bands) || {}).length
      ? Object.keys(weapons[0].bands) : ["point_blank", "closing", "long"];  // 4th edition: close, standard, extreme
    for (const key of ["weapon", "arc", ...bandKeys, "qualities"]) head.appendChild(node("th", null, t(key)));
    table.appendChild(head);
    // Each cell carries its column's name: on a phone the rows stack as cards (style.css), no sideways scroll.
    const cell = (key, text) => {
      const td = node("td", null, text);
      td.dataset.label = t(key);
      return td;
    };
    for (const weapon of weapons) {
      const row = node("tr");
      row.appendChild(cell("weapon", plainText(weapon.name)));
      row.appendChild(cell("arc", plainText(weapon.arc || "")));
      const bands = weapon.bands || {};
      for (const band of bandKeys) row.appendChild(cell(band, bandText(bands[band])));
      const qualities = Array.isArray(weapon.qualities) ? weapon.qualities.join(", ") : weapon.qualities || "";
      row.appendChild(cell("qualities", plainText(qualities)));
      table.appendChild(row);
    }
    return table;
  }

  function renderUnits(units) {
    const box = $("unit-results");
    box.replaceChildren();
    for (const unit of units) {
      const article = node("article", "unit");
      article.appendChild(node("h3", null, plainText(unit.name)));
      article.appendChild(node("p", "citation", [unit.faction, unit.source, unit.version].filter(Boolean).map(plainText).join(" · ")));
      if (unit.stats) article.appendChild(wrapScroll(statsTable(unit.stats)));
      if (unit.weapons && unit.weapons.length) {
        article.appendChild(node("h4", null, t("weapons")));
        article.appendChild(wrapScroll(weaponsTable(unit.weapons)));
      }
      if (unit.rules && unit.rules.length) {
        article.appendChild(node("h4", null, t("special_rules")));
        const list = node("dl", "unit-rules");
        for (const rule of unit.rules) {
          list.appendChild(node("dt", null, plainText(rule.name)));
          const text = node("dd", null, plainText(rule.text || ""));
          if (rule.citation) text.appendChild(citationOf(typeof rule.citation === "string" ? { section: rule.citation } : rule.citation));
          list.appendChild(text);
        }
        article.appendChild(list);
      }
      box.appendChild(article);
    }
  }

  // Wide tables scroll inside their own box, so the page never scrolls sideways.
  function wrapScroll(table) {
    const wrapper = node("div", "table-scroll");
    wrapper.appendChild(table);
    return wrapper;
  }

  async function lookupUnit(name, replaceUrl) {
    const status = $("unit-status");
    setAddress({ unit: name }, replaceUrl);
    $("unit-button").disabled = true;
    setStatus(status, t("looking_up"));
    $("unit-candidates").replaceChildren();
    try {
      const data = await callApi("GET", "/v1/unit?" + query({ name: name }));
      const units = data.units || [];
      renderUnits(units);
      const pick = (picked) => {
        $("unit-name").value = picked;
        lookupUnit(picked, false);
      };
      if (!units.length && (data.candidates || []).length) {
        setStatus(status, t("unit_ambiguous"));
        candidateButtons($("unit-candidates"), data.candidates, pick);
      } else if (!units.length) {
        setStatus(status, t("unit_not_found", { term: name }), true);
      } else {
        setStatus(status, t("unit_found", { n: units.length }));
      }
    } catch (error) {
      renderUnits([]);
      setStatus(status, errorText(error), true);
    } finally {
      $("unit-button").disabled = false;
    }
  }

  function onUnit(event) {
    event.preventDefault();
    const name = $("unit-name").value.trim();
    if (!name) {
      setStatus($("unit-status"), t("type_name"), true);
      return;
    }
    lookupUnit(name, false);
  }

  // ---- fleets: every ship × weapon × band of the imported roster against one target ------------

  function fleetTable(rows) {
    const table = node("table", "fleet");
    const head = node("tr");
    const keys = ["ship", "weapon", "mounts", "band", "dice", "expected_damage", "p_damage", "p_crippled", "p_destroyed"];
    for (const key of keys) head.appendChild(node("th", null, t(key)));
    table.appendChild(head);
    const pct = (value) => (value === undefined || value === null ? "—" : (100 * value).toFixed(1) + "%");
    for (const r of rows) {
      const row = node("tr");
      for (const key of ["ship", "weapon", "mounts", "band"]) row.appendChild(node("td", null, plainText(String(r[key]))));
      if (r.cannot) {
        const cell = node("td", null, t("cannot_fire") + ": " + plainText(r.cannot));
        cell.colSpan = 5;
        row.appendChild(cell);
      } else {
        row.appendChild(node("td", null, String(r.dice)));
        row.appendChild(node("td", null, Number(r.expected_damage).toFixed(2)));
        for (const key of ["p_damage", "p_crippled", "p_destroyed"]) row.appendChild(node("td", null, pct(r[key])));
      }
      table.appendChild(row);
    }
    return table;
  }

  async function onFleet(event) {
    event.preventDefault();
    const status = $("fleet-status");
    const target = $("fleet-target").value.trim();
    if (!target) {
      setStatus(status, t("type_name"), true);
      return;
    }
    $("fleet-button").disabled = true;
    setStatus(status, t("looking_up"));
    const box = $("fleet-results");
    box.replaceChildren();
    try {
      const data = await callApi("POST", "/v1/fleet/vs", { target: target });
      box.appendChild(wrapScroll(fleetTable(data.rows || [])));
      for (const citation of data.citations || []) box.appendChild(citationOf(citation));
      setStatus(status, t("fleet_rows", { n: (data.rows || []).length, fleet: data.fleet, target: data.target }));
    } catch (error) {
      setStatus(status, errorText(error), true);
    } finally {
      $("fleet-button").disabled = false;
    }
  }

  // ---- referee: the form follows the API's own schema ------------------------------------------

  let openapi = { paths: {} };

  // Actions are the POST operations the OpenAPI tags "referee" (attack, assault, ram and any added later).
  function refereeActions() {
    const actions = [];
    for (const [path, operations] of Object.entries(openapi.paths || {})) {
      const post = operations && operations.post;
      if (path.startsWith("/v1/") && post && (post.tags || []).includes("referee")) actions.push(path.slice(4));
    }
    if (!actions.length) {
      for (const action of ["attack", "assault", "ram"]) if (openapi.paths && openapi.paths["/v1/" + action]) actions.push(action);
    }
    return actions;
  }

  function actionLabel(action) {
    const key = "act_" + action;
    const label = t(key);
    return label === key ? action.charAt(0).toUpperCase() + action.slice(1).replace(/_/g, " ") : label;
  }

  function buildActionChoice() {
    const fieldset = $("action-choice");
    for (const label of fieldset.querySelectorAll("label")) label.remove();
    refereeActions().forEach((action, index) => {
      const label = node("label");
      const radio = node("input");
      radio.type = "radio";
      radio.name = "action";
      radio.value = action;
      radio.checked = index === 0;
      radio.addEventListener("change", buildRefereeFields);
      label.append(radio, document.createTextNode(" " + actionLabel(action)));
      fieldset.appendChild(label);
    });
  }

  function currentAction() {
    const checked = document.querySelector('input[name="action"]:checked');
    return checked ? checked.value : "attack";
  }

  function selectAction(action) {
    const radio = document.querySelector('input[name="action"][value="' + CSS.escape(action) + '"]');
    if (radio && !radio.checked) {
      radio.checked = true;
      buildRefereeFields();
    }
  }

  function bodySchema(action) {
    try {
      return openapi.paths["/v1/" + action].post.requestBody.content["application/json"].schema;
    } catch (missing) {
      return null;
    }
  }

  // A property's usable shape: null (meaning "not given") and "one value or a list" alternatives folded.
  function shapeOf(property) {
    let schema = property || {};
    let isArray = false;
    if (schema.anyOf) {
      const list = schema.anyOf.find((option) => option.type === "array");
      if (list) {
        isArray = true;
        schema = list.items || {};
      } else {
        schema = schema.anyOf.find((option) => option.type !== "null") || {};
      }
    } else if (schema.type === "array") {
      isArray = true;
      schema = schema.items || {};
    }
    if (schema.anyOf) schema = schema.anyOf.find((option) => option.type !== "null") || {};
    const type = Array.isArray(schema.type) ? schema.type.find((kind) => kind !== "null") : schema.type;
    const choices = Array.isArray(schema.enum) ? schema.enum.filter((value) => value !== null) : null;
    return { isArray: isArray, item: Object.assign({}, schema, { type: type || "string", enum: choices && choices.length ? choices : undefined }) };
  }

  function fieldFor(name, property) {
    const label = node("label");
    label.dataset.field = name;
    const title = name.replace(/_/g, " ");
    const shape = shapeOf(property);
    const isArray = shape.isArray;
    const item = shape.item;
    let input;
    if (item.type === "boolean") {
      label.className = "check";
      input = node("input");
      input.type = "checkbox";
      label.appendChild(input);
      label.appendChild(node("span", "name", title));
    } else {
      label.appendChild(node("span", "name", title));
      if (item.enum) {
        input = node("select");
        input.multiple = isArray;
        if (!isArray) input.appendChild(node("option", null, "—")).value = "";
        for (const choice of item.enum) input.appendChild(node("option", null, choice)).value = choice;
      } else if (name === "description") {
        label.className = "wide";
        input = node("textarea");
        input.rows = 2;
        if (item.maxLength) input.maxLength = item.maxLength;
        input.placeholder = t("describe_placeholder");
      } else {
        input = node("input");
        if (item.type === "integer" || item.type === "number") {
          input.type = "number";
          if (item.minimum !== undefined) input.min = item.minimum;
          if (item.maximum !== undefined) input.max = item.maximum;
          input.step = item.type === "integer" ? "1" : "any";
        } else {
          input.type = "text";
          if (item.maxLength && !isArray) input.maxLength = item.maxLength;
        }
      }
      label.appendChild(input);
    }
    input.name = name;
    input.id = "field-" + name;
    input.dataset.kind = isArray ? "array:" + item.type : item.type;
    if (property.description) label.appendChild(node("span", "help", plainText(property.description)));
    return label;
  }

  // The fields most games need; every other field of the ruleset goes under "More options".
  const PRIMARY = {
    attack: ["description", "ruleset", "dice", "armour", "citadel", "defence", "quality", "range"],
    assault: ["description", "ruleset", "fray", "support", "target_citadel", "target_adv", "boarding", "target_defences", "target_crew"],
    ram: ["description", "ruleset", "hull", "inches", "ramming", "target_armour", "target_citadel", "target_mass", "crew"],
  };

  function currentRuleset(schema) {
    const select = $("field-ruleset");
    if (select && select.value) return select.value;
    // "—" sends nothing (the description or the server's default decides); show the default's fields.
    const property = (schema.properties || {}).ruleset;
    if (!property) return "";
    const shape = shapeOf(property);
    return property.default || (shape.item.enum ? shape.item.enum[0] : "");
  }

  // Shows the fields the chosen ruleset uses (x-rulesets in the schema), required ones first.
  function applyRuleset() {
    const action = currentAction();
    const schema = bodySchema(action);
    if (!schema) return;
    const ruleset = currentRuleset(schema);
    const primary = PRIMARY[action] || [];
    const main = $("referee-fields");
    const more = main.querySelector("details.more .fields");
    for (const [name, property] of Object.entries(schema.properties || {})) {
      const label = main.querySelector('label[data-field="' + CSS.escape(name) + '"]');
      if (!label) continue;
      const rulesets = property["x-rulesets"];
      const used = !ruleset || !Array.isArray(rulesets) || rulesets.includes(ruleset);
      const required = (schema.required || []).includes(name);
      label.hidden = !used;
      label.classList.toggle("required", Boolean(required && used));
      const specific = Array.isArray(rulesets) && ruleset && rulesets.includes(ruleset) && rulesets.length === 1;
      const target = primary.includes(name) || required || specific ? main : more;
      if (label.parentElement !== target) {
        if (target === main) main.insertBefore(label, main.querySelector("details.more"));
        else target.appendChild(label);
      }
    }
    const moreBox = main.querySelector("details.more");
    if (moreBox) moreBox.hidden = !Array.from(more.children).some((label) => !label.hidden);
  }

  function buildRefereeFields() {
    const container = $("referee-fields");
    container.replaceChildren();
    const action = currentAction();
    const schema = bodySchema(action);
    if (!schema) {
      setStatus($("referee-status"), t("referee_missing"), true);
      $("referee-button").disabled = true;
      return;
    }
    $("referee-button").disabled = false;
    setStatus($("referee-status"), "");
    const more = node("details", "more");
    more.appendChild(node("summary", null, t("more_options")));
    more.appendChild(node("div", "fields"));
    const primary = PRIMARY[action] || [];
    for (const [name, property] of Object.entries(schema.properties || {})) {
      if (name === "lang") continue;  // the page's own language, sent with every request
      const label = fieldFor(name, property);
      (primary.includes(name) ? container : more.querySelector(".fields")).appendChild(label);
    }
    container.appendChild(more);
    const ruleset = $("field-ruleset");
    if (ruleset) ruleset.addEventListener("change", applyRuleset);
    applyRuleset();
  }

  function valueOf(input) {
    const kind = input.dataset.kind;
    if (input.type === "checkbox") return input.checked ? true : undefined;
    if (input.multiple) {
      const picked = Array.from(input.selectedOptions).map((option) => option.value);
      return picked.length ? picked : undefined;
    }
    const text = input.value.trim();
    if (text === "") return undefined;
    if (kind === "integer" || kind === "number") return Number(text);
    if (kind.startsWith("array:")) {
      const parts = text.split(",").map((part) => part.trim()).filter(Boolean);
      if (kind === "array:integer" || kind === "array:number") {
        return parts.map((part) => (/^[+-]?\d+(\.\d+)?$/.test(part) ? Number(part) : part));
      }
      return parts;
    }
    return text;
  }

  function setInputValue(input, text) {
    if (input.type === "checkbox") input.checked = /^(1|true|yes|on)$/i.test(text);
    else if (input.multiple) {
      const wanted = text.split(",").map((part) => part.trim());
      for (const option of input.options) option.selected = wanted.includes(option.value);
    } else input.value = text;
  }

  function visibleInputs() {
    return Array.from($("referee-fields").querySelectorAll("input[name], select[name], textarea[name]"))
      .filter((input) => !input.closest("label").hidden);
  }

  // P(at least k) from P(exactly k), for results that only give the distribution.
  function atLeast(distribution) {
    if (!distribution || typeof distribution !== "object") return null;
    const entries = Object.entries(distribution).map(([k, p]) => [Number(k), Number(p)]).filter(([k, p]) => Number.isFinite(k) && Number.isFinite(p));
    if (!entries.length) return null;
    const result = {};
    const max = Math.max(...entries.map(([k]) => k));
    for (let k = 1; k <= max; k++) result[k] = entries.filter(([d]) => d >= k).reduce((sum, [, p]) => sum + p, 0);
    return result;
  }

  function oddsRows(odds) {
    let rows = Array.isArray(odds)
      ? odds.map((p, damage) => [damage, Number(p)])
      : Object.entries(odds || {}).map(([damage, p]) => [Number(damage), Number(p)]);
    rows = rows.filter(([damage, p]) => damage >= 1 && Number.isFinite(p)).sort((a, b) => a[0] - b[0]);
    while (rows.length > 1 && rows[rows.length - 1][1] < 0.0005) rows.pop();
    return rows.slice(0, 40);
  }

  // Horizontal bars in HTML (not a scaled SVG), so labels keep their size on a phone.
  function barChart(rows, className) {
    const chart = node("div", "bars" + (className ? " " + className : ""));
    chart.setAttribute("role", "list");
    for (const row of rows) {
      const line = node("div", "bar-row");
      line.setAttribute("role", "listitem");
      const p = Math.max(0, Math.min(1, Number(row.p)));
      line.dataset.p = String(row.p);
      if (row.key !== undefined) line.dataset.key = String(row.key);
      const label = node("span", "bar-label", row.label);
      if (row.title) label.title = row.title;
      const track = node("span", "bar-track");
      const bar = node("span", "bar");
      bar.style.width = (p * 100).toFixed(2) + "%";
      track.appendChild(bar);
      line.append(label, track, node("span", "bar-value", percent(p)));
      chart.appendChild(line);
    }
    return chart;
  }

  function drawOdds(odds) {
    const rows = oddsRows(odds || []);
    const chart = $("odds-chart");
    const table = $("odds-table");
    chart.replaceChildren();
    table.replaceChildren();
    $("odds-figure").hidden = !rows.length;
    if (!rows.length) return;
    chart.appendChild(barChart(rows.map(([damage, p]) => ({ key: damage, label: "≥ " + damage, p: p }))));
    const head = node("tr");
    head.append(node("th", null, t("damage_at_least")), node("th", null, t("chance")));
    table.appendChild(head);
    for (const [damage, p] of rows) {
      const row = node("tr");
      row.append(node("td", null, damage), node("td", null, percent(p)));
      table.appendChild(row);
    }
  }

  function shownValue(value) {
    if (Array.isArray(value)) return value.join(", ");
    if (value && typeof value === "object") return Object.entries(value).map(([k, v]) => k + " " + shownValue(v)).join(", ");
    if (value === true) return "✓";
    return String(value);
  }

  function renderInputs(data) {
    const box = $("referee-inputs");
    box.replaceChildren();
    // The server names each input and says its value in the answer's language (`understood`).
    const rows = Array.isArray(data.understood) ? data.understood : [];
    if (rows.length) {
      box.appendChild(node("p", "inputs-title", t("understood")));
      const list = node("dl", "understood");
      for (const row of rows) {
        const pair = node("div", "pair");
        pair.append(node("dt", null, String(row.label)), node("dd", null, String(row.value)));
        list.appendChild(pair);
      }
      box.appendChild(list);
    }
    const profiles = data.inputs_from_profiles;
    if (profiles && (Array.isArray(profiles) ? profiles.length : Object.keys(profiles).length)) {
      box.appendChild(node("p", "from-profiles", t("from_profiles") + ": " + shownValue(profiles)));
    }
    const ignored = Array.isArray(data.ignored) ? data.ignored : [];
    if (ignored.length) box.appendChild(node("p", "ignored", t("ignored") + ": " + ignored.join(", ")));
    box.hidden = !box.childElementCount;
  }

  // The six assault rows; the ram's two outcomes (crew check, then target and rammer damage).
  function renderOutcomes(action, data) {
    const box = $("referee-outcomes");
    box.replaceChildren();
    if (data.p_result && typeof data.p_result === "object") {
      const labels = data.result_labels || {};
      const keys = Object.keys(labels).length ? Object.keys(labels).filter((key) => key in data.p_result) : Object.keys(data.p_result);
      box.appendChild(node("h3", null, t("assault_results")));
      box.appendChild(barChart(keys.map((key) => {
        const full = plainText(labels[key] || key.replace(/_/g, " "));
        return { key: key, label: full.split(":")[0], title: full, p: data.p_result[key] };
      }), "outcomes"));
      const details = node("ul", "notes");
      for (const key of keys) if (labels[key]) details.appendChild(node("li", null, plainText(labels[key])));
      box.appendChild(details);
    }
    if (action === "ram") {
      const outcomes = node("div", "ram-outcomes");
      outcomes.appendChild(node("h3", null, t("ram_outcomes")));
      if (typeof data.p_crew_pass === "number") {
        outcomes.appendChild(barChart([
          { key: "crew_pass", label: t("crew_pass"), p: data.p_crew_pass },
          { key: "crew_fail", label: t("crew_fail"), p: 1 - data.p_crew_pass },
        ], "outcomes"));
      }
      const target = oddsRows(data.p_damage_at_least || {});
      if (target.length) {
        outcomes.appendChild(node("p", "chart-title", t("target_damage")));
        outcomes.appendChild(barChart(target.slice(0, 12).map(([k, p]) => ({ key: "target-" + k, label: "≥ " + k, p: p })), "ram-target"));
      }
      const rammer = oddsRows(data.p_self_damage_at_least || atLeast(data.self_damage) || {});
      if (rammer.length) {
        outcomes.appendChild(node("p", "chart-title", t("rammer_damage")));
        outcomes.appendChild(barChart(rammer.slice(0, 12).map(([k, p]) => ({ key: "rammer-" + k, label: "≥ " + k, p: p })), "ram-rammer"));
      }
      if (outcomes.childElementCount > 1) box.appendChild(outcomes);
    }
    box.hidden = !box.childElementCount;
  }

  function verdictText(data) {
    for (const key of ["verdict", "summary", "text", "message"]) {
      if (typeof data[key] === "string" && data[key]) return plainText(data[key]);
    }
    return "";
  }

  function citationItem(citation) {
    const item = node("li");
    item.appendChild(citationOf(citation));
    // A "reconstructed" citation names a rule the documents do not state: there is no passage to open.
    if (citation.section && !citation.reconstructed) {
      const open = node("button", "link-button open-passage", t("open_passage"));
      open.type = "button";
      open.addEventListener("click", () => openCitation(citation));
      item.appendChild(open);
    }
    return item;
  }

  async function runReferee(action, body, replaceUrl) {
    const status = $("referee-status");
    const address = {};
    address[action] = body.description || "";
    for (const [name, value] of Object.entries(body)) if (name !== "description") address[name] = Array.isArray(value) ? value.join(",") : value;
    setAddress(address, replaceUrl);
    $("referee-button").disabled = true;
    setStatus(status, t("working"));
    try {
      const data = await callApi("POST", "/v1/" + action, body);
      renderInputs(data);
      $("verdict").textContent = verdictText(data);
      renderOutcomes(action, data);
      drawOdds(action === "ram" ? null : data.p_damage_at_least || atLeast(data.p_target_damage));
      const notes = [].concat(data.assumptions || [], data.notes || []);
      $("referee-notes").replaceChildren(...notes.map((text) => node("li", null, plainText(text))));
      $("referee-citations").replaceChildren(...(data.citations || []).map(citationItem));
      $("referee-json").textContent = JSON.stringify(data, null, 2);
      $("referee-result").hidden = false;
      setStatus(status, "");
    } catch (error) {
      $("referee-result").hidden = true;
      setStatus(status, errorText(error), true);
    } finally {
      $("referee-button").disabled = false;
    }
  }

  function onReferee(event) {
    event.preventDefault();
    const body = {};
    for (const input of visibleInputs()) {
      const value = valueOf(input);
      if (value !== undefined) body[input.name] = value;
    }
    runReferee(currentAction(), body, false);
  }

  // ---- shareable links -------------------------------------------------------------------------

  function runFromAddress() {
    const params = new URLSearchParams(window.location.search);
    if (params.get("q")) {
      $("question").value = params.get("q");
      if (params.get("edition")) $("edition").value = params.get("edition");
      runAsk(params.get("q"), params.get("edition") || "", true);
      return;
    }
    if (params.get("rule")) {
      $("term").value = params.get("rule");
      $("lookup").scrollIntoView();
      lookupRule(params.get("rule"), params.get("edition"), true);
      return;
    }
    if (params.get("unit")) {
      $("unit-name").value = params.get("unit");
      $("units").scrollIntoView();
      lookupUnit(params.get("unit"), true);
      return;
    }
    for (const action of refereeActions()) {
      if (!params.has(action)) continue;
      selectAction(action);
      const description = $("field-description");
      if (description) description.value = params.get(action);
      for (const [name, value] of params) {
        const input = $("field-" + name);
        if (input && name !== "description") setInputValue(input, value);
      }
      applyRuleset();
      const body = {};
      for (const input of visibleInputs()) {
        const value = valueOf(input);
        if (value !== undefined) body[input.name] = value;
      }
      $("referee").scrollIntoView();
      runReferee(action, body, true);
      return;
    }
  }

  // The API key a keyed server asks for: kept for this tab (sessionStorage), so a reload or a shared
  // link opened here does not ask again; closing the tab forgets it.
  const KEY_STORE = "admiralty-api-key";

  function rememberKey() {
    const input = $("api-key");
    try {
      const saved = window.sessionStorage.getItem(KEY_STORE);
      if (saved && !input.value) input.value = saved;
      input.addEventListener("change", () => {
        const key = input.value.trim();
        if (key) window.sessionStorage.setItem(KEY_STORE, key);
        else window.sessionStorage.removeItem(KEY_STORE);
      });
    } catch (blocked) {
      // storage disabled: the key is typed again after a reload
    }
  }

  async function start() {
    applyStaticStrings();
    rememberKey();
    $("ask-form").addEventListener("submit", onAsk);
    $("rule-form").addEventListener("submit", onRule);
    $("unit-form").addEventListener("submit", onUnit);
    $("fleet-form").addEventListener("submit", onFleet);
    $("referee-form").addEventListener("submit", onReferee);
    autocomplete($("term"), $("term-options"), completeTerms);
    autocomplete($("unit-name"), $("unit-options"), completeUnits);
    const sources = loadSources();
    try {
      openapi = await callApi("GET", "/openapi.json");
    } catch (error) {
      openapi = { paths: {} };
    }
    const hasUnits = Boolean(openapi.paths && openapi.paths["/v1/unit"]);
    $("units").hidden = !hasUnits;
    $("units-link").hidden = !hasUnits;
    buildActionChoice();
    buildRefereeFields();
    await sources;
    window.addEventListener("popstate", runFromAddress);
    runFromAddress();
    document.body.dataset.ready = "true";
  }

  document.addEventListener("DOMContentLoaded", start);
})();
