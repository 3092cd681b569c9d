"""Discord front end: slash commands that call `bot.service.Admiralty` and format its answers.

Nothing here searches or rolls dice; it only maps options to service calls and
answers to embeds that fit Discord's limits. Import `bot.discord_bot.runner` to run it.
"""
