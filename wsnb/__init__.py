"""wsnb: explore a local folder from Jupyter, change it only through confirmed plans."""

from __future__ import annotations

__version__ = "0.1.0"
