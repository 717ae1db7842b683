"""The game engine: state, the round procedure, decisions and events."""
