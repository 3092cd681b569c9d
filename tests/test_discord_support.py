"""Rate limiter, chart rendering, token loading, `admiralty bot` CLI."""
from __future__ import annotations

import io

import matplotlib.image
import pytest

from bot.discord_bot.charts import distribution_png
from bot.discord_bot.runner import TokenError, load_token
from bot.rate_limit import RateLimiter

# (Per-server settings: tests/test_store.py, against SQLite and PostgreSQL.)


# --- rate limit ----------------------------------------------------------------------------

def test_rate_limiter_burst_then_refill_per_user():
    now = [100.0]
    limiter = RateLimiter(per_minute=6, burst=2, clock=lambda: now[0])
    assert limiter.acquire(1) == 0 and limiter.acquire(1) == 0
    wait = limiter.acquire(1)
    assert wait == pytest.approx(10.0)  # 6 per minute -> one token every 10 s
    assert limiter.acquire(2) == 0  # other users unaffected
    now[0] += 10
    assert limiter.acquire(1) == 0
    assert limiter.acquire(1) > 0


def test_rate_limiter_memory_is_bounded():
    now = [0.0]
    limiter = RateLimiter(per_minute=60, burst=1, clock=lambda: now[0], max_keys=50)
    for uid in range(500):
        limiter.acquire(uid)
    assert limiter.clients() <= 50


# --- chart -----------------------------------------------------------------------------------

def test_chart_is_a_readable_png():
    dist = {0: 0.2, 1: 0.3, 2: 0.25, 3: 0.15, 4: 0.1}
    png = distribution_png(dist, title="Damage", highlight=2)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    image = matplotlib.image.imread(io.BytesIO(png), format="png")
    height, width = image.shape[:2]
    assert (width, height) == (640, 320)
    # The highlighted bar uses a different colour from the others: both colours are present.
    pixels = {tuple((image[y, x, :3] * 255).round().astype(int))
              for y in range(0, height, 2) for x in range(0, width, 2)}
    assert (0xE6, 0x7E, 0x22) in pixels and (0x58, 0x65, 0xF2) in pixels


def test_chart_folds_a_long_tail_and_rejects_empty():
    dist = {k: 1 / 200 for k in range(200)}
    assert distribution_png(dist, title="long")[:4] == b"\x89PNG"
    with pytest.raises(ValueError):
        distribution_png({}, title="nothing")


# --- token ---------------------------------------------------------------------------------

@pytest.fixture
def no_token_env(monkeypatch):
    for name in ("DISCORD_TOKEN", "DISCORD_TOKEN_FILE", "ADMIRALTY_CONFIG"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_token_from_env_wins(no_token_env, tmp_path):
    no_token_env.setenv("DISCORD_TOKEN", "  abc.def  \n")
    assert load_token(tmp_path / "absent") == "abc.def"


def test_token_from_file_env_and_config(no_token_env, tmp_path):
    token_file = tmp_path / "token"
    token_file.write_text("from-file\n")
    no_token_env.setenv("DISCORD_TOKEN_FILE", str(token_file))
    assert load_token() == "from-file"
    no_token_env.delenv("DISCORD_TOKEN_FILE")
    config = tmp_path / "admiralty.toml"
    config.write_text(f'[index]\nmodel = "x"\n[discord]\ntoken_file = "{token_file}"\n')
    no_token_env.setenv("ADMIRALTY_CONFIG", str(config))
    assert load_token() == "from-file"


def test_missing_or_empty_token_is_a_clear_error(no_token_env, tmp_path):
    with pytest.raises(TokenError, match="DISCORD_TOKEN"):
        load_token()
    empty = tmp_path / "empty"
    empty.write_text("\n")
    with pytest.raises(TokenError, match="is empty"):
        load_token(empty)
    with pytest.raises(TokenError, match="cannot read"):
        load_token(tmp_path / "nope")


def test_cli_bot_without_token_exits_2_with_message(no_token_env, capsys):
    from bot.cli import main

    assert main(["bot", "--guild", "123"]) == 2
    err = capsys.readouterr().err
    assert "no Discord bot token" in err and "Traceback" not in err


def test_cli_bot_rejects_bad_guild_and_shards(no_token_env, capsys):
    from bot.cli import main

    with pytest.raises(SystemExit) as exc:
        main(["bot", "--guild", "abc"])
    assert exc.value.code == 2
    assert "expected a Discord id (a whole number), got 'abc'" in capsys.readouterr().err
    # shard options are checked by their ParamSpecs (bot/discord_bot/shards.py): one line, exit 2
    assert main(["bot", "--shards", "0"]) == 2
    assert "'shard_count' is 0" in capsys.readouterr().err


def test_a_rejected_token_becomes_a_one_line_user_error():
    import discord

    from bot.discord_bot.runner import TokenError, _token_rejections
    from bot.service import UserInputError

    with pytest.raises(TokenError, match="Discord rejected the bot token: Improper token") as err:
        with _token_rejections():
            raise discord.LoginFailure("Improper token has been passed.")
    assert isinstance(err.value, UserInputError)
