"""Admiralty front ends: CLI, HTTP API + web page, Discord bot. No search or dice logic here."""
