"""SF104's documentation (ruledocs.py renders it) and the JAX error texts its findings quote."""
from __future__ import annotations

from codemods.model import RuleDoc


PREFIX_ERROR = ("top_level_all_gather maintains `top_level_all_gather(x, ...) == x` property ... Please change "
                "your out_spec of array dimension {dim} so that it's a prefix of in_spec")
REPLICATION_ERROR = "out_specs which require replication which can't be statically inferred"
EXTRA_REDUCED_ERROR = "out_specs passed to shard_map should be equal to the reduced present on the out_aval"
MESH_ERROR = "top_level_all_gather works when all mesh axes of context mesh are explicit"
UNSHARDED_ERROR = "top_level_all_gather doesn't allow input ... to be unsharded on dimension {dim} when out_spec"
MULTI_DIM_ERROR = "multiple dimensions cannot be all_gathered since multi_dim=False passed to `top_level_all_gather`"


DOC = RuleDoc(
    what="Finds `top_level_all_gather(x, out)` calls that JAX rejects, where the code shows x's "
         "sharding (`jax.device_put`, `jax.reshard`, a `jax.jit(..., out_shardings=...)` or "
         "`shard_map` result, with the spec written in place or read from a constant table, a class "
         "attribute, a str Enum, a helper's or a static jit argument, a helper mapping logical names "
         "through a rule table (`P(*(RULES[n] for n in names))`), a sliced axis tuple, or a leaf of a"
         " params tree placed by `jax.tree.map`, a comprehension or a loop over a specs table; a "
         "parameter of a module function or method is what every call of it passes (when the calls "
         "disagree, the first call it fails for is reported, without a fix); in a loop over the keys "
         "of spec tables or over a list of specs, the first key or item that fails is reported, "
         "without a fix): an out spec that is not a prefix of x's spec on the dimension it gathers, or "
         "that shards a dimension x is unsharded on; a"
         " prefix of a tuple of 3 or more axes (JAX gathers the last `len(out)` axes, not the rest); "
         "gathered axes missing from `reduced={...}`; a call in a script that never sets a context mesh,"
         " or that the module reaches only outside `with jax.set_mesh(...)` (a helper called after the "
         "block; whatever the input), or after the block of a function that builds its own mesh, on an "
         "array placed on it, when nothing imported beyond the standard library, NumPy, JAX and "
         "command-line runners could set one (`jax.set_mesh(m)` as a statement sets it for good).",
    follows=(
        "Specs may be returned by a function, a method or a property of a config object "
        "(`layout.activations()`, `GRID.tiles`) or be the fields of a NamedTuple (`LAYOUTS.train`), axis "
        "tuples be built by a comprehension (`tuple(a.value for a in Axis)`), and inputs be the results "
        "of a jitted def a builder returns (`update = build_update(mesh)`), items of a placed tree or a "
        "loader's batch handed to a helper that only reads them, or the batches a `for` loop or "
        "`next(iter(loader))` takes from a loader's generator "
        "(`jax.make_array_from_process_local_data(self.sharding, ...)`, the sharding stored by "
        "`__init__`).",
        "An input may be reassigned in loops and branches (every assignment that may reach the call "
        "agreeing), built like placed params (`jax.tree.map(jnp.zeros_like, params)`, `x * 2`), or "
        "unpacked from a helper's tuple or a `jax.jit(..., out_shardings=(S1, S2))` result.",
        "An item or field of a loader's batch (`batch['y']`, `batch.labels` of a NamedTuple or dataclass,"
        " also under `enumerate(loader)`), of what a method of a constructed object returns "
        "(`Restorer(mesh, LAYOUT).restore(x)`), or a leaf of nested spec tables "
        "(`placed['enc']['kernel']`).",
        "Arithmetic of arrays laid out alike and elementwise functions (`jnp.tanh(x)`, `jax.nn.relu(x)`) "
        "keep the layout, as do `jax.block_until_ready(x)` and `jax.device_put(y, x.sharding)`.",
        "Arrays built with `out_sharding=` (`jnp.zeros`, `jnp.einsum`, `jax.random.normal`, ...) have it.",
        "Reduced axes may be written `set(AXES[1:])` or `{*AXES}`, and specs `P(*AXES)` of a tuple, a "
        "class attribute or a NamedTuple instance.",
        "Assignments unpacked in loops (`pos, vel = step(pos, vel)`), items of a jitted function's "
        "`out_shardings` table, a placed tree handed to a module helper that only reads it, and "
        "comprehensions over keys (`{k: gather(batch[k], SPECS[k]) for k in KEYS}`) like `for` loops.",
        "`out_shardings` built by a comprehension (`tuple(NamedSharding(mesh, s) for s in LAYOUT)`) or "
        "from items of a spec tuple (`LAYOUT[0]`), and `jax.tree.map(..., is_leaf=lambda x: isinstance(x,"
        " P))`.",
        "Axis names may be read where the code does not give their value (`os.environ.get(...)`, a "
        "command-line option, a parameter of an entry function nothing calls, a config field): the "
        "finding then holds for any value they take, and a fix spells them by name.",
        "Specs may sit in dataclass `field(default=...)` or `field(default_factory=lambda: P(...))` "
        "defaults, and inputs come from a generator method of a constructed object or a tree unpacked "
        "from a helper's tuple (`new, state = step(params, grads, state)`).",
        "Each leaf keeps its own sharding along a path of items and fields (`opt['mu']['enc']['w']`, "
        "`state.particles`, `getattr(state, name)`) through dicts, comprehensions, NamedTuple and "
        "dataclass constructions, `_replace`, `jax.tree.map` over several trees and helpers that rebind "
        "their parameters.", "A helper reading its input by a parameter key is read per call.",
        "Loops go through `enumerate`, `zip`, `iter` and `itertools.islice`; a loop over a table's items "
        "skips the keys a guard (`if target is None: continue`) skips, and unpacks a constant table's tuples"
        " (`for name, (_, shape, spec) in PARAMS.items()`) when each has as many entries.",
        "A property is read on each receiver.",
        "Specs may be built by a helper from a JSON or TOML config list or an argparse option parsed"
        " from a list the code writes (`P(*entries)` with `null` for None, "
        "`P(tuple(args.axes.split(',')), None)`), or be `TABLE.get(key, default)`.",
        "A helper called in a loop over known keys (`for route in ROUTES: respond(x, route)`) is read per"
        " key.",
        "Inputs may come from a closure a builder returns that calls `jax.jit(f, out_shardings=S)`, or "
        "from `jax.tree.map` over a specs tree whose leaves are all one spec.",
        "A module's own contextmanager entering a `Mesh` it is given (`with mesh: yield`) sets no context"
        " mesh.",
        "A namespace or mesh every call passes reaches a spec built in the function it is passed to "
        "(`load(mesh, parse_args([]))`, `P(tuple(mesh.axis_names), None)`).",
        "Tables may be keyed by `str` Enum members or by a table of members (`LAYOUT[PLAN[name]]`).",
        "`reduced=set(names)` and `{*names}` are read.",
        "A dict a loop fills over known keys (`cache[name] = ...`) holds each stored item, also through "
        "`main(*inputs())`.",
        "A `@property` may build the spec from the object's fields.",
        "A jit `__init__` stores once on the object (`engine.run(x)`) and what a callable object's "
        "`__call__` returns.",
        "A `@property` returning `NamedSharding(self.mesh, P(*self.axes))` and specs indexing a field "
        "tuple (`P(self.axes[1], None)`).",
        "A NamedTuple built by a starred generator over `zip(state, SPECS)` or over a spec record, and a "
        "field of a jit's record result (`init(x).counts`).",
        "Gathers in a comprehension over `zip(params, LAYOUT)` consumed at once, position by position.",
        "A plain `Enum` member held in a local, and loops or comprehensions over an Enum class "
        "(member-keyed tables and trees).",
        "Spec tables built by a dict comprehension over a literal.",
        "A loop's batch handed with its key to a helper.",
        "The values an object's methods append to the list its `__iter__` yields from.",
        "An input reassigned in `for _ in range(N)` (N > 0, no `break`).",
        "`reduced=frozenset(...)`.",
        "A gather called through `partial(top_level_all_gather, out_sharding=S)` (a name, or a table of "
        "them picked by a loop key) and `jax.tree.map(top_level_all_gather, tree, SPECS)` leaf by leaf "
        "over a spec record.",
        "A parameter its helper rebinds in a loop (`for _ in range(steps): y = y - dt * k * y`) with host"
        " numbers (`BETAS[t]` of a 1-D NumPy schedule, an argparse float).",
        "`reduced=` as a set difference, union or intersection.",
        "Fields of objects held in fields (`self.layout.dense`, `cfg.layout.checkpoint` of a "
        "`default_factory` dataclass, a keyword-built `ConfigDict(dict)`).",
        "A table keyed by a stored field (`self.formats[self.fmt]`).",
        "`getattr(EXPORT, field)` and `LAYOUTS[k][1]`.",
        "A dict filled over `D.items()`.",
        "A specs tree built by a comprehension of a logical-name helper.",
        "A method's loop over the table its one caller hands it.",
        "Spec helpers on item or attribute configs a caller hands over.",
        "A module class whose `__enter__` enters `jax.set_mesh(...)` by hand (kept in a field, or on an "
        "ExitStack it holds) and whose `__exit__` leaves it first sets the mesh only inside its `with "
        "obj:` blocks.",
        "`jax.set_mesh(m) if opt else contextlib.nullcontext()` (a `with` item, or what a method entered "
        "as `with self._context():` returns) sets none where the option certainly picks `nullcontext` (a "
        "module flag, or a frozen option every construction leaves false).",
        "Slices that take every split dimension whole (`x[:, ::-1]`, `x[:, 2:5]`).",
        "A jit kept in a local name (`step = jax.jit(f, static_argnums=2)`) whose traced arguments are "
        "arrays of known layout.",
        "An input read inside the loop that rebinds it, every turn agreeing with the value it came in "
        "with.",
        "A NamedTuple placed by `jax.tree.map` over a record of specs, gathered in a generator over "
        "`zip(state, SPECS)`.",
        "Spec helpers returning early under a test of a constant argument (`if kind == \"train\": return "
        "P(...)`).",
        "Loops over the keys of a JSON config, each spec read with the round's key and item.",
        "A legacy `with mesh:` of a parameter every call hands a Mesh, or of a field `__init__` stores from one.",
        "A loop round skipped by `if name == \"seeds\": continue` (or `!=`) of a key bound to a string.",
        "A lambda bound to a local name and called by it (`write = lambda a: gather(a, spec)`, `write(x)`).",
        "`for batch in loader` of a parameter; an item of a plan parameter as a key (`TRAIN[plan[name]]`).",
        "Spec helpers in a method of a script on a parsed namespace `__init__` stored (`save_spec(self.args)`).",
        "Dicts in fields of a jit's record result (`for k, v in state.params.items()`) no code changes.",
        "A script is also run as Python runs it from its `if __name__ == \"__main__\":` block (its functions, "
        "classes, dataclasses, NamedTuples, Enums and dict subclasses, comprehensions, generators run where they "
        "are consumed, argparse options parsed from a written list, `jax.tree.map`, `jax.jit` with or without "
        "`out_shardings`, `shard_map` results laid out by `out_specs`): the first gather JAX rejects on the way "
        "is reported, without a fix; anything the run does not model leaves it silent.",
    ),
    why="`top_level_all_gather` keeps `top_level_all_gather(x, ...) == x`. JAX raises \"Please change your "
        "out_spec of array dimension 0 so that it's a prefix of in_spec\" for a non-prefix; \"" + MULTI_DIM_ERROR +
        "\" for an out spec that changes two dimensions (a valid first one, then any other) without "
        "`multi_dim=True`; an out spec that "
        "does not list the gathered axes as reduced fails with \"out_specs which require replication which "
        "can't be statically inferred\"; a prefix of a tuple of 3 or more axes (`P(('a', 'b'))` of an "
        "input split over `('a', 'b', 'c')`) fails with \"pvary cannot accept args which are reduced\" or "
        "\"out_specs passed to shard_map should be equal to the reduced present on the out_aval\" (JAX gathers "
        "the last axes); and without `jax.set_mesh(mesh)` (Explicit axes) it fails with \"" +
        MESH_ERROR + "\".",
    example="x = jax.device_put(x, NamedSharding(mesh, P(('a', 'b'))))\n"
            "y = top_level_all_gather(x, P('b'))",
    use_instead="x = jax.device_put(x, NamedSharding(mesh, P(('a', 'b'))))\n"
                "y = jax.reshard(top_level_all_gather(x, P(None, reduced={'a', 'b'})), P('b'))\n"
                "# or simply: y = jax.reshard(x, P('b'))",
    fix_safety="Safe: the rewritten call gathers the whole dimension (every gathered axis marked reduced) and "
               "`jax.reshard` lays the result out as the author asked, so values and gradients equal `x`'s, "
               "which is what the original promised. A valid prefix gets the missing `reduced=` axes, and its "
               "result is resharded to the spec as written: left typed reduced, combining it with a replicated "
               "array (e.g. `y * jnp.arange(n)`) would fail. The "
               "fix never narrows to a \"longest valid prefix\": for 3 or more axes JAX gathers the wrong ones. "
               "NamedSharding wrappers and the other dimensions are kept as written. The missing context mesh "
               "is reported without a fix.",
    versions="top_level_all_gather: jax >= 0.9.2 (private, `jax._src.shard_map`); jax.reshard: jax >= 0.8.2.",
)
