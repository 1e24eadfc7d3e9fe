"""SwAV prototype export: parameters are placed by logical axis rules and written out per entry
of an export table."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

RULES = {"prototypes": "proto", "embed": None, "batch": "dp"}
LOGICAL = {"prototypes": ("prototypes", "embed"), "projector": ("embed", "embed")}
EXPORT = {
    "projector": P(None, None),
    "prototypes": P(None, None, reduced={"proto"}),
}


def logical_to_mesh(names):
    return P(*(RULES[n] for n in names))


def place(params, mesh):
    specs = {k: logical_to_mesh(v) for k, v in LOGICAL.items()}
    return jax.tree.map(lambda x, s: jax.device_put(x, NamedSharding(mesh, s)), params, specs,
                        is_leaf=lambda x: isinstance(x, P))


def export(params):
    out = {}
    for name, value in params.items():
        out[name] = top_level_all_gather(value, EXPORT[name])
    return out


def inputs():
    rng = np.random.default_rng(43)
    return ({"prototypes": rng.normal(size=(32, 8)).astype(np.float32),
             "projector": rng.normal(size=(8, 8)).astype(np.float32)},)


def main(params):
    mesh = jax.make_mesh((4, 2), ("dp", "proto"))
    placed = place(params, mesh)
    with jax.set_mesh(mesh):
        return export(placed)


if __name__ == "__main__":
    main(*inputs())
