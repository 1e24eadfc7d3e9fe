"""Sharding APIs JAX changed between 0.4.35 and 0.10.2: one record per API, read by the SF2xx
migration rules (codemods/rules/_api_changes.py). Every row of docs/migrations.md that SF201
does not already cover lives here; a new JAX release is a change to this table, not to a rule.

A replacement is a template: `<dotted.name>` is spelled the way the module imports it (import
added when needed), `{0}`, `{1}`... are the call's positional arguments as written, `{q}` is the
module's quote character and `{n}` the number of mesh axes.
"""
from __future__ import annotations

from codemods.dataclass_code import dataclass

from codemods.jaxapi import RESHARD_ADDED, Version

# How the old spelling shows up in code, i.e. which detector of _api_changes reads the record.
REFERENCE = "reference"  # any use of the name (call, decorator, attribute, import)
CALL = "call"  # a call, rewritten from its arguments
KEYWORD = "keyword"  # a call passing the keyword in `keyword`
ATTRIBUTE = "attribute"  # `.keyword` read on the result of a call of `old`
WITH = "with"  # `with m:` where m is a mesh built by a call of `old`
MISSING_KEYWORD = "missing-keyword"  # a call of `old` without the keyword in `keyword`
MODULE = "module"  # an import of the module `old` itself
# An attribute (method) read on a name holding an object built by a call of `old` (assigned
# once, from that call or from a method in `chained` of such an object).
METHOD = "method"
# A call of `old` given a name assigned from an earlier call of `old`: the old return value (the
# previous setting) used to restore it.
RESTORE = "restore"


@dataclass(frozen=True)
class ApiChange:
    code: str  # the rule that reports it
    old: tuple[str, ...]  # canonical names (jaxapi.canonical) of the old API
    form: str
    history: str  # shown in the finding: what JAX did to it, with versions
    # The first target JAX for which the old spelling is reported: the replacement exists there
    # and the old spelling is deprecated or gone.
    reported_from: Version
    # (first target JAX, template): the newest entry not after the target is used.
    replacements: tuple[tuple[Version, str], ...] = ()
    safe: bool = True  # the fix keeps values (and gradients)
    safety_note: str = ""  # why a fix is unsafe: shown in the fix description
    reason: str = ""  # why there is no fix (not mechanical): shown in the finding
    keyword: str = ""  # KEYWORD / ATTRIBUTE / MISSING_KEYWORD: the keyword or attribute
    # (KEYWORD: a template `new={0}...` also rewrites the value, `{0}` being the old one)
    # MISSING_KEYWORD: reported only in a module that also uses an API JAX removed by this
    # version (proof the code predates the change of the default).
    evidence_before: Version | None = None
    # REFERENCE: the module a `from ... import name` of the old API is respelled to, when the
    # name stays the same there (one module for every name of an old module).
    import_from: str = ""
    # REFERENCE: a call of the old API with more positional arguments than this is reported only
    # (the new function takes the rest as keywords).
    max_positional: int | None = None
    # KEYWORD: the function `old` returns takes the keyword too (`auto_axes(f)(x, out_shardings=)`).
    returned_takes_keyword: bool = False
    # METHOD: the methods whose result is again an object of the old API.
    chained: tuple[str, ...] = ()
    # REFERENCE with a `reason`: a call `old(devices)[.reshape(...)][.replicate(...)]` used whole
    # is still rewritten, to the equivalent NamedSharding (codemods/rules/_sharding_chains.py).
    sharding_chain: bool = False

    # CALL: templates writing each argument once, used when one the replacement writes twice is
    # not plain (evaluated once there); every argument but the last must be plain.
    single_use: tuple[tuple[Version, str], ...] = ()

    def replacement(self, target: Version, single_use: bool = False) -> str | None:
        usable = [template for since, template in (self.single_use if single_use else self.replacements)
                  if since <= target]
        return usable[-1] if usable else None


_SHARD = "jax.experimental.shard"
_SHARD_HISTORY = "`jax.experimental.shard.{0}` was removed in jax 0.7.0 (now `jax.sharding.{0}`)"

CHANGES: tuple[ApiChange, ...] = (
    *(ApiChange("SF202", (f"{_SHARD}.{name}",), REFERENCE, _SHARD_HISTORY.format(name), (0, 7, 0),
                ((((0, 7, 0), f"<jax.sharding.{name}>"),)), import_from="jax.sharding")
      for name in ("auto_axes", "explicit_axes")),
    # Renamed in jax 0.6.1 with no alias (0.6.0: `out_shardings=None`, 0.6.1: `out_sharding=None`;
    # read in jax/_src/pjit.py at both tags), accepted at the decoration or at the decorated call.
    *(ApiChange("SF202", (f"{_SHARD}.{function}", f"jax.sharding.{function}"), KEYWORD,
                f"`{function}({old}=)` was renamed `{new}=` in jax 0.6.1 (the same meaning; the old keyword "
                "is a TypeError since)", (0, 6, 1), (((0, 6, 1), new),), keyword=old,
                returned_takes_keyword=True)
      for function, old, new in (("auto_axes", "out_shardings", "out_sharding"),
                                 ("explicit_axes", "in_shardings", "in_sharding"))),
    ApiChange("SF202", (f"{_SHARD}.reshard",), REFERENCE,
              _SHARD_HISTORY.format("reshard"), (0, 7, 0),
              (((0, 7, 0), "<jax.sharding.reshard>"), (RESHARD_ADDED, "<jax.reshard>")), import_from="jax.sharding"),
    ApiChange("SF202", (_SHARD,), MODULE,
              "the module `jax.experimental.shard` is gone (its functions moved to `jax.sharding` in jax 0.7.0; "
              "importing it fails on 0.8.2)", (0, 7, 0),
              reason="import `reshard`, `auto_axes` and `explicit_axes` from `jax.sharding` instead"),
    ApiChange("SF202", ("jax.sharding.use_mesh",), REFERENCE,
              "`jax.sharding.use_mesh` was removed in jax 0.7.1 (now `jax.set_mesh`, a context manager)",
              (0, 7, 1), (((0, 7, 1), "<jax.set_mesh>"),)),
    ApiChange("SF202", ("jax.experimental.pjit.pjit",), REFERENCE,
              "`jax.experimental.pjit.pjit` is deprecated since jax 0.8.0 (use `jax.jit`)",
              (0, 8, 0), (((0, 8, 0), "<jax.jit>"),), safe=False, max_positional=1,
              safety_note="`jax.jit` reads bare `PartitionSpec` shardings only under `jax.set_mesh`, not `with mesh:`"),
    # Keywords JAX renamed without changing their meaning: the call keeps its function.
    *(ApiChange("SF202", ("jax.experimental.pjit.pjit",), KEYWORD,
                f"`pjit({old}=)` was deleted in jax 0.4.14 (renamed `{new}=`, the same meaning)", (0, 4, 14),
                (((0, 4, 14), new),), keyword=old)
      for old, new in (("in_axis_resources", "in_shardings"), ("out_axis_resources", "out_shardings"))),
    ApiChange("SF202", ("jax.lax.with_sharding_constraint", "jax.experimental.pjit.with_sharding_constraint"),
              KEYWORD, "`with_sharding_constraint(axis_resources=)` was renamed `shardings=` in 2023 (gone by jax "
              "0.4.35)", (0, 4, 14), (((0, 4, 14), "shardings"),), keyword="axis_resources"),
    ApiChange("SF202", ("jax.experimental.pjit.with_sharding_constraint",), REFERENCE,
              "`jax.experimental.pjit.with_sharding_constraint` is gone by jax 0.4.35 (now "
              "`jax.lax.with_sharding_constraint`)", (0, 4, 35), (((0, 4, 35), "<jax.lax.with_sharding_constraint>"),)),
    # Read in jax/_src/sharding_impls.py: 0.7.0 `def set_mesh(...)` "returns the previous concrete
    # mesh"; 0.7.1 `class set_mesh`, whose constructor rejects anything but a Mesh (0.10.2: or None).
    ApiChange("SF202", ("jax.set_mesh",), RESTORE,
              "`jax.sharding.set_mesh(mesh)` returned the previous mesh until jax 0.7.0; since 0.7.1 it returns a "
              "`set_mesh` context object, which `set_mesh(previous)` rejects (ValueError)", (0, 7, 1),
              reason="put the code that needs the mesh under `with jax.set_mesh(mesh):`, which restores the "
                     "previous mesh on exit"),
    ApiChange("SF202", ("jax.core.get_aval",), REFERENCE,
              "`jax.core.get_aval` is gone from jax 0.10 (it was `jax.typeof`, the same function, in 0.9)",
              (0, 10, 0), (((0, 10, 0), "<jax.typeof>"),)),
    ApiChange("SF203", ("jax.device_put_sharded",), CALL,
              "`jax.device_put_sharded` was deprecated in jax 0.8.1 and removed in 0.10.0", (0, 8, 1),
              (((0, 8, 1), "<jax.device_put>(<jax.tree.map>(lambda *s: <jax.numpy.stack>(s), *{0}), "
                           "<jax.sharding.NamedSharding>(<jax.sharding.Mesh>({1}, ({q}d{q},)), "
                           "<jax.sharding.PartitionSpec>({q}d{q})))"),)),
    ApiChange("SF203", ("jax.device_put_replicated",), CALL,
              "`jax.device_put_replicated` was deprecated in jax 0.8.1 and removed in 0.10.0", (0, 8, 1),
              (((0, 8, 1), "<jax.device_put>(<jax.tree.map>(lambda s: <jax.numpy.stack>([s] * len({1})), {0}), "
                           "<jax.sharding.NamedSharding>(<jax.sharding.Mesh>({1}, ({q}d{q},)), "
                           "<jax.sharding.PartitionSpec>({q}d{q})))"),),
              # `devices` built by a call (`list(d.flat)`): the sharding is a default argument,
              # evaluated once (before the values, so those must be plain).
              single_use=(((0, 8, 1), "<jax.tree.map>(lambda s, sharding=<jax.sharding.NamedSharding>("
                                      "<jax.sharding.Mesh>({1}, ({q}d{q},)), <jax.sharding.PartitionSpec>({q}d{q})): "
                                      "<jax.device_put>(<jax.numpy.stack>([s] * sharding.mesh.size), sharding), {0})"),)),
    ApiChange("SF204", ("jax.sharding.PositionalSharding",), REFERENCE,
              "`jax.sharding.PositionalSharding` was deprecated in jax 0.6.0 and removed in 0.7.0", (0, 7, 0),
              reason="rewrite as `NamedSharding(Mesh(np.array(devices).reshape(shape), names), P(*names))` "
                     "(`.replicate()` is `NamedSharding(mesh, P())`) by hand: only `PositionalSharding(devices)` "
                     "`[.reshape(a, b)][.replicate(axis)]` of a known rank, with no attribute read on the result, "
                     "in a module importing numpy, is rewritten", sharding_chain=True),
    ApiChange("SF204", ("jax.sharding.PositionalSharding",), METHOD,
              "a method or attribute of a `PositionalSharding` (the class was removed in jax 0.7.0)", (0, 7, 0),
              reason="rewrite with the `NamedSharding` that replaces the object: `.replicate()` is "
                     "`NamedSharding(mesh, P())`, `.reshape(...)` is a mesh of that device grid",
              chained=("reshape", "replicate", "transpose")),
    ApiChange("SF205", ("jax.typeof", "jax.core.get_aval"), ATTRIBUTE,
              "the `vma` attribute of JAX types was removed in jax 0.10.0 (now `.manual_axis_type.varying`)",
              (0, 10, 0), (((0, 10, 0), "manual_axis_type.varying"),), keyword="vma"),
    ApiChange("SF205", ("jax.ShapeDtypeStruct",), KEYWORD,
              "`ShapeDtypeStruct(vma=)` was removed in jax 0.10.0", (0, 10, 0),
              # JAX's CHANGELOG (0.10.0): `vma` became `manual_axis_type`, whose `.varying` is what
              # `vma` was; the old keyword never set reduced or unreduced axes.
              (((0, 10, 0), "manual_axis_type=<jax.sharding.ManualAxisType>(varying={0})"),), keyword="vma"),
    ApiChange("SF206", ("jax.sharding.Mesh", "jax.make_mesh"), WITH,
              "`with mesh:` is deprecated since jax 0.10.1 (use `with jax.set_mesh(mesh):`)", (0, 10, 1),
              (((0, 10, 1), "<jax.set_mesh>({0})"),), safe=False,
              safety_note="under `jax.set_mesh`, `jax.jit` checks committed inputs against bare `PartitionSpec` "
                          "shardings that `with mesh:` ignored"),
    ApiChange("SF207", ("jax.make_mesh",), MISSING_KEYWORD,
              "`jax.make_mesh` makes Explicit axes by default since jax 0.9.0 (Auto before)", (0, 9, 0),
              (((0, 9, 0), "axis_types=(<jax.sharding.AxisType>.Auto,) * {n}"),), keyword="axis_types",
              evidence_before=(0, 9, 0)),
)


# When public names JAX removed disappeared (a deprecated name that still works proves nothing
# about the version code was written for: code for a later JAX may use it too).
REMOVED: dict[str, Version] = {
    f"{_SHARD}": (0, 8, 0),  # the module: gone by 0.8.2 (read), its names since 0.7.0
    f"{_SHARD}.reshard": (0, 7, 0),
    f"{_SHARD}.auto_axes": (0, 7, 0),
    f"{_SHARD}.explicit_axes": (0, 7, 0),
    "jax.sharding.use_mesh": (0, 7, 1),
    "jax.sharding.PositionalSharding": (0, 7, 0),
    # Gone from jax.lax in 0.8.2; its private spelling (jax._src.lax.parallel) still exists and
    # proves nothing: evidence is read only from public spellings. (preduced and
    # all_gather_reduced would prove it too, but reduced values need Explicit axes on 0.10.2.)
    "jax.lax.all_gather_invariant": (0, 8, 2),
    "jax.device_put_sharded": (0, 10, 0),
    "jax.device_put_replicated": (0, 10, 0),
    "jax.lax.pvary": (0, 10, 0),
}


# Reduced and unreduced values exist only on Explicit axes (0.10.2: "reduced in out_specs ... can
# only be used when the mesh passed to shard_map contains axis names all of type `Explicit`"): a
# module using them must not get Auto axes from SF207.
EXPLICIT_ONLY_APIS = frozenset({"jax.lax.preduced", "jax._src.lax.parallel.preduced", "jax.lax.all_gather_reduced",
                                "jax._src.lax.parallel.all_gather_reduced"})
EXPLICIT_ONLY_KEYWORDS = frozenset({"reduced", "unreduced"})  # P(..., reduced=), pcast/all_gather(to='reduced')


def old_names_until(version: Version) -> frozenset[str]:
    """Canonical names of public APIs JAX removed before `version`: a module using one was
    written for a JAX older than `version`."""
    return frozenset(name for name, removed in REMOVED.items() if removed <= version)


def removed_names(target: Version) -> frozenset[str]:
    """Canonical names the target JAX removed or deprecated (from this table)."""
    return frozenset(old for change in CHANGES if change.form in (REFERENCE, CALL, MODULE) and target >= change.reported_from
                     for old in change.old)


def apis_of(code: str) -> frozenset[str]:
    """The canonical names a module must reference for rule `code` to have anything to say."""
    return frozenset(old for change in CHANGES if change.code == code for old in change.old)


# Spellings of docs/migrations.md that no record above reports, each with the reason (a test
# checks that every row of that page is a record, an SF201 migration, or here).
NOT_MIGRATED: dict[str, str] = {
    "jax.sharding.set_mesh": "a plain call `jax.sharding.set_mesh(mesh)` still sets the mesh globally on 0.10.2 "
                             "(checked on 0.6.2, 0.8.2, 0.10.2); only its return value changed (the previous mesh "
                             "before 0.7.1): a restore with it, `set_mesh(previous)`, is reported (SF202)",
    "jax.sharding.reshard": "still in jax 0.10.2: the same function as `jax.reshard`",
    ".aval.vma": "`x.aval.vma` is read on a JAX type only when `x` is a JAX value, which the analysis cannot "
                 "prove in general: never reported (`jax.typeof(x).vma` and `jax.core.get_aval(x).vma` are)",
}

