"""The client's scenes (one module per screen). LAN scenes live in ``lan_*.py``."""
