"""Playing Escoba by computer: a fast playout engine on plain integers, for bots and for measuring them."""
