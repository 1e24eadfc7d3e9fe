"""What JAX offers in which version: the API knowledge the rules read, as data.

A new JAX release should be a change to this file, not to a rule.
"""
from __future__ import annotations

import os
import re
import sys
from codemods.dataclass_code import dataclass
from typing import Callable

Version = tuple[int, int, int]

# The newest JAX this table was checked against (jax 0.10.2 was run; HEAD was read).
NEWEST_KNOWN: Version = (0, 10, 2)


def parse_version(text: str) -> Version:
    """'0.10' -> (0, 10, 0); '0.8.2.dev1' -> (0, 8, 2). Raises ValueError on nonsense."""
    match = re.fullmatch(r"\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?\S*\s*", text)
    if not match:
        raise ValueError(f"not a JAX version: {text!r} (expected e.g. 0.10 or 0.8.2)")
    major, minor, micro = (int(part) if part else 0 for part in match.groups())
    return (major, minor, micro)


def format_version(version: Version) -> str:
    return ".".join(str(part) for part in version)


def installed_jax_version() -> Version | None:
    """The installed JAX's version from package metadata; JAX itself is never imported."""
    try:
        text = _metadata_version("jax")
        if text is None:  # not in a plain directory of sys.path: ask importlib (zips, eggs)
            import importlib.metadata

            text = importlib.metadata.version("jax")
        return parse_version(text)
    except (ImportError, ValueError, OSError):  # PackageNotFoundError is an ImportError
        return None


def _metadata_version(name: str) -> str | None:
    """The `Version:` of the first `<name>-*.dist-info` (or `.egg-info`) directory on sys.path,
    read the way importlib.metadata finds it, without importing it (about 20 ms of every run:
    it imports email, zipfile and csv)."""
    for entry in sys.path:
        try:
            children = os.listdir(entry or ".")
        except OSError:
            continue
        for child in children:
            stem, dot, suffix = child.rpartition(".")
            if suffix.lower() not in ("dist-info", "egg-info") or not dot:
                continue
            project = stem.partition("-")[0]
            if re.sub(r"[-_.]+", "_", project).lower() != name:
                continue
            directory = os.path.join(entry or ".", child)
            for file in ("METADATA", "PKG-INFO"):
                try:
                    with open(os.path.join(directory, file), encoding="utf-8") as handle:
                        for line in handle:
                            if line.startswith("Version:"):
                                return line.partition(":")[2].strip()
                            if not line.strip():
                                break  # the headers end at the first blank line
                except OSError:
                    continue
    return None


def default_target() -> Version:
    return installed_jax_version() or NEWEST_KNOWN


# Versions at which spellings appeared (read from JAX's CHANGELOG).
PCAST_ADDED: Version = (0, 8, 2)
PVARY_REMOVED: Version = (0, 10, 0)
ALL_GATHER_TO_ADDED: Version = (0, 8, 2)  # all_gather(..., to='reduced')
ALL_GATHER_INVARYING_ADDED: Version = (0, 10, 0)  # all_gather(..., to='invarying')
JAX_SHARD_MAP_ADDED: Version = (0, 6, 1)  # jax.shard_map with check_vma=

# Spellings that name the same object; resolution maps the left to the right.
CANONICAL_ALIASES: dict[str, str] = {
    "jax.P": "jax.sharding.PartitionSpec",
    "jax.sharding.P": "jax.sharding.PartitionSpec",
    "jax._src.partition_spec.PartitionSpec": "jax.sharding.PartitionSpec",
    "jax.experimental.shard_map.shard_map": "jax.experimental.shard_map.shard_map",
    "jax._src.shard_map.shard_map": "jax.shard_map",
    "jax.sharding.Mesh": "jax.sharding.Mesh",
    "jax._src.mesh.Mesh": "jax.sharding.Mesh",
    "jax.sharding.reshard": "jax.reshard",
    "jax._src.shard_map.top_level_all_gather": "jax._src.shard_map.top_level_all_gather",
    "jax.tree_util.Partial": "functools.partial",  # a subclass of it that is also a pytree
}
# Private modules whose public collectives are the jax.lax ones.
_LAX_MIRRORS = ("jax._src.lax.parallel.", "jax.experimental.lax.")

COLLECTIVES = (
    "psum",
    "pmean",
    "pmax",
    "pmin",
    "all_gather",
    "ppermute",
    "psum_scatter",
    "all_to_all",
    "pcast",
    "pvary",
    "preduced",
    "all_gather_reduced",
    "all_gather_invariant",
    "axis_index",
)


def canonical(name: str) -> str:
    """Map a resolved dotted name to the one spelling the rules compare against."""
    found = _CANONICAL.get(name)
    if found is None:
        if len(_CANONICAL) >= _CANONICAL_KEPT:  # a run over a whole corpus: memory stays bounded
            _CANONICAL.clear()
        found = _CANONICAL[name] = _canonical(name)
    return found


# A file resolves the same few dotted names thousands of times (`jax.lax.psum` at every call).
_CANONICAL: dict[str, str] = {}
_CANONICAL_KEPT = 20_000


def _canonical(name: str) -> str:
    if name in CANONICAL_ALIASES:
        return CANONICAL_ALIASES[name]
    for mirror in _LAX_MIRRORS:
        if name.startswith(mirror):
            tail = name[len(mirror) :]
            if tail in ("all_gather_reduced", "preduced"):
                return "jax._src.lax.parallel." + tail
            return "jax.lax." + tail
    return name


def spellings(names: frozenset[str]) -> frozenset[str]:
    """Every dotted name `canonical` maps into `names` (a superset: the names themselves, their
    aliases and their private jax.lax mirrors): the inverse of `canonical`, kept beside it.

    Filters that look for references in text use it to know which imports can lead to `names`
    at all; a spelling missing here would make them skip a file a rule fires on.
    """
    found = set(names)
    found.update(alias for alias, target in CANONICAL_ALIASES.items() if target in names)
    for name in names:
        for public in ("jax.lax.", "jax._src.lax.parallel."):
            if name.startswith(public):
                found.update(mirror + name[len(public):] for mirror in _LAX_MIRRORS)
    return frozenset(found)


def cast_call(target: Version, func: Callable[[str], str], value: str, axes: str, to: str, quote: str) -> str:
    """Source text casting `value` on `axes` to state `to`, spelled for `target`.

    `func` spells a jax.lax function name the way the module imports it. Before pcast existed
    (jax < 0.8.2) the only cast was pvary, to varying.
    """
    if target < PCAST_ADDED and to == "varying":
        return f"{func('pvary')}({value}, {axes})"
    return f"{func('pcast')}({value}, {axes}, to={quote}{to}{quote})"


@dataclass(frozen=True)
class Migration:
    """A removed or private collective and its current spelling: `new(args..., to=state)`."""

    old: tuple[str, ...]  # canonical names of the old function
    new: str  # the jax.lax function that replaces it
    keyword: tuple[str, str]  # the keyword the new call needs, e.g. ("to", "varying")
    since: Version  # the first JAX that offers the new spelling
    history: str  # shown in the finding: what happened to the old name


MIGRATIONS: tuple[Migration, ...] = (
    Migration(("jax.lax.pvary",), "pcast", ("to", "varying"), PCAST_ADDED,
              "`pvary` was deprecated in jax 0.8.2 and removed in 0.10.0"),
    Migration(("jax.lax.preduced", "jax._src.lax.parallel.preduced"), "pcast", ("to", "reduced"), PCAST_ADDED,
              "`preduced` is private since jax 0.8.2"),
    Migration(("jax.lax.all_gather_reduced", "jax._src.lax.parallel.all_gather_reduced"), "all_gather",
              ("to", "reduced"), ALL_GATHER_TO_ADDED,
              "`all_gather_reduced` was public only in jax 0.8.1 and is private since 0.8.2"),
    Migration(("jax.lax.all_gather_invariant", "jax._src.lax.parallel.all_gather_invariant"), "all_gather",
              ("to", "invarying"), ALL_GATHER_INVARYING_ADDED,
              "`all_gather_invariant` was removed in jax 0.8.2 and came back as `all_gather(..., to='invarying')` in 0.10.0"),
)

# jax.experimental.shard_map.shard_map's positional parameters after `f`, in order.
EXPERIMENTAL_SHARD_MAP = "jax.experimental.shard_map.shard_map"
EXPERIMENTAL_SHARD_MAP_POSITIONAL = ("mesh", "in_specs", "out_specs", "check_rep", "auto")
SHARD_MAP_RENAMED_KEYWORDS = {"check_rep": "check_vma"}
# Before 0.6.0 a gradient taken inside a check_rep=True body was not summed over the axes its
# invariant inputs are broadcast along (as under check_rep=False); from 0.6.0 the experimental
# function is check_vma's, which sums it. Checked on 0.4.35, 0.5.3, 0.6.0, 0.6.2 and 0.10.2.
EXPERIMENTAL_SHARD_MAP_VMA: Version = (0, 6, 0)
# Transforms that transpose a function: under them check_vma=True and the old check_rep=True
# differ in a body (forward values agree).
TRANSPOSING_TRANSFORMS = frozenset({"grad", "value_and_grad", "vjp", "linear_transpose", "custom_vjp",
                                    "jacrev", "hessian", "custom_gradient"})


# ---------------------------------------------------------------------------------------------
# Manual-axis states: how each collective moves them (jax-collectives.md, "How collectives move
# the state"; every row run on jax 0.10.2 unless its comment says "read").
# ---------------------------------------------------------------------------------------------
VARYING = "varying"
INVARIANT = "invariant"
REDUCED = "reduced"
UNREDUCED = "unreduced"

# JAX's own words for the errors the type rules raise (jax 0.10.2).
ERR_GATHER_NOT_VARYING = "all_gather_reduced only accepts inputs that are varying"
ERR_GATHER_VARYING_TO_REDUCED = "all_gather_reduced is a Varying -> Reduced collective"
ERR_GATHER_INPUT_REDUCED = "all_gather_reduced's input cannot be reduced across the axis_name provided"
ERR_PVARY_REDUCED = "pvary cannot accept args which are reduced"
ERR_ONE_STATE = (
    "can only accept axis_name which corresponds to one of varying, unreduced, reduced or invarying state of the input"
)
ERR_OUT_SPECS_REDUCED = "out_specs which require replication which can't be statically inferred"
ERR_REDUCED_WITH_REPLICATED = "Inputs cannot be replicated on the same axes that another input is reduced on"
# A cast to varying of a value already varying on every named axis (run on 0.8.2 and 0.10.2); the
# pvary texts were run on 0.8.2/0.9.2 and on 0.6.2.
ERR_PCAST_FROM_VARYING = "Unsupported pcast from=varying, to='varying'"
ERR_PVARY_OF_VARYING = "pvary is a invariant->variant collective"
ERR_PVARY_OF_VARYING_OLD = "Collective pvary must be applied to a non-device-varying type"


# Canonical names the analysis recognises as shard_map and as partition specs.
SHARD_MAP = "jax.shard_map"  # EXPERIMENTAL_SHARD_MAP is defined with the migrations above
PARTITION_SPEC = "jax.sharding.PartitionSpec"
MESH_FACTORIES = {"jax.make_mesh": "axis_names", "jax.sharding.Mesh": "axis_names"}
PARTIAL = "functools.partial"

# SF104: top_level_all_gather (private: `from jax._src.shard_map import top_level_all_gather`,
# jax >= 0.9.2). A later public spelling goes into this tuple (and its last component into the
# rule's prefilter automatically).
TOP_LEVEL_ALL_GATHER: tuple[str, ...] = ("jax._src.shard_map.top_level_all_gather",)
TOP_LEVEL_ALL_GATHER_ADDED: Version = (0, 9, 2)
RESHARD_ADDED: Version = (0, 8, 2)  # jax.reshard (jax.sharding.reshard since 0.7.0)
# Calls that set the context mesh top_level_all_gather needs (`with jax.set_mesh(mesh):`).
CONTEXT_MESH_SETTERS: tuple[str, ...] = (
    "jax.set_mesh",
    "jax.sharding.use_mesh",
    "jax.sharding.use_abstract_mesh",
)
CANONICAL_ALIASES.update({
    "jax.sharding.set_mesh": "jax.set_mesh",
    "jax._src.sharding_impls.set_mesh": "jax.set_mesh",
    "jax._src.mesh.use_abstract_mesh": "jax.sharding.use_abstract_mesh",
    "jax.NamedSharding": "jax.sharding.NamedSharding",
    "jax._src.named_sharding.NamedSharding": "jax.sharding.NamedSharding",
    "jax._src.sharding_impls.NamedSharding": "jax.sharding.NamedSharding",
    "jax._src.pjit.reshard": "jax.reshard",
})
SHARD_MAP_APIS = frozenset({SHARD_MAP, EXPERIMENTAL_SHARD_MAP})
# The state analysis reads no text without this word (rules/_typerules.analysis,
# analysis/state_runs.state_stop): the state rules' one prefilter word (prefilter.py's proof).
STATE_GATE = "shard_map"
GATHER_REDUCED_APIS = frozenset(
    {"jax.lax.all_gather", "jax.lax.all_gather_reduced", "jax._src.lax.parallel.all_gather_reduced"}
)
ONE_STATE_APIS = frozenset({"jax.lax.psum", "jax.lax.pmean", "jax.lax.pmax", "jax.lax.pmin", "jax.lax.psum_scatter"})
CAST_TO_VARYING_APIS = frozenset({"jax.lax.pcast", "jax.lax.pvary"})


# ---------------------------------------------------------------------------------------------
# Which names a JAX module has at the target JAX (codemods/jax_names.py, read from the source of
# every release): what `hasattr(jax.lax, "pcast")` gives when the program runs on that JAX.
# ---------------------------------------------------------------------------------------------
def module_has(module: str, name: str, target: Version) -> bool | None:
    """Whether the JAX module `module` (`jax.lax`) has the attribute `name` on JAX `target`:
    True, False, or None when the table cannot tell (a module or a name it does not cover, a
    target older than its first release or newer than its last: a later JAX may add a name or
    remove one, as 0.10.0 removed pvary)."""
    entry = _module_table(module)
    if entry is None or name.startswith("_"):
        return None
    releases = _releases()
    if not releases[0] <= target <= releases[-1]:
        return None
    release = max(version for version in releases if version <= target)
    if not _holds(entry["exists"], release) or _holds(entry["unknown"].get(name, ()), release):
        return None
    present = name in entry["always"] or _holds(entry["changed"].get(name, ()), release)
    if present:
        return True
    return None if _holds(entry["open"], release) else False


def _releases() -> list[Version]:
    from codemods import jax_names  # (read on the first question: most runs ask none)

    return [parse_version(text) for text in jax_names.RELEASES]


_TABLES: dict[str, dict | None] = {}


def _module_table(module: str) -> dict | None:
    """The module's table with names as keys: name -> ranges (read once per module)."""
    if module not in _TABLES:
        from codemods import jax_names

        raw = jax_names.MODULES.get(module)
        _TABLES[module] = None if raw is None else {
            "exists": _ranges(raw["exists"]), "open": _ranges(raw["open"]), "always": frozenset(raw["always"].split()),
            **{field: {name: _ranges(ranges) for ranges, names in raw[field].items() for name in names.split()}
               for field in ("changed", "unknown")}}
    return _TABLES[module]


def _ranges(text: str) -> tuple[tuple[Version, Version | None], ...]:
    """'0.6.0-0.10.0,0.10.2-' -> (((0, 6, 0), (0, 10, 0)), ((0, 10, 2), None))."""
    return tuple((parse_version(first), parse_version(last) if last else None)
                 for first, _, last in (part.partition("-") for part in text.split(",") if part))


def _holds(ranges: tuple, version: Version) -> bool:
    return any(first <= version and (last is None or version < last) for first, last in ranges)
