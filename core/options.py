"""House-rule options: declared per game, validated with clear messages."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from core.errors import OptionError

OptionValue = str | int | bool


@dataclass(frozen=True)
class OptionSpec:
    """One row of a game's Options table.

    ``values`` lists the allowed values; ``None`` means "any integer" between
    ``minimum`` and ``maximum``.  ``default`` is the value when the option is
    not given (a game may compute variant-dependent defaults itself, see
    :meth:`core.State.resolve_options`).  ``help`` is the one-line
    explanation shown in the new-game menu.
    """

    id: str
    values: tuple[OptionValue, ...] | None
    default: OptionValue
    help: str
    minimum: int = 1
    maximum: int = 100_000

    def check(self, value: Any) -> OptionValue:
        """Return ``value`` if allowed (converting ``"true"``/``"301"`` strings).

        Raises :class:`OptionError` naming the option and the allowed values.
        """
        if self.values is None:
            v = value
            if isinstance(v, str) and v.strip().lstrip("-").isdigit():
                v = int(v)
            if isinstance(v, bool) or not isinstance(v, int):
                raise OptionError(f"option {self.id!r} must be a whole number, not {value!r:.40}")
            if not self.minimum <= v <= self.maximum:
                raise OptionError(
                    f"option {self.id!r} must be from {self.minimum} to {self.maximum}, not {v}"
                )
            return v
        for allowed in self.values:
            if value == allowed and type(value) is type(allowed):
                return allowed
            if isinstance(value, str) and value.lower() == str(allowed).lower():
                return allowed
        shown = ", ".join(_show(v) for v in self.values)
        raise OptionError(f"option {self.id!r} does not allow {value!r:.40}; allowed: {shown}")


def _show(v: OptionValue) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def validate_options(
    game: str, specs: tuple[OptionSpec, ...], given: Mapping[str, Any] | None
) -> dict[str, OptionValue]:
    """Return ``given`` checked against ``specs``, with every option present.

    Options absent from ``given`` take their spec default.  Raises
    :class:`OptionError` for an unknown id (listing the known ones) or a bad
    value.
    """
    by_id = {s.id: s for s in specs}
    out: dict[str, OptionValue] = {}
    for key, value in (given or {}).items():
        spec = by_id.get(key)
        if spec is None:
            known = ", ".join(sorted(by_id)) or "none"
            raise OptionError(f"{game} has no option {key!r:.40}; options: {known}")
        out[key] = spec.check(value)
    for spec in specs:
        out.setdefault(spec.id, spec.default)
    return out
