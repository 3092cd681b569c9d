"""One route table (issue 15): the aiohttp router and the OpenAPI paths are both built from
bot.http.app.ROUTES, so every API route is documented and every documented path is served."""
from __future__ import annotations

from bot.http.app import ROUTES, create_app
from bot.http.openapi import build_openapi
from bot.service import Admiralty, referee_actions
from core.settings import Settings

# Served but not part of the API: the web page, its files, the Prometheus scrape and the document itself.
NOT_API = {("GET", "/"), ("GET", "/static/{name}"), ("GET", "/metrics"), ("GET", "/openapi.json")}


def _served(tmp_path) -> set[tuple[str, str]]:
    app = create_app(Admiralty(Settings(data_dir=tmp_path)))
    return {(route.method, route.resource.canonical) for route in app.router.routes()
            if route.resource is not None and route.method != "HEAD"}


def _documented() -> set[tuple[str, str]]:
    paths = build_openapi("test", ROUTES)["paths"]
    return {(method.upper(), path) for path, operations in paths.items() for method in operations}


def test_every_documented_path_is_served_and_every_served_api_path_documented(tmp_path):
    served, documented = _served(tmp_path), _documented()
    assert documented <= served
    assert served - documented == NOT_API


def test_every_referee_action_has_its_route_and_operation():
    documented = _documented()
    assert {("POST", f"/v1/{action}") for action in referee_actions()} <= documented


def test_a_route_added_to_the_table_is_served_and_documented(tmp_path, monkeypatch):
    """Adding an endpoint is one Route entry (handler and operation together)."""
    from aiohttp import web

    import bot.http.app as app_module
    from bot.http.routes import Route

    async def hello(request: web.Request) -> web.Response:
        return web.json_response({"hello": True})

    extra = Route("GET", "/v1/hello", hello, lambda ctx: {"summary": "Say hello.", "responses": {}})
    monkeypatch.setattr(app_module, "ROUTES", (*ROUTES, extra))
    assert ("GET", "/v1/hello") in _served(tmp_path)
    assert "/v1/hello" in build_openapi("test", app_module.ROUTES)["paths"]
