"""What every package shares and nothing else: the user-error base and the parameter spec.

`core` imports nothing from the project (and `core.errors` nothing at all), so index/,
referee/ and bot/ can all depend on it without cycles.
"""
