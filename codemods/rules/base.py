"""The contract every rule fulfils. Rules read a FileContext and yield Findings; they never
print, touch files or import JAX."""
from __future__ import annotations

from typing import ClassVar, Iterator

from codemods.context import FileContext
from codemods.model import RuleDoc, Finding


class Rule:
    code: ClassVar[str]
    name: ClassVar[str]  # kebab-case, as in `shardfix rules`
    summary: ClassVar[str]
    doc: ClassVar[RuleDoc]
    # The rule's scope: it runs only on a text holding one of these words and all of `requires`,
    # filters on or off (so the byte prefilter is sound, prefilter.py). Choose the gate the
    # rule's own analysis has, never words it merely usually meets (_typerules.StateRule).
    triggers: ClassVar[tuple[bytes, ...]]
    requires: ClassVar[tuple[bytes, ...]] = ()
    # The second filter, on names resolved through the module's imports (canonical names, see
    # jaxapi.canonical): the module must reference one of `apis` and, when given, one of
    # `required_apis`. None means no such condition.
    apis: ClassVar[frozenset[str] | None] = None
    required_apis: ClassVar[frozenset[str] | None] = None

    def check(self, ctx: FileContext) -> Iterator[Finding]:  # pragma: no cover - interface
        raise NotImplementedError

    @classmethod
    def may_match(cls, data: bytes) -> bool:
        return any(t in data for t in cls.triggers) and all(r in data for r in cls.requires)

    @classmethod
    def may_fire(cls, referenced: set[str]) -> bool:
        # `jax.lax.*`: a getattr on jax.lax by a computed name may reach any of its attributes
        modules = [name[:-1] for name in referenced if name.endswith(".*")]
        return all(names is None or not names.isdisjoint(referenced)
                   or any(api.startswith(module) for module in modules for api in names)
                   for names in (cls.apis, cls.required_apis))
