"""Writes about the campaign's people: recovery (rest, the medicus) and the ludus (Favors,
contracts, the rudis). Every entry point is atomic and raises a ValueError subclass."""
