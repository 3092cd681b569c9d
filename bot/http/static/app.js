// Admiralty's page: plain DOM, no framework, no build step, nothing from a CDN.
// Every string from the user, the corpus or the server goes in with textContent.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const SVG = "http://www.w3.org/2000/svg";
  let openapi = null;
  const editionLabels = new Map();

  // Markdown emphasis is for Discord; a page shows the words (still as text, never HTML).
function plainText(text) {
  return String(text || "").replace(/\*\*|(^|[\s(«"])\*(?=\S)|(\S)\*(?=\s|$|[.,:;)»"])/g, "$1$2");
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
    const headers = { Accept: "application/json" };
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
      throw { code: "network", message: "Cannot reach the server.", field: null };
    }
    let data = null;
    try {
      data = await response.json();
    } catch (notJson) {
      data = null;
    }
    if (!response.ok) {
      if (response.status === 401) $("key-box").open = true;
      throw (data && data.error) || { code: "http", message: "HTTP " + response.status, field: null };
    }
    return data;
  }

  function errorText(error) {
    const message = (error && error.message) || "Something went wrong.";
    return error && error.field ? message + " (field: " + error.field + ")" : message;
  }

  // ---- search ------------------------------------------------------------------

  async function loadEditions() {
    try {
      const data = await callApi("GET", "/v1/sources");
      const editions = editionLabels;
      for (const doc of data.documents || []) {
        if (doc.edition && !editions.has(String(doc.edition))) {
          editions.set(String(doc.edition), String(doc.edition_label || doc.edition));
        }
      }
      const select = $("edition");
      for (const [edition, label] of editions) {
        const option = node("option", null, label);
        option.value = edition;
        select.appendChild(option);
      }
    } catch (ignored) {
      // The filter is optional: without sources the page still searches everything.
    }
  }

  function citationOf(result) {
    const citation = node("p", "citation");
    if (result.edition !== undefined && result.edition !== null) {
      const label = result.edition_label || editionLabels.get(String(result.edition)) || "Edition " + result.edition;
      citation.appendChild(node("span", "edition", label));
      citation.appendChild(document.createTextNode(" · "));
    }
    citation.appendChild(node("cite", "document", result.document_title || result.document || "unknown document"));
    if (result.section) {
      citation.appendChild(document.createTextNode(" · "));
      citation.appendChild(node("span", "section", result.section));
    }
    if (result.language) {
      citation.appendChild(document.createTextNode(" · "));
      citation.appendChild(node("span", "language", result.language));
    }
    return citation;
  }

  function renderAnswer(data) {
    const list = $("ask-results");
    list.replaceChildren();
    const disagree = $("ask-disagree");
    disagree.hidden = !data.editions_disagree;
    disagree.textContent = data.editions_disagree || "";
    const results = data.results || [];
    for (const result of results) {
      const item = node("li", "result");
      item.appendChild(citationOf(result));
      item.appendChild(node("p", "passage", plainText(result.text)));
      list.appendChild(item);
    }
    return results.length;
  }

  async function onAsk(event) {
    event.preventDefault();
    const status = $("ask-status");
    const question = $("question").value.trim();
    if (!question) {
      setStatus(status, "Type a question first.", true);
      return;
    }
    const body = { question: question, k: 5 };
    if ($("edition").value) body.edition = $("edition").value;
    $("ask-button").disabled = true;
    setStatus(status, "Searching…");
    try {
      const count = renderAnswer(await callApi("POST", "/v1/ask", body));
      setStatus(status, count ? count + " passage" + (count === 1 ? "" : "s") + " found." : "No passage matches that question.");
    } catch (error) {
      $("ask-results").replaceChildren();
      setStatus(status, errorText(error), true);
    } finally {
      $("ask-button").disabled = false;
    }
  }

  // ---- referee: the form follows the API's own schema ---------------------------

  function currentAction() {
    const checked = document.querySelector('input[name="action"]:checked');
    return checked ? checked.value : "attack";
  }

  function bodySchema(action) {
    try {
      return openapi.paths["/v1/" + action].post.requestBody.content["application/json"].schema;
    } catch (missing) {
      return null;
    }
  }

  function fieldFor(name, property) {
    const label = node("label");
    label.dataset.field = name;
    const title = name.replace(/_/g, " ");
    const isArray = property.type === "array";
    const item = isArray ? property.items || {} : property;
    let input;
    if (item.type === "boolean") {
      label.className = "check";
      input = node("input");
      input.type = "checkbox";
      label.appendChild(input);
      label.appendChild(document.createTextNode(title));
    } else {
      label.appendChild(node("span", null, title));
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
        input.placeholder = "or describe it in words, e.g. 12 dice against armour 5";
      } else {
        input = node("input");
        if (item.type === "integer" || item.type === "number") {
          input.type = "number";
          if (item.minimum !== undefined) input.min = item.minimum;
          if (item.maximum !== undefined) input.max = item.maximum;
          input.step = item.type === "integer" ? "1" : "any";
        } else {
          input.type = "text";
          if (item.maxLength) input.maxLength = item.maxLength;
        }
      }
      label.appendChild(input);
    }
    input.name = name;
    input.id = "field-" + name;
    const itemType = Array.isArray(item.type) ? item.type[0] : item.type || "string";
    input.dataset.kind = isArray ? "array:" + itemType : itemType;
    if (property.description) label.appendChild(node("span", "help", property.description));
    return label;
  }

  // The fields most games need; every other field goes under "More options".
  const PRIMARY = {
    attack: ["description", "ruleset", "dice", "armour", "citadel", "defence", "quality", "range"],
    assault: ["description", "ruleset", "fray", "target_citadel", "boarding", "target_defences", "target_crew"],
    ram: ["description", "ruleset", "hull", "inches", "ramming", "target_armour", "target_citadel", "target_mass"],
  };

  function buildRefereeFields() {
    const container = $("referee-fields");
    container.replaceChildren();
    const more = node("details", "more");
    more.appendChild(node("summary", null, "More options"));
    const moreFields = node("div", "fields");
    more.appendChild(moreFields);
    const schema = bodySchema(currentAction());
    if (!schema) {
      setStatus($("referee-status"), "The referee is not available on this server.", true);
      return;
    }
    setStatus($("referee-status"), "");
    const primary = PRIMARY[currentAction()] || [];
    for (const [name, property] of Object.entries(schema.properties || {})) {
      (primary.includes(name) ? container : moreFields).appendChild(fieldFor(name, property));
    }
    if (moreFields.childElementCount) container.appendChild(more);
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

  // Finds p_damage_at_least wherever the result puts it.
  function findOdds(value, depth) {
    if (!value || typeof value !== "object" || depth > 4) return null;
    if (value.p_damage_at_least) return value.p_damage_at_least;
    for (const child of Object.values(value)) {
      const found = findOdds(child, depth + 1);
      if (found) return found;
    }
    return null;
  }

  function oddsRows(odds) {
    let rows = Array.isArray(odds)
      ? odds.map((p, damage) => [damage, Number(p)])
      : Object.entries(odds).map(([damage, p]) => [Number(damage), Number(p)]);
    rows = rows.filter(([damage, p]) => damage >= 1 && Number.isFinite(p)).sort((a, b) => a[0] - b[0]);
    while (rows.length > 1 && rows[rows.length - 1][1] < 0.0005) rows.pop();
    return rows.slice(0, 40);
  }

  function percent(p) {
    const value = p * 100;
    if (value > 0 && value < 0.1) return "<0.1%";
    return (Math.round(value * 10) / 10).toFixed(1) + "%";
  }

  function drawChart(rows) {
    const chart = $("odds-chart");
    chart.replaceChildren();
    const table = $("odds-table");
    table.replaceChildren();
    if (!rows.length) return;
    const rowHeight = 22;
    const labelWidth = 48;
    const barWidth = 420;
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", "0 0 " + (labelWidth + barWidth + 70) + " " + rows.length * rowHeight);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", "Chance of at least N damage");
    rows.forEach(([damage, p], index) => {
      const y = index * rowHeight;
      const label = document.createElementNS(SVG, "text");
      label.setAttribute("x", "0");
      label.setAttribute("y", String(y + 15));
      label.textContent = "≥ " + damage;
      const bar = document.createElementNS(SVG, "rect");
      bar.setAttribute("class", "bar");
      bar.setAttribute("x", String(labelWidth));
      bar.setAttribute("y", String(y + 3));
      bar.setAttribute("height", String(rowHeight - 6));
      bar.setAttribute("width", String(Math.max(0, Math.min(1, p)) * barWidth));
      bar.dataset.damage = String(damage);
      bar.dataset.p = String(p);
      const value = document.createElementNS(SVG, "text");
      value.setAttribute("x", String(labelWidth + Math.max(0, Math.min(1, p)) * barWidth + 6));
      value.setAttribute("y", String(y + 15));
      value.textContent = percent(p);
      svg.append(label, bar, value);
    });
    chart.appendChild(svg);
    const head = node("tr");
    head.append(node("th", null, "Damage ≥"), node("th", null, "Chance"));
    table.appendChild(head);
    for (const [damage, p] of rows) {
      const row = node("tr");
      row.append(node("td", null, damage), node("td", null, percent(p)));
      table.appendChild(row);
    }
  }

  function verdictText(data) {
    for (const key of ["verdict", "summary", "text", "message"]) {
      if (typeof data[key] === "string" && data[key]) return data[key];
    }
    return "Result:";
  }

  function renderList(list, items, render) {
    list.replaceChildren();
    for (const item of items) {
      const entry = render(item);
      if (entry.tagName === "LI") {
        list.appendChild(entry);
      } else {
        const wrapper = node("li");
        wrapper.appendChild(entry);
        list.appendChild(wrapper);
      }
    }
  }

  async function onReferee(event) {
    event.preventDefault();
    const action = currentAction();
    const body = {};
    for (const input of $("referee-fields").querySelectorAll("input[name], select[name], textarea[name]")) {
      const value = valueOf(input);
      if (value !== undefined) body[input.name] = value;
    }
    const status = $("referee-status");
    $("referee-button").disabled = true;
    setStatus(status, "Working out the odds…");
    try {
      const data = await callApi("POST", "/v1/" + action, body);
      $("verdict").textContent = verdictText(data);
      drawChart(oddsRows(findOdds(data, 0) || []));
      renderList($("referee-notes"), [].concat(data.assumptions || [], data.notes || []), (text) => node("li", null, text));
      renderList($("referee-citations"), data.citations || [], citationOf);
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

  async function start() {
    $("ask-form").addEventListener("submit", onAsk);
    $("referee-form").addEventListener("submit", onReferee);
    for (const radio of document.querySelectorAll('input[name="action"]')) {
      radio.addEventListener("change", buildRefereeFields);
    }
    loadEditions();
    try {
      openapi = await callApi("GET", "/openapi.json");
    } catch (error) {
      openapi = { paths: {} };
    }
    buildRefereeFields();
    document.body.dataset.ready = "true";
  }

  document.addEventListener("DOMContentLoaded", start);
})();
