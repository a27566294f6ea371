"""Frozen yardsticks: the ``normal`` and ``hard`` bots exactly as they were released first.

``make_bot("normal@v1")`` and ``make_bot("hard@v1")`` build them.  This
package is never changed (only bug fixes that keep every decision identical
may touch it): strength claims for the current bots are made against these
fixed opponents, never against a level changed in the same work.  The
modules are a verbatim snapshot of ``core.ai`` at that release, with their
imports pointed here.
"""

from core.ai.v1.heuristic import HeuristicBot
from core.ai.v1.search import DEFAULT_PLAYOUTS, SearchBot

__all__ = ["DEFAULT_PLAYOUTS", "HeuristicBot", "SearchBot"]
