"""The "Post publicly" button under an ephemeral answer."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.discord_bot.embeds import message_embed

if TYPE_CHECKING:
    from bot.discord_bot.replies import Reply

log = logging.getLogger("admiralty.discord")

NO_MENTIONS = discord.AllowedMentions.none()


class PublishView(discord.ui.View):
    """Re-posts an ephemeral reply in the channel for everyone, once, on its author's click."""

    def __init__(self, reply: "Reply", author_id: int, origin: discord.Interaction, timeout: float = 600) -> None:
        super().__init__(timeout=timeout)
        self.reply = reply
        self.author_id = author_id
        self.origin = origin  # the command's interaction: its token edits the ephemeral message

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.user.id != self.author_id:
            await interaction.response.send_message(
                embed=message_embed("Only the person who asked can post this answer."),
                ephemeral=True,
                allowed_mentions=NO_MENTIONS,
            )
            return False
        return True

    @discord.ui.button(label="Post publicly", style=discord.ButtonStyle.primary, emoji="📣")
    async def publish(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        messages = self.reply.messages()
        first, rest = messages[0], messages[1:]
        await interaction.response.send_message(
            content=first.content, embeds=first.embeds, files=first.files(),
            allowed_mentions=NO_MENTIONS,
        )
        for message in rest:
            await interaction.followup.send(
                content=message.content, embeds=message.embeds, files=message.files(),
                allowed_mentions=NO_MENTIONS,
            )
        button.disabled = True
        button.label = "Posted"
        self.stop()
        await self._refresh_origin()

    async def on_timeout(self) -> None:
        for item in self.children:
            if isinstance(item, discord.ui.Button):
                item.disabled = True
        await self._refresh_origin()

    async def _refresh_origin(self) -> None:
        """Show the disabled button on the ephemeral message (best effort: its token may expire)."""
        try:
            await self.origin.edit_original_response(view=self)
        except discord.HTTPException as exc:
            log.info("could not update the ephemeral message's button: %s", exc)

    async def on_error(self, interaction: discord.Interaction, error: Exception, item: discord.ui.Item) -> None:
        log.error("post-publicly button failed", exc_info=error)
        text = "Sorry, I could not post that publicly (the error has been logged)."
        if interaction.response.is_done():
            await interaction.followup.send(
                embed=message_embed(text, error=True), ephemeral=True, allowed_mentions=NO_MENTIONS
            )
        else:
            await interaction.response.send_message(
                embed=message_embed(text, error=True), ephemeral=True, allowed_mentions=NO_MENTIONS
            )
