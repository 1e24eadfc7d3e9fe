import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

CANDIDATES = [P("i", None, reduced={"j"}), P(None, None, reduced={"i", "j"})]
KEYS = {"ok": P("i", None, reduced={"j"}), "bad": P("j", None, reduced={"i"})}


def try_layouts(mesh, x, extra):
    x = jax.device_put(x, NamedSharding(mesh, P(("i", "j"), None)))
    CANDIDATES.extend(extra)
    results = []
    with jax.set_mesh(mesh):
        for spec in CANDIDATES:
            results.append(top_level_all_gather(x, spec))
    return results


def skip_bad(mesh, x):
    x = jax.device_put(x, NamedSharding(mesh, P(("i", "j"), None)))
    layouts = [P("i", None, reduced={"j"}), P("j", None, reduced={"i"})]
    results = []
    with jax.set_mesh(mesh):
        for spec in layouts:
            if spec == P("j", None, reduced={"i"}):
                continue
            results.append(top_level_all_gather(x, spec))
        for name in ("ok", "bad"):
            if name == "bad":
                break
            results.append(top_level_all_gather(x, KEYS[name]))
    return results


def run(mesh, x):
    return try_layouts(mesh, x, [P(None, None, reduced={"i", "j"})]), skip_bad(mesh, x)
